/**
 * /laporanmasabertugas — Laporan Masa Bertugas (issue #17; §2.1, §7.7 PRTotalWorkDurationReport): the total work
 * duration per person or per team (the toggle, `group` in the URL): the headline figures of the period (people or
 * teams, rosters worked, planned and worked time; each against the previous period), the worked time of the top 20
 * (bars, with the previous period) and every row in a table sorted on the client. CSV of the same grouping.
 */
import { useMemo } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { LuUsers, LuUser } from 'react-icons/lu';
import { changePercent, type WorkGroup } from '@contract/reports-rules';
import type { WorkItem } from '@contract/reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import { BarChart } from '@/ui/report/lazy-charts';
import {
  CsvButton,
  HeadlineFigures,
  ReportBlock,
  ReportFilterBar,
  ReportPage,
  ReportTable,
  type Headline,
  type ReportColumn,
} from '@/ui/report/report-kit';
import { reportFilterOf } from '@/ui/report/report-search';
import { useWorkTotal, workCsv } from './roster-reports-api';
import { countText, hm, percentText, workBars } from './roster-reports-format';
import { withScope, workGroupOf, type WorkSearch } from './roster-reports-search';
import { Num, RangeInvalid, useReportScope } from './roster-report-parts';
import { CellText } from '@/ui/table-scroll';

