/**
 * One item of the tablet's checklist (issue #16), made for a gloved finger in a vehicle: every control at least
 * 48 px. A measured item has − / + steppers, the quantity typed directly and 'Cukup' (the expected quantity in one
 * tap); an item that is not measured has 'Ada' / 'Tiada'; both have the 'Rosak' toggle. An item found short or
 * damaged is marked red and asks for a photo (the tablet's camera; prepared like the journal's photos: a JPEG of at
 * most 900 px). Test ids are keyed by the master item's id: cl-item-{id}, cl-item-{id}-ok|none|minus|plus|qty|
 * damaged|photo (the file input)|photo-button|photo-thumb.
 */
import { useRef, useState } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { LuCamera, LuCheck, LuMinus, LuPlus, LuTriangleAlert, LuWrench, LuX } from 'react-icons/lu';
import { isDefect, type ItemStatus } from '@contract/checklist-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import { NotAnImageError, prepareImage } from '@/lib/image';
import { notify } from '@/ui/toaster';
import { LocalPhoto } from './checklist-photos';
import { markEnough, markNone, statusOf, stepQuantity, toggleDamaged, typeQuantity, type ItemEntry, type ItemSpec } from './checklist-rules';

export const STATUS_PALETTE: Record<ItemStatus, string> = { OK: 'green', SHORT: 'orange', DAMAGED: 'red' };

export function StatusBadge({ status, testId }: { status: ItemStatus | null; testId?: string }) {
  const t = useT();
  return (
    <Badge
      size="md"
      variant={status && status !== 'OK' ? 'solid' : 'subtle'}
      colorPalette={status ? STATUS_PALETTE[status] : 'gray'}
      data-testid={testId}
      data-status={status ?? ''}
    >
      {status === 'OK' ? <LuCheck /> : status ? <LuTriangleAlert /> : null}
      {t(status ? `cl.status.${status}` : 'cl.status.none')}
    </Badge>
  );
}

const TOUCH = { minH: '12', minW: '12' } as const;

