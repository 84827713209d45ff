/**
 * /laporanpenggunaankenderaan — Laporan Penggunaan Kenderaan (issue #17; §2.1, §7.7 VehicleUsageReport km, hour,
 * summary, csv): the headline figures of the period (vehicles, km from the daily checklists' odometers, roster hours,
 * active hours from the positions, the share of rosters with a complete checklist; each against the previous period),
 * the km per vehicle and the active hours per vehicle (bars with the previous period, the top 20 of the server's
 * order; the empty state when every bar is 0), and every vehicle's summary in a table; a row opens the vehicle's record (/registervehicle/{id}) for a
 * user with fleetManage, else it is plain. CSV of the summary.
 */
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { LuRadio } from 'react-icons/lu';
import { can } from '@contract/roles';
import type { VehicleUsageItem } from '@contract/reports';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/roster-reports';
import '@/lib/i18n/parts/report-help';
import { userRole } from '@/lib/session';
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
import { useVehicleHour, useVehicleKm, useVehicleSummary, vehicleCsv } from './roster-reports-api';
import { countText, hoursHm, hoursToMinutes, vehicleHourBars, vehicleKmBars, vehicleRowTarget } from './roster-reports-format';
import { withScope } from './roster-reports-search';
import { Num, RangeInvalid, useReportScope } from './roster-report-parts';
import type { ReportScopeSearch } from '@/ui/report/report-search';

/** bars shown per chart (the server's order: biggest first) */
const TOP = 20;