export function WorkDurationScreen({ search, onSearchChange }: { search: WorkSearch; onSearchChange: (s: WorkSearch) => void }) {
  const t = useT();
  const { scopeRegion, units } = useReportScope();
  const group = workGroupOf(search);
  const filter = reportFilterOf(search, scopeRegion);
  const work = useWorkTotal(filter, group);
  // the answer of the grouping asked for (the previous grouping's answer is kept while the next loads)
  const data = work.data && work.data.groupBy === group ? work.data : undefined;
  const loading = work.isPending || (!data && work.isFetching);
  const byTeam = group === 'team';

  const total = data?.total;
  const prev = data?.previousTotal;
  const headline: Headline[] = [
    {
      key: 'people',
      label: t('rr.work.people'),
      value: total?.people ?? null,
      previous: prev?.people ?? null,
      unit: 'count',
      testId: 'rr-work-headline-people',
    },
    {
      key: 'rosters',
      label: t('rr.work.rosters'),
      value: total?.rosters ?? null,
      previous: prev?.rosters ?? null,
      unit: 'count',
      testId: 'rr-work-headline-rosters',
    },
    {
      key: 'planned',
      label: t('rr.work.planned'),
      value: total?.plannedMinutes ?? null,
      previous: prev?.plannedMinutes ?? null,
      unit: 'min',
      testId: 'rr-work-headline-planned',
    },
    {
      key: 'worked',
      label: t('rr.work.worked'),
      value: total?.workedMinutes ?? null,
      previous: prev?.workedMinutes ?? null,
      unit: 'min',
      testId: 'rr-work-headline-worked',
    },
  ];
  const bars = useMemo(() => workBars(data?.items ?? []), [data]);

  const columns = useMemo<ReportColumn<WorkItem>[]>(
    () => [
      {
        key: 'label',
        header: byTeam ? t('rr.work.col.team') : t('rr.work.col.name'),
        sortValue: (r) => r.label,
        cell: (r) => (
          <Box minW="0">
            <Text fontSize="sm" fontWeight="medium" data-testid="rr-work-table-label">
              {r.label}
            </Text>
            {r.code && (
              <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                {r.code}
              </Text>
            )}
          </Box>
        ),
      },
      {
        key: 'detail',
        header: byTeam ? t('rr.work.col.teamSection') : t('rr.work.col.detail'),
        sortValue: (r) => (byTeam ? r.sectionName : r.detail),
        cell: (r) =>
          byTeam ? (
            <Text fontSize="sm">{r.sectionName}</Text>
          ) : (
            <Box minW="0">
              <CellText fontSize="sm" lines={2}>
                {r.detail || '—'}
              </CellText>
              <Text fontSize="xs" color="fg.muted">
                {r.sectionName}
              </Text>
            </Box>
          ),
      },
      { key: 'rosters', header: t('rr.col.rosters'), align: 'end', sortValue: (r) => r.rosters, cell: (r) => <Num>{countText(r.rosters)}</Num> },
      {
        key: 'planned',
        header: t('rr.work.planned'),
        align: 'end',
        sortValue: (r) => r.plannedMinutes,
        cell: (r) => <Num>{hm(r.plannedMinutes, units)}</Num>,
      },
      {
        key: 'worked',
        header: t('rr.work.worked'),
        align: 'end',
        sortValue: (r) => r.workedMinutes,
        cell: (r) => (
          <Num testId="rr-work-table-worked">
            <Text as="span" fontWeight="semibold" color="brand.ink">
              {hm(r.workedMinutes, units)}
            </Text>
          </Num>
        ),
      },
      {
        key: 'previous',
        header: t('rr.work.col.previous'),
        align: 'end',
        sortValue: (r) => r.previousWorkedMinutes,
        cell: (r) => <Num muted>{hm(r.previousWorkedMinutes, units)}</Num>,
      },
      {
        key: 'change',
        header: t('rr.work.col.change'),
        align: 'end',
        sortValue: (r) => changePercent(r.workedMinutes, r.previousWorkedMinutes),
        cell: (r) => {
          const c = changePercent(r.workedMinutes, r.previousWorkedMinutes);
          return (
            <Num muted={c === null}>
              <Text as="span" color={c === null ? undefined : c < 0 ? 'red.fg' : 'green.fg'}>
                {c === null ? '—' : `${c > 0 ? '+' : ''}${percentText(c)}`}
              </Text>
            </Num>
          );
        },
      },
    ],
    [t, byTeam, units],
  );

  const setGroup = (g: WorkGroup) => onSearchChange({ ...search, group: g === 'team' ? 'team' : undefined });
  const toggle = (
    <Box>
      <Text fontSize="sm" fontWeight="medium" mb="1.5">
        {t('rr.work.group')}
      </Text>
      <HStack gap="0" borderWidth="1px" borderColor="border.emphasized" rounded="md" overflow="hidden" role="group" data-testid="rr-work-group">
        {(
          [
            ['person', t('rr.work.byPerson'), <LuUser key="i" />],
            ['team', t('rr.work.byTeam'), <LuUsers key="i" />],
          ] as const
        ).map(([g, label, icon]) => (
          <Button
            key={g}
            minH="11"
            rounded="0"
            variant={group === g ? 'solid' : 'ghost'}
            colorPalette="brand"
            onClick={() => group !== g && setGroup(g)}
            aria-pressed={group === g}
            data-testid={`rr-work-group-${g}`}
          >
            {icon} {label}
          </Button>
        ))}
      </HStack>
    </Box>
  );

  return (
    <ReportPage
      title={t('rr.work.title')}
      description={t('rr.work.description')}
      testId="rr-work-page"
      filters={
        <ReportFilterBar search={search} onChange={(next) => onSearchChange(withScope(search, next))} testIdPrefix="rr-work">
          {toggle}
        </ReportFilterBar>
      }
      actions={
        <CsvButton testId="rr-work-csv" disabled={!filter || !data?.items.length} onDownload={async () => void (await workCsv(filter!, group))} />
      }
    >
      {!filter ? (
        <RangeInvalid testId="rr-work-range-invalid-note" />
      ) : (
        <>
          <ReportBlock title={t('rr.headline')} loading={loading} error={work.error} onRetry={() => void work.refetch()} testId="rr-work-headline">
            <HeadlineFigures items={headline} previousPeriod={data?.previousPeriod} help="work" />
          </ReportBlock>
          <ReportBlock
            title={t('rr.work.chart')}
            loading={loading}
            error={work.error}
            onRetry={() => void work.refetch()}
            empty={!!data && bars.length === 0}
            emptyText={t('rr.work.empty')}
            testId="rr-work-chart-block"
          >
            <BarChart data={bars} valueLabel={t('rr.work.worked')} previousLabel={t('rr.previous')} unit="min" horizontal testId="rr-work-chart" />
          </ReportBlock>
          <ReportBlock
            title={t('rr.work.table')}
            loading={loading}
            error={work.error}
            onRetry={() => void work.refetch()}
            empty={!!data && data.items.length === 0}
            emptyText={t('rr.work.empty')}
            testId="rr-work-table-block"
          >
            <ReportTable<WorkItem>
              rows={data?.items ?? []}
              columns={columns}
              rowKey={(r) => r.id}
              testId="rr-work-table"
              minW="820px"
              totals={
                total
                  ? {
                      label: t('rr.total'),
                      rosters: countText(total.rosters),
                      planned: hm(total.plannedMinutes, units),
                      worked: hm(total.workedMinutes, units),
                      previous: prev ? hm(prev.workedMinutes, units) : '',
                    }
                  : undefined
              }
            />
          </ReportBlock>
        </>
      )}
    </ReportPage>
  );
}
