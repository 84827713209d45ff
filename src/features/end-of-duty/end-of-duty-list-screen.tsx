/**
 * /dailyactivitylog — Laporan Tamat Tugas, the first entry of the Laporan menu (issue #15; §2.1, §7.7
 * laporanTamatTugasData): the end-of-duty reports of a date range, region, section and lifecycle (as the caller's
 * scope allows: the server scopes again), server-paged, with a CSV of the filtered list; a row opens the report.
 * A patrol finds its own shift's activity log at the top ('Log Aktiviti syif ini').
 */
import { useMemo } from 'react';
import { Alert, Badge, Box, Stack, Text } from '@chakra-ui/react';
import { ROSTER_LIFECYCLE } from '@contract/activity-log-rules';
import type { EndOfDutyRow } from '@contract/activity-log';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import '@/lib/i18n/parts/report-help';
import { formatClock, formatDateTimeShort, isoDateToDisplay, todayIso } from '@/lib/time';
import { useSession } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { regionScopeOf, ReportScopeFilters } from '@/ui/admin/report-scope';
import { useListedSections } from '@/lib/sections';
import { PageHeader } from '@/ui/page-header';
import { FigureHelp } from '@/ui/report/figure-help';
import { endOfDutyCsv, useEndOfDutyList } from './end-of-duty-api';
import { dateRangeOf, filterOf, minutesText, type EndOfDutySearch } from './end-of-duty-rules';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { MyShiftCard } from './my-shift-card';
import { shiftLabel } from '@/lib/lookups';

/** newest first: the server's default order of this list */
const DEFAULT_SORT = { sort: 'startDate', dir: 'desc' } as const;

