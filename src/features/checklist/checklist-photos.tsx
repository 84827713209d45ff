/**
 * Photo thumbnails of the checklist: a server photo (fetched with the bearer token, shown as an object URL) and a
 * photo still on the device (its Blob). A click opens the image full size in a new tab.
 */
import { Box, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import { LuImageOff } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import { useObjectUrl } from '@/ui/use-object-url';
import { usePhotoBlob } from './checklist-api';

const SIZE = { sm: '14', md: '20' } as const;

function Frame({ url, size, alt, testId, pending }: { url?: string; size: keyof typeof SIZE; alt: string; testId: string; pending?: boolean }) {
  const t = useT();
  const box = {
    display: 'inline-block',
    w: SIZE[size],
    h: SIZE[size],
    rounded: 'md',
    overflow: 'hidden',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg.subtle',
    flexShrink: 0,
  } as const;
  if (url) {
    return (
      <chakra.a href={url} target="_blank" rel="noopener" {...box} data-testid={testId} data-loaded="1">
        <chakra.img src={url} alt={alt} w="full" h="full" objectFit="cover" />
      </chakra.a>
    );
  }
  return (
    <Box {...box} data-testid={testId} data-loaded="0">
      <Flex align="center" justify="center" w="full" h="full" color="fg.muted" title={t('cl.photoOffline')}>
        {pending ? <Spinner size="xs" /> : <LuImageOff />}
      </Flex>
    </Box>
  );
}

export function ServerPhoto({
  photoId,
  alt,
  size = 'sm',
  testId = 'cl-photo',
}: {
  photoId: number;
  alt: string;
  size?: keyof typeof SIZE;
  testId?: string;
}) {
  const q = usePhotoBlob(photoId);
  const url = useObjectUrl(q.data);
  return <Frame url={url} size={size} alt={alt} testId={testId} pending={q.isPending} />;
}

export function LocalPhoto({
  blob,
  alt,
  size = 'sm',
  testId = 'cl-photo-local',
}: {
  blob: Blob;
  alt: string;
  size?: keyof typeof SIZE;
  testId?: string;
}) {
  const url = useObjectUrl(blob);
  return <Frame url={url} size={size} alt={alt} testId={testId} />;
}

export function NoPhoto({ text }: { text: string }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      {text}
    </Text>
  );
}