export function VehicleUsageScreen({ search, onSearchChange }: { search: ReportScopeSearch; onSearchChange: (s: ReportScopeSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, scopeRegion, units } = useReportScope();
  const mayManage = can(userRole(user).name, 'fleetManage');
  const filter = reportFilterOf(search, scopeRegion);
  const km = useVehicleKm(filter);
  const hour = useVehicleHour(filter);
  const summary = useVehicleSummary(filter);

  const total = summary.data?.total;
  const prev = summary.data?.previousTotal;
  const hoursMin = (h: number | undefined) => (h === undefined ? null : hoursToMinutes(h));
  const headline: Headline[] = [
    {
      key: 'vehicles',
      label: t('rr.vehicle.vehicles'),
      value: total?.vehicles ?? null,
      previous: prev?.vehicles ?? null,
      unit: 'count',
      testId: 'rr-vehicle-headline-vehicles',
    },
    {
      key: 'km',
      label: t('rr.vehicle.km'),
      value: total?.km ?? null,
      previous: prev?.km ?? null,
      unit: 'km',
      completeness: total?.distanceCompleteness ?? null,
      testId: 'rr-vehicle-headline-km',
    },
    {
      key: 'rosterHours',
      label: t('rr.vehicle.rosterHours'),
      value: hoursMin(total?.rosterHours),
      previous: hoursMin(prev?.rosterHours),
      unit: 'min',
      testId: 'rr-vehicle-headline-roster-hours',
    },
    {
      key: 'activeHours',
      label: t('rr.vehicle.activeHours'),
      value: hoursMin(total?.activeHours),
      previous: hoursMin(prev?.activeHours),
      unit: 'min',
      testId: 'rr-vehicle-headline-active-hours',
    },
    {
      key: 'checklists',
      label: t('rr.vehicle.checklists'),
      value: total?.checklistCompleteness.have ?? null,
      previous: prev?.checklistCompleteness.have ?? null,
      unit: 'count',
      completeness: total?.checklistCompleteness ?? null,
      testId: 'rr-vehicle-headline-checklists',
    },
    {
      key: 'gpsKm',
      label: t('rh.label.gpsKm'),
      value: total?.gpsKm ?? null,
      previous: prev?.gpsKm ?? null,
      unit: 'km',
      testId: 'rr-vehicle-headline-gps-km',
    },
  ];
  const kmBars = useMemo(() => vehicleKmBars((km.data?.items ?? []).slice(0, TOP)), [km.data]);
  const hourBars = useMemo(() => vehicleHourBars((hour.data?.items ?? []).slice(0, TOP)), [hour.data]);

  const columns = useMemo<ReportColumn<VehicleUsageItem>[]>(
    () => [
      {
        key: 'plate',
        header: t('rr.vehicle.col.plate'),
        sortValue: (r) => r.plateNumber,
        cell: (r) => (
          <Box>
            <Text fontFamily="mono" fontWeight="semibold" data-testid="rr-vehicle-table-plate">
              {r.plateNumber}
            </Text>
            {r.callSign && (
              <HStack gap="1" fontSize="xs" color="brand.fg">
                <LuRadio /> <Text>{r.callSign}</Text>
              </HStack>
            )}
          </Box>
        ),
      },
      {
        key: 'section',
        header: t('rr.col.section'),
        sortValue: (r) => r.sectionName,
        cell: (r) => (
          <Badge colorPalette="brand" variant="solid" size="sm">
            {r.sectionName}
          </Badge>
        ),
      },
      { key: 'rosters', header: t('rr.col.rosters'), align: 'end', sortValue: (r) => r.rosters, cell: (r) => <Num>{countText(r.rosters)}</Num> },
      {
        key: 'checklists',
        header: t('rr.vehicle.col.checklists'),
        align: 'end',
        sortValue: (r) => r.checklists,
        cell: (r) => (
          <Num>
            <Text as="span" color={r.checklists < r.rosters ? 'orange.fg' : undefined}>
              {countText(r.checklists)} / {countText(r.rosters)}
            </Text>
          </Num>
        ),
      },
      {
        key: 'km',
        header: t('rr.vehicle.col.km'),
        align: 'end',
        sortValue: (r) => r.km,
        cell: (r) => (
          <Num testId="rr-vehicle-table-km">
            <Text as="span" fontWeight="semibold" color="brand.ink">
              {countText(r.km)}
            </Text>
          </Num>
        ),
      },
      {
        key: 'distanceSource',
        header: t('rh.label.source'),
        sortValue: (r) => r.distanceSource,
        cell: (r) => (
          <Badge
            colorPalette={r.distanceSource === 'none' ? 'orange' : r.distanceSource === 'odometer' ? 'gray' : 'blue'}
            variant="subtle"
            size="sm"
            data-testid="rr-vehicle-table-source"
            data-source={r.distanceSource}
            title={t('rh.source.title', {
              odometer: countText(r.odometerKm),
              checklists: countText(r.checklists),
              gps: countText(r.gpsKm),
              gpsRosters: countText(r.gpsRosters),
            })}
          >
            {t(`rh.source.${r.distanceSource}`)}
          </Badge>
        ),
      },
      {
        key: 'previousKm',
        header: t('rr.vehicle.col.previousKm'),
        align: 'end',
        sortValue: (r) => r.previousKm,
        cell: (r) => <Num muted>{countText(r.previousKm)}</Num>,
      },
      {
        key: 'rosterHours',
        header: t('rr.vehicle.col.rosterHours'),
        align: 'end',
        sortValue: (r) => r.rosterHours,
        cell: (r) => <Num>{hoursHm(r.rosterHours, units)}</Num>,
      },
      {
        key: 'activeHours',
        header: t('rr.vehicle.col.activeHours'),
        align: 'end',
        sortValue: (r) => r.activeHours,
        cell: (r) => <Num>{hoursHm(r.activeHours, units)}</Num>,
      },
    ],
    [t, units],
  );

  const open = (r: VehicleUsageItem) => {
    const target = vehicleRowTarget(r.vehicleId, mayManage);
    if (target) void navigate(target);
  };
  const empty = !!summary.data && summary.data.items.length === 0;

  return (
    <ReportPage
      title={t('rr.vehicle.title')}
      description={t('rr.vehicle.description')}
      testId="rr-vehicle-page"
      filters={<ReportFilterBar search={search} onChange={(next) => onSearchChange(withScope(search, next))} testIdPrefix="rr-vehicle" />}
      actions={
        <CsvButton
          testId="rr-vehicle-csv"
          disabled={!filter || !summary.data?.items.length}
          onDownload={async () => void (await vehicleCsv(filter!))}
        />
      }
    >
      {!filter ? (
        <RangeInvalid testId="rr-vehicle-range-invalid-note" />
      ) : (
        <>
          <ReportBlock
            title={t('rr.headline')}
            loading={summary.isPending}
            error={summary.error}
            onRetry={() => void summary.refetch()}
            testId="rr-vehicle-headline"
          >
            <HeadlineFigures items={headline} previousPeriod={summary.data?.previousPeriod} help="vehicle" />
          </ReportBlock>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <ReportBlock
              title={t('rr.vehicle.chart.km')}
              loading={km.isPending}
              error={km.error}
              onRetry={() => void km.refetch()}
              empty={!!km.data && kmBars.every((b) => !b.value)}
              emptyText={t('rr.vehicle.noKm')}
              testId="rr-vehicle-chart-km-block"
            >
              <BarChart
                data={kmBars}
                valueLabel={t('rr.vehicle.series.km')}
                previousLabel={t('rr.previous')}
                unit="km"
                horizontal
                testId="rr-vehicle-chart-km"
              />
            </ReportBlock>
            <ReportBlock
              title={t('rr.vehicle.chart.hour')}
              loading={hour.isPending}
              error={hour.error}
              onRetry={() => void hour.refetch()}
              empty={!!hour.data && hourBars.every((b) => !b.value)}
              emptyText={t('rr.vehicle.noActive')}
              testId="rr-vehicle-chart-hour-block"
            >
              <BarChart
                data={hourBars}
                valueLabel={t('rr.vehicle.series.hour')}
                previousLabel={t('rr.previous')}
                unit="min"
                horizontal
                testId="rr-vehicle-chart-hour"
              />
            </ReportBlock>
          </SimpleGrid>
          <ReportBlock
            title={t('rr.vehicle.table')}
            loading={summary.isPending}
            error={summary.error}
            onRetry={() => void summary.refetch()}
            empty={empty}
            emptyText={t('rr.vehicle.empty')}
            testId="rr-vehicle-table-block"
          >
            {mayManage && (
              <Text fontSize="xs" color="fg.muted" mb="2">
                {t('rr.vehicle.tableHint')}
              </Text>
            )}
            <ReportTable<VehicleUsageItem>
              rows={summary.data?.items ?? []}
              columns={columns}
              rowKey={(r) => r.vehicleId}
              onRowClick={mayManage ? open : undefined}
              testId="rr-vehicle-table"
              minW="860px"
              totals={
                total
                  ? {
                      plate: `${t('rr.total')} (${countText(total.vehicles)})`,
                      rosters: countText(total.rosters),
                      checklists: `${countText(total.checklistCompleteness.have)} / ${countText(total.checklistCompleteness.of)}`,
                      km: countText(total.km),
                      previousKm: prev ? countText(prev.km) : '',
                      rosterHours: hoursHm(total.rosterHours, units),
                      activeHours: hoursHm(total.activeHours, units),
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
