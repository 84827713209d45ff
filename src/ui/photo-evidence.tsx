import { Box, chakra, Flex, Text } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';
import type { Attachment } from '@contract/incidents';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { formatDateTime } from '@/lib/time';

/**
 * The evidence of one photo (issue #19), for the journal, the Lampiran Media and the print view: its capture time
 * from EXIF (or 'tiada'), the device's time of taking or choosing it, the uploader, the SHA-256 (short, the full value
 * in the title; printed in full), and a clear warning when its stored bytes no longer match that hash.
 */
export type PhotoEvidenceOf = Pick<Attachment, 'sha256' | 'capturedAt' | 'capturedAtSource' | 'deviceTime' | 'uploadedBy' | 'tampered'>;

/** The first 12 hex digits and an ellipsis. */
export const shortHash = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash);

/** EXIF wall time 'YYYY-MM-DDTHH:MM:SS[±hh:mm]' as 'DD-MM-YYYY HH:MM:SS' (+ ' (UTC+08:00)'); as given when not in that form. */
export function exifTimeText(capturedAt: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})?$/.exec(capturedAt);
  if (!m) return capturedAt;
  return `${m[3]}-${m[2]}-${m[1]} ${m[4]}${m[5] ? ` (UTC${m[5]})` : ''}`;
}

function Line({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Text fontSize="2xs" lineHeight="short" color="fg.muted" wordBreak="break-word" data-testid={testId}>
      {label}:{' '}
      <Text as="span" color="fg" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
    </Text>
  );
}

export function PhotoEvidence({ a, testId = 'photo-evidence' }: { a: PhotoEvidenceOf; testId?: string }) {
  const t = useT();
  return (
    <Box data-testid={testId} data-tampered={a.tampered ? 'true' : 'false'}>
      {a.tampered && <TamperedWarning />}
      <Line label={t('journal.evidence.captured')} testId="photo-captured">
        {a.capturedAt ? exifTimeText(a.capturedAt) : t('journal.evidence.none')}
        {a.capturedAt && a.capturedAtSource === 'device' ? ` (${t('journal.evidence.fromDevice')})` : ''}
      </Line>
      <Line label={t('journal.evidence.deviceTime')} testId="photo-device-time">
        {a.deviceTime ? formatDateTime(a.deviceTime) : t('journal.evidence.none')}
      </Line>
      <Line label={t('journal.evidence.uploader')} testId="photo-uploader">
        {a.uploadedBy.displayName} ({a.uploadedBy.roleName})
      </Line>
      <Line label={t('journal.evidence.sha256')} testId="photo-sha256">
        <chakra.span
          fontFamily="mono"
          title={t('journal.evidence.sha256Full', { hash: a.sha256 })}
          data-sha256={a.sha256}
          _print={{ display: 'none' }}
        >
          {shortHash(a.sha256)}
        </chakra.span>
        <chakra.span fontFamily="mono" display="none" _print={{ display: 'inline' }}>
          {a.sha256}
        </chakra.span>
      </Line>
    </Box>
  );
}

/** 'Foto telah diubah': the stored bytes no longer match the hash taken at upload. */
export function TamperedWarning({ long = false }: { long?: boolean }) {
  const t = useT();
  return (
    <Flex
      role="alert"
      align="flex-start"
      gap="1"
      my="1"
      px="1.5"
      py="1"
      rounded="sm"
      bg="red.subtle"
      borderWidth="1px"
      borderColor="red.300"
      color="red.fg"
      fontSize="xs"
      fontWeight="semibold"
      data-testid="photo-tampered"
    >
      <Box as="span" mt="0.5" flexShrink={0}>
        <LuShieldAlert />
      </Box>
      <span>{long ? t('journal.evidence.tamperedText') : t('journal.evidence.tampered')}</span>
    </Flex>
  );
}
