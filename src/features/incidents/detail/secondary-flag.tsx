/**
 * The secondary-crash flag of a case (issue #17: a secondary crash is "flagged on both cases"; definition in
 * contract/reports-rules.ts). On a secondary: 'Kemalangan sekunder' with its primary case; on a primary: 'Menyebabkan
 * kemalangan sekunder' with its secondary cases; each with the minutes after and the km upstream. Read from the server
 * only when online, and an extra: nothing shows while it loads, when it fails or when the case is in no pair.
 */
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { Badge, Box, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { REPORT_PATHS, SECONDARY_DISTANCE_KM, SECONDARY_WINDOW_MINUTES } from '@contract/reports-rules';
import type { CaseRef, CaseSecondary, SecondaryPair } from '@contract/reports';
import { apiGet } from '@/lib/api';
import { closeCaseDialog } from '@/lib/case-dialog';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { useOnline } from '@/lib/use-online';

/** keyed by the case's version too: a save (a new time, KM or direction) reads the flag again */
export const secondaryKey = (id: number, version: number) => ['incident', 'secondary', id, version] as const;

export function useCaseSecondary(incidentId: number, version: number) {
  const online = useOnline();
  return useQuery({
    queryKey: secondaryKey(incidentId, version),
    queryFn: () => apiGet<CaseSecondary>(REPORT_PATHS.incidentSecondaryCase(incidentId)),
    enabled: online,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

const number = (n: number) => String(Math.round(n * 10) / 10);

export function SecondaryCrashFlag({ incidentId, version }: { incidentId: number; version: number }) {
  const t = useT();
  const { data } = useCaseSecondary(incidentId, version);
  if (!data || (!data.asSecondary.length && !data.asPrimary.length)) return null;
  const hint = t('incident.secondary.hint', { minutes: SECONDARY_WINDOW_MINUTES, km: SECONDARY_DISTANCE_KM });
  const gap = (p: SecondaryPair) => t('incident.secondary.gap', { minutes: number(p.minutesAfter), km: number(p.kmUpstream) });
  return (
    <Flex direction="column" gap="1.5" mt="2">
      {data.asSecondary.length > 0 && (
        <FlagRow side="secondary" label={t('incident.secondary.asSecondary')} lead={t('incident.secondary.primaryCase')} hint={hint}>
          {data.asSecondary.map((p) => (
            <CaseLink key={p.primary.id} ref_={p.primary} gap={gap(p)} />
          ))}
        </FlagRow>
      )}
      {data.asPrimary.length > 0 && (
        <FlagRow side="primary" label={t('incident.secondary.asPrimary')} lead={t('incident.secondary.secondaryCases')} hint={hint}>
          {data.asPrimary.map((p) => (
            <CaseLink key={p.secondary.id} ref_={p.secondary} gap={gap(p)} />
          ))}
        </FlagRow>
      )}
    </Flex>
  );
}

function FlagRow({
  side,
  label,
  lead,
  hint,
  children,
}: {
  side: 'secondary' | 'primary';
  label: string;
  lead: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <HStack
      gap="2"
      wrap="wrap"
      align="center"
      bg="purple.subtle"
      borderWidth="1px"
      borderColor="purple.emphasized"
      rounded="md"
      px="2"
      py="1"
      fontSize="sm"
      alignSelf="flex-start"
      title={hint}
      data-testid="case-secondary-flag"
      data-role={side}
    >
      <Badge colorPalette="purple" variant="solid" size="md" gap="1">
        <LuTriangleAlert aria-hidden />
        {label}
      </Badge>
      <Text color="fg.muted">{lead}:</Text>
      {children}
    </HStack>
  );
}

function CaseLink({ ref_: c, gap }: { ref_: CaseRef; gap: string }) {
  return (
    <Box as="span" whiteSpace="nowrap">
      <Link asChild color="brand.fg" fontFamily="mono" fontWeight="semibold" onClick={() => closeCaseDialog()}>
        <RouterLink to="/insidenView/$insidenId" params={{ insidenId: String(c.id) }} data-testid="case-secondary-link" data-incident-id={c.id}>
          {c.ticketNumber}
        </RouterLink>
      </Link>
      <Text as="span" ms="1.5" color="fg.muted" fontVariantNumeric="tabular-nums">
        ({gap})
      </Text>
    </Box>
  );
}