export function ChecklistItemCard({
  spec,
  entry,
  disabled,
  onChange,
}: {
  spec: ItemSpec;
  entry: ItemEntry;
  disabled?: boolean;
  onChange: (next: ItemEntry) => void;
}) {
  const t = useT();
  const id = spec.masterId;
  const status = statusOf(spec, entry);
  const defect = isDefect(status);
  const checked = entry.quantity !== null;
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);

  async function takePhoto(file: File | undefined) {
    if (!file) return;
    setPreparing(true);
    try {
      const img = await prepareImage(file);
      onChange({
        ...entry,
        photo: { name: `${spec.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'item'}-${img.name}`.slice(0, 200), blob: img.blob },
      });
    } catch (err) {
      notify.error(err instanceof NotAnImageError ? t('cl.notAnImage') : String((err as Error)?.message ?? err));
    } finally {
      setPreparing(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const accent = defect ? (status === 'DAMAGED' ? 'red.500' : 'orange.500') : checked ? 'green.500' : 'gray.300';
  return (
    <Box
      bg={defect ? (status === 'DAMAGED' ? 'red.subtle' : 'orange.subtle') : 'bg.panel'}
      borderWidth="1px"
      borderColor={defect ? accent : 'border'}
      borderLeftWidth="6px"
      borderLeftColor={accent}
      rounded="lg"
      px={{ base: '3', md: '4' }}
      py="3"
      data-testid={`cl-item-${id}`}
      data-master-id={id}
      data-checked={checked ? '1' : '0'}
      data-status={status ?? ''}
      data-defect={defect ? '1' : '0'}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Box flex="1 1 200px" minW="0">
          <Text fontWeight="semibold" fontSize="lg" lineHeight="short">
            {spec.name}
          </Text>
          <HStack gap="2" mt="1" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {t('cl.expected', { n: spec.expected, unit: spec.unitLabel })}
            </Text>
            <StatusBadge status={status} testId={`cl-item-${id}-status`} />
          </HStack>
        </Box>

        <HStack gap="2" wrap="wrap" justify="flex-end">
          {spec.isMeasurable ? (
            <>
              <IconButton
                {...TOUCH}
                size="lg"
                variant="outline"
                bg="bg.panel"
                aria-label={t('cl.minus')}
                disabled={disabled || entry.quantity === 0}
                onClick={() => onChange(stepQuantity(spec, entry, -1))}
                data-testid={`cl-item-${id}-minus`}
              >
                <LuMinus />
              </IconButton>
              <Input
                h="12"
                w="20"
                textAlign="center"
                fontSize="xl"
                fontWeight="bold"
                bg="bg.panel"
                inputMode="numeric"
                pattern="[0-9]*"
                aria-label={t('cl.quantity', { name: spec.name })}
                placeholder="–"
                disabled={disabled}
                value={typed ?? (entry.quantity === null ? '' : String(entry.quantity))}
                onFocus={(e) => e.currentTarget.select()}
                onChange={(e) => {
                  setTyped(e.currentTarget.value);
                  onChange(typeQuantity(spec, entry, e.currentTarget.value));
                }}
                onBlur={() => setTyped(null)}
                data-testid={`cl-item-${id}-qty`}
              />
              <IconButton
                {...TOUCH}
                size="lg"
                variant="outline"
                bg="bg.panel"
                aria-label={t('cl.plus')}
                disabled={disabled}
                onClick={() => onChange(stepQuantity(spec, entry, 1))}
                data-testid={`cl-item-${id}-plus`}
              >
                <LuPlus />
              </IconButton>
              <Button
                {...TOUCH}
                size="lg"
                px="5"
                colorPalette="green"
                variant={checked && entry.quantity === spec.expected ? 'solid' : 'outline'}
                bg={checked && entry.quantity === spec.expected ? undefined : 'bg.panel'}
                disabled={disabled}
                onClick={() => onChange(markEnough(spec, entry))}
                data-testid={`cl-item-${id}-ok`}
              >
                <LuCheck /> {t('cl.enough')}
              </Button>
            </>
          ) : (
            <>
              <Button
                {...TOUCH}
                size="lg"
                px="5"
                colorPalette="green"
                variant={entry.quantity === 1 ? 'solid' : 'outline'}
                bg={entry.quantity === 1 ? undefined : 'bg.panel'}
                disabled={disabled}
                onClick={() => onChange(markEnough(spec, entry))}
                data-testid={`cl-item-${id}-ok`}
              >
                <LuCheck /> {t('cl.present')}
              </Button>
              <Button
                {...TOUCH}
                size="lg"
                px="5"
                colorPalette="orange"
                variant={entry.quantity === 0 ? 'solid' : 'outline'}
                bg={entry.quantity === 0 ? undefined : 'bg.panel'}
                disabled={disabled}
                onClick={() => onChange(markNone(entry))}
                data-testid={`cl-item-${id}-none`}
              >
                <LuX /> {t('cl.absent')}
              </Button>
            </>
          )}
          <Button
            {...TOUCH}
            size="lg"
            px="4"
            colorPalette="red"
            variant={entry.damaged ? 'solid' : 'outline'}
            bg={entry.damaged ? undefined : 'bg.panel'}
            aria-pressed={entry.damaged}
            disabled={disabled}
            onClick={() => onChange(toggleDamaged(spec, entry))}
            data-testid={`cl-item-${id}-damaged`}
          >
            <LuWrench /> {t('cl.damaged')}
          </Button>
        </HStack>
      </Flex>

      {defect && (
        <Flex
          mt="3"
          pt="3"
          borderTopWidth="1px"
          borderColor={status === 'DAMAGED' ? 'red.emphasized' : 'orange.emphasized'}
          align="center"
          gap="3"
          wrap="wrap"
        >
          {entry.photo ? (
            <LocalPhoto blob={entry.photo.blob} alt={spec.name} size="md" testId={`cl-item-${id}-photo-thumb`} />
          ) : (
            <Badge colorPalette="red" variant="solid" size="lg" data-testid={`cl-item-${id}-photo-needed`}>
              <LuCamera /> {t('cl.photoNeeded')}
            </Badge>
          )}
          <Button
            {...TOUCH}
            size="lg"
            colorPalette={entry.photo ? 'gray' : 'red'}
            variant={entry.photo ? 'outline' : 'solid'}
            bg={entry.photo ? 'bg.panel' : undefined}
            loading={preparing}
            loadingText={t('cl.photoPreparing')}
            disabled={disabled}
            onClick={() => fileRef.current?.click()}
            data-testid={`cl-item-${id}-photo-button`}
          >
            <LuCamera /> {entry.photo ? t('cl.photoRetake') : t('cl.photo')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => void takePhoto(e.currentTarget.files?.[0])}
            data-testid={`cl-item-${id}-photo`}
          />
        </Flex>
      )}
    </Box>
  );
}
