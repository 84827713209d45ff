import { Box, chakra, Flex, Grid, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { formatBytes, type PreparedImage } from '@/lib/image';
import { useObjectUrl } from '@/ui/use-object-url';

/** Picking and compressing images is shared (src/ui/image-picker.tsx: the field report uses it too). */
export { ImageInput, useImagePicker } from '@/ui/image-picker';

/**
 * The chosen (already compressed) images with a remove button each: a compact list (journal composer) or a preview
 * grid, three per row (the media dialog).
 */
export function ChosenImages({
  images,
  onRemove,
  disabled,
  layout = 'list',
  testId,
}: {
  images: readonly PreparedImage[];
  onRemove?: (key: string) => void;
  disabled?: boolean;
  layout?: 'list' | 'grid';
  testId?: string;
}) {
  if (!images.length) return null;
  if (layout === 'grid') {
    return (
      <Grid templateColumns="repeat(3, minmax(0, 1fr))" gap="2" data-testid={testId}>
        {images.map((img) => (
          <ChosenTile key={img.key} img={img} onRemove={onRemove} disabled={disabled} />
        ))}
      </Grid>
    );
  }
  return (
    <Stack gap="1.5" data-testid={testId}>
      {images.map((img) => (
        <ChosenRow key={img.key} img={img} onRemove={onRemove} disabled={disabled} />
      ))}
    </Stack>
  );
}

function ChosenTile({ img, onRemove, disabled }: { img: PreparedImage; onRemove?: (key: string) => void; disabled?: boolean }) {
  const t = useT();
  const url = useObjectUrl(img.blob);
  return (
    <Box data-testid="chosen-image" minW="0">
      <Box position="relative" h="140px" rounded="md" overflow="hidden" bg="bg.muted" borderWidth="1px" borderColor="border">
        {url && <chakra.img src={url} alt={img.name} w="full" h="full" objectFit="cover" />}
        {onRemove && (
          <IconButton
            position="absolute"
            top="1"
            right="1"
            size="sm"
            minW="11"
            minH="11"
            variant="subtle"
            bg="white/90"
            boxShadow="sm"
            aria-label={t('journal.removeImage', { name: img.name })}
            onClick={() => onRemove(img.key)}
            disabled={disabled}
          >
            <LuX />
          </IconButton>
        )}
      </Box>
      <Text fontSize="xs" mt="1" truncate title={img.sourceName}>
        {img.name}
      </Text>
      <Text fontSize="2xs" color="fg.muted" fontVariantNumeric="tabular-nums" truncate>
        {t('journal.imageSize', { width: img.width, height: img.height, size: formatBytes(img.blob.size) })}
      </Text>
    </Box>
  );
}

function ChosenRow({ img, onRemove, disabled }: { img: PreparedImage; onRemove?: (key: string) => void; disabled?: boolean }) {
  const t = useT();
  const url = useObjectUrl(img.blob);
  return (
    <Flex align="center" gap="2" p="1" pe="0" borderWidth="1px" borderColor="border" rounded="md" bg="bg.subtle" data-testid="chosen-image">
      <Box w="11" h="11" flexShrink={0} rounded="sm" overflow="hidden" bg="bg.emphasized">
        {url && <chakra.img src={url} alt="" w="full" h="full" objectFit="cover" />}
      </Box>
      <Box minW="0" flex="1">
        <Text fontSize="sm" truncate title={img.sourceName}>
          {img.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {t('journal.imageSize', { width: img.width, height: img.height, size: formatBytes(img.blob.size) })}
        </Text>
      </Box>
      {onRemove && (
        <IconButton
          variant="ghost"
          size="sm"
          minW="11"
          minH="11"
          aria-label={t('journal.removeImage', { name: img.name })}
          onClick={() => onRemove(img.key)}
          disabled={disabled}
        >
          <LuX />
        </IconButton>
      )}
    </Flex>
  );
}

/** The per-file refusals of the last choice ('<file>: Not an image'). */
export function PickerErrors({ errors, testId }: { errors: readonly string[]; testId?: string }) {
  if (!errors.length) return null;
  return (
    <Stack gap="0.5" data-testid={testId} role="alert">
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages can repeat and the list is replaced whole, never reordered
        <Text key={i} fontSize="sm" color="red.fg">
          {e}
        </Text>
      ))}
    </Stack>
  );
}
