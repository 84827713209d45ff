/**
 * What the four roster report screens share (issue #17): the caller's scope (the region it is limited to, whether it
 * sees every region), the hours-and-minutes units of the page's language, the note shown instead of the report when
 * the range cannot be asked for, and a small number cell.
 */
import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';
import type { WebUser } from '@contract/auth';
import { LuCalendarX2 } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import { useSession } from '@/lib/session';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { EmptyBlock } from '@/ui/states';
import type { HmUnits } from './roster-reports-format';

/** The caller's report scope: the region its reports are limited to (undefined: every region) and the time units. */
export function useReportScope(): { user: WebUser | undefined; scopeRegion: number | undefined; seesAll: boolean; units: HmUnits } {
  const t = useT();
  const user = useSession()?.user;
  const scopeRegion = regionScopeOf(user);
  return { user, scopeRegion, seesAll: scopeRegion === undefined, units: { h: t('rr.unit.h'), m: t('rr.unit.m') } };
}

/** Instead of the report while the range cannot be asked for (the filter bar says why). */
export function RangeInvalid({ testId }: { testId: string }) {
  const t = useT();
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg" data-testid={testId}>
      <EmptyBlock title={t('rr.rangeInvalid')} icon={<LuCalendarX2 />} />
    </Box>
  );
}

/** A figure in a table cell: tabular digits, muted when there is none. */
export function Num({ children, muted, testId }: { children: ReactNode; muted?: boolean; testId?: string }) {
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color={muted ? 'fg.muted' : undefined} data-testid={testId}>
      {children}
    </Text>
  );
}
