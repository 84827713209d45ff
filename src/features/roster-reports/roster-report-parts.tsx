/**
 * What the four roster report screens share (issue #17): the caller's scope (the region it is limited to, whether it
 * sees every region), the hours-and-minutes units of the page's language, the note shown instead of the report when
 * the range cannot be asked for, a small number cell and the roster columns of their tables.
 */
import { useMemo, type ReactNode } from 'react';
import { Badge, Box, Text } from '@chakra-ui/react';
import type { WebUser } from '@contract/auth';
import { LuCalendarX2 } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import { useSession } from '@/lib/session';
import { isoDateToDisplay } from '@/lib/time';
import type { AdminColumn } from '@/ui/admin/admin-list';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { EmptyBlock } from '@/ui/states';
import type { HmUnits } from './roster-reports-format';
import { shiftLabel } from '@/lib/lookups';

/** The caller's report scope: the region its reports are limited to (undefined: every region) and the time units. */
export function useReportScope(): { user: WebUser | undefined; scopeRegion: number | undefined; seesAll: boolean; units: HmUnits } {
  const t = useT();
  const user = useSession()?.user;
  const scopeRegion = regionScopeOf(user);
  const units = useMemo(() => ({ h: t('rr.unit.h'), m: t('rr.unit.m') }), [t]);
  return { user, scopeRegion, seesAll: scopeRegion === undefined, units };
}

/** Instead of the report while the range cannot be asked for (the filter bar says why). */
export function RangeInvalid({ testId }: { testId: string }) {
  const t = useT();
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" data-testid={testId}>
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

/** A roster row of a report table: its local date, section, team, shift and name. */
interface RosterRowParts {
  date: string;
  sectionName: string;
  teamName: string;
  shiftName: string;
  dutyRosterName: string;
}

/** The first three columns of a table of rosters (date, section, team with its shift and roster name), all sortable. */
export function rosterColumns<Row extends RosterRowParts>(
  t: (key: 'rr.col.date' | 'rr.col.section' | 'rr.col.team') => string,
  testIdPrefix: string,
): AdminColumn<Row>[] {
  return [
    {
      id: 'date',
      header: t('rr.col.date'),
      sortable: true,
      width: '110px',
      cell: (r) => <Num testId={`${testIdPrefix}-date`}>{isoDateToDisplay(r.date)}</Num>,
    },
    {
      id: 'sectionName',
      header: t('rr.col.section'),
      sortable: true,
      width: '90px',
      cell: (r) => (
        <Badge colorPalette="brand" variant="solid" size="sm">
          {r.sectionName}
        </Badge>
      ),
    },
    {
      id: 'teamName',
      header: t('rr.col.team'),
      sortable: true,
      cell: (r) => (
        <Box minW="0">
          <Text fontSize="sm" fontWeight="medium">
            {r.teamName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {shiftLabel(r.shiftName)} · {r.dutyRosterName}
          </Text>
        </Box>
      ),
    },
  ];
}