export function EndOfDutyListScreen({
  search,
  onSearchChange,
  onOpen,
  onRecord,
}: {
  search: EndOfDutySearch;
  onSearchChange: (s: EndOfDutySearch) => void;
  onOpen: (rosterId: number) => void;
  onRecord: (rosterId: number) => void;
}) {
  const t = useT();
  const user = useSession()?.user;
  const today = todayIso();
  const scopeRegion = regionScopeOf(user);
  const regionId = scopeRegion ?? search.regionId;
  const range = dateRangeOf(search, today);
  const filter = filterOf(search, today, scopeRegion);
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useEndOfDutyList(filter, q);
  const sections = useListedSections(regionId);
  const set = (patch: Partial<EndOfDutySearch>) => onSearchChange({ ...search, page: 0, ...patch });
  const units = useMemo(() => ({ h: t('eod.minutes.h'), m: t('eod.minutes.m') }), [t]);

  const columns = useMemo<AdminColumn<EndOfDutyRow>[]>(
    () => [
      {
        id: 'startDate',
        header: t('eod.col.date'),
        sortable: true,
        width: '110px',
        cell: (r) => (
          <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="eod-row-date">
            {isoDateToDisplay(r.startDate)}
          </Text>
        ),
      },
      {
        id: 'sectionName',
        header: t('eod.col.section'),
        sortable: true,
        width: '90px',
        cell: (r) => (
          <Box>
            <Badge colorPalette="brand" variant="solid" size="sm">
              {r.sectionName}
            </Badge>
            <Text fontSize="xs" color="fg.muted" mt="0.5">
              {r.regionName}
            </Text>
          </Box>
        ),
      },
      {
        id: 'dutyRosterName',
        header: t('eod.col.roster'),
        sortable: true,
        cell: (r) => (
          <Box>
            <Text fontWeight="medium" data-testid="eod-row-name">
              {r.dutyRosterName}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {r.teamName}
            </Text>
          </Box>
        ),
      },
      {
        id: 'shiftName',
        header: t('eod.col.shift'),
        sortable: true,
        width: '130px',
        cell: (r) => (
          <Box>
            <Text>{shiftLabel(r.shiftName)}</Text>
            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {formatClock(r.startHour)} – {formatClock(r.endHour)}
            </Text>
          </Box>
        ),
      },
      {
        id: 'plateNumber',
        header: t('eod.col.vehicle'),
        width: '110px',
        cell: (r) => (
          <Text fontFamily="mono" fontSize="sm">
            {r.plateNumber ?? '—'}
          </Text>
        ),
      },
      {
        id: 'activityCount',
        header: t('eod.col.activities'),
        align: 'end',
        width: '80px',
        cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.activityCount}</Text>,
      },
      {
        id: 'caseCount',
        header: t('eod.col.cases'),
        align: 'end',
        width: '60px',
        cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.caseCount}</Text>,
      },
      {
        id: 'rondaCount',
        header: t('eod.col.rondas'),
        align: 'end',
        width: '70px',
        cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.rondaCount ?? '—'}</Text>,
      },
      {
        id: 'dluMinutes',
        header: t('eod.col.dluLlu'),
        width: '120px',
        cell: (r) => (
          <Text fontSize="sm" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
            {r.dluMinutes === null && r.lluMinutes === null ? '—' : `${minutesText(r.dluMinutes, units)} / ${minutesText(r.lluMinutes, units)}`}
          </Text>
        ),
      },
      {
        id: 'lifecycle',
        header: t('eod.col.status'),
        sortable: true,
        width: '140px',
        cell: (r) => <LifecycleBadge lifecycle={r.lifecycle} testId="eod-row-lifecycle" />,
      },
      {
        id: 'acknowledgedAt',
        header: t('eod.col.ack'),
        sortable: true,
        width: '210px',
        cell: (r) =>
          r.acknowledgedByName || r.approvedByName ? (
            <Stack gap="0.5" fontSize="xs">
              {r.acknowledgedByName && (
                <Text title={formatDateTimeShort(r.acknowledgedAt)}>
                  {t('eod.report.verifiedBy', { name: r.acknowledgedByName, time: formatDateTimeShort(r.acknowledgedAt) })}
                </Text>
              )}
              {r.approvedByName && (
                <Text title={formatDateTimeShort(r.approvedAt)}>
                  {t('eod.report.approvedBy', { name: r.approvedByName, time: formatDateTimeShort(r.approvedAt) })}
                </Text>
              )}
            </Stack>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              —
            </Text>
          ),
      },
    ],
    [t, units],
  );

  const toolbar = (
    <>
      <ReportScopeFilters
        range={range}
        today={today}
        regionId={search.regionId}
        sectionId={search.sectionId}
        scopeRegion={scopeRegion}
        sections={sections.data}
        texts={{
          from: t('eod.filter.from'),
          to: t('eod.filter.to'),
          region: t('eod.filter.region'),
          allRegions: t('eod.filter.allRegions'),
          section: t('eod.filter.section'),
          allSections: t('eod.filter.allSections'),
        }}
        onChange={set}
        testIdPrefix="eod"
      />
      <FilterSelect
        label={t('eod.filter.lifecycle')}
        allLabel={t('eod.filter.allLifecycles')}
        value={search.lifecycle}
        options={ROSTER_LIFECYCLE.map((l) => ({ value: l, label: t(`eod.lifecycle.${l}`) }))}
        onChange={(v) => set({ lifecycle: v })}
        testId="eod-lifecycle"
        width="170px"
      />
    </>
  );

  return (
    <Box data-testid="eod-list-screen">
      <PageHeader
        title={t('eod.title')}
        subtitle={t('eod.subtitle')}
        actions={<FigureHelp label={t('rh.list.figures')} text={t('rh.eod.figures')} testId="eod-list-help" showLabel />}
      />
      <MyShiftCard onRecord={onRecord} />
      {!filter && (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="eod-range-invalid">
          <Alert.Indicator />
          <Alert.Title>{t('eod.filter.rangeInvalid')}</Alert.Title>
        </Alert.Root>
      )}
      <AdminList<EndOfDutyRow>
        columns={columns}
        rowKey={(r) => r.pkDutyRosterId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t('eod.empty')}
        emptyHint={t('eod.emptyHint')}
        onExportCsv={filter ? () => endOfDutyCsv(filter, q) : undefined}
        toolbar={toolbar}
        onRowClick={(r) => onOpen(r.pkDutyRosterId)}
        rowTestId="eod-row"
        minW="1180px"
        testId="eod-list"
      />
    </Box>
  );
}
