/**
 * /reportsenaraisemak — Laporan Senarai Semak (issue #16; §2.1, §6 its roles, §7.7 laporanSenaraiSemakData, §9: 10 a
 * page): the daily vehicle checklists of a date range (the last 7 days by default), region and section as the
 * caller's scope allows (the server scopes again), vehicle, 'Kecacatan sahaja' and 'Ditanda sahaja'; odometer gaps
 * and jumps as badges; a CSV of the same filter; a row opens its items with their photos.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuRadio } from 'react-icons/lu';
import { CHECKLIST_REPORT_PAGE_SIZE } from '@contract/checklist-rules';
import type { ChecklistRow } from '@contract/checklist';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/checklist';
import '@/lib/i18n/parts/report-help';
import { useSession } from '@/lib/session';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { regionScopeOf, ReportScopeFilters } from '@/ui/admin/report-scope';
import { useListedSections } from '@/lib/sections';
import { PageHeader } from '@/ui/page-header';
import { FigureHelp } from '@/ui/report/figure-help';
import { reportCsv, useChecklistReport, useSectionVehicles } from './checklist-api';
import { ChecklistItemsDialog } from './checklist-items-dialog';
import { reportFilterOf, reportRangeOf } from './checklist-rules';
import type { ChecklistReportSearch } from './checklist-search';
import { CellText } from '@/ui/table-scroll';

/** newest first (the server's one order of this report) */
const DEFAULT_SORT = { sort: 'rosterDate', dir: 'desc' } as const;

export function ChecklistReportScreen({
  search,
  onSearchChange,
}: {
  search: ChecklistReportSearch;
  onSearchChange: (s: ChecklistReportSearch) => void;
}) {
  const t = useT();
  const user = useSession()?.user;
  const today = todayIso();
  const scopeRegion = regionScopeOf(user);
  const regionId = scopeRegion ?? search.regionId;
  const range = reportRangeOf(search, today);
  const filter = reportFilterOf(search, today, scopeRegion);
  // §9: 10 a page unless the URL says otherwise
  const paged: ChecklistReportSearch = { ...search, size: search.size ?? CHECKLIST_REPORT_PAGE_SIZE };
  const q = listQueryOf(paged, DEFAULT_SORT);
  const list = useChecklistReport(filter, q);
  const sections = useListedSections(regionId);
  const vehicles = useSectionVehicles(search.sectionId);
  const [open, setOpen] = useState<ChecklistRow | null>(null);
  const set = (patch: Partial<ChecklistReportSearch>) => onSearchChange({ ...search, page: 0, ...patch });

  const columns = useMemo<AdminColumn<ChecklistRow>[]>(
    () => [
      {
        id: 'rosterDate',
        header: t('cl.report.col.date'),
        width: '110px',
        cell: (r) => (
          <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="cl-report-row-date">
            {isoDateToDisplay(r.rosterDate)}
          </Text>
        ),
      },
      {
        id: 'sectionName',
        header: t('cl.report.col.section'),
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
        id: 'plateNumber',
        header: t('cl.report.col.vehicle'),
        width: '130px',
        cell: (r) => (
          <Box>
            <Text fontFamily="mono" fontWeight="semibold" data-testid="cl-report-row-plate">
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
      { id: 'dutyRosterName', header: t('cl.report.col.roster'), cell: (r) => <Text fontSize="sm">{r.dutyRosterName}</Text> },
      {
        id: 'odometerPre',
        header: t('cl.report.col.odometer'),
        width: '150px',
        cell: (r) => (
          <Text fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="cl-report-row-odometer">
            {r.odometerPre} / {r.odometerPost ?? '—'}
          </Text>
        ),
      },
      {
        id: 'km',
        header: t('cl.report.col.km'),
        align: 'end',
        width: '70px',
        cell: (r) => (
          <Text fontVariantNumeric="tabular-nums" data-testid="cl-report-row-km">
            {r.km ?? '—'}
          </Text>
        ),
      },
      {
        id: 'flags',
        header: t('cl.report.col.flags'),
        width: '130px',
        cell: (r) =>
          r.gapKm !== null || r.jumpKm !== null ? (
            <Stack gap="1" align="flex-start">
              {r.gapKm !== null && (
                <Badge colorPalette="orange" variant="solid" size="sm" data-testid="cl-report-row-gap">
                  {t('cl.report.gap', { n: r.gapKm })}
                </Badge>
              )}
              {r.jumpKm !== null && (
                <Badge colorPalette="purple" variant="solid" size="sm" data-testid="cl-report-row-jump">
                  {t('cl.report.jump', { n: r.jumpKm })}
                </Badge>
              )}
            </Stack>
          ) : (
            <Text color="fg.muted">—</Text>
          ),
      },
      {
        id: 'defects',
        header: t('cl.report.col.defects'),
        width: '230px',
        cell: (r) =>
          r.preDefects || r.postDefects ? (
            <Box data-testid="cl-report-row-defects" data-pre={r.preDefects} data-post={r.postDefects}>
              <Badge colorPalette="red" variant="subtle" size="sm">
                {t('cl.report.defectCounts', { pre: r.preDefects, post: r.postDefects })}
              </Badge>
              {r.defectSummary && (
                <CellText fontSize="xs" color="red.fg" mt="0.5" lines={2}>
                  {r.defectSummary}
                </CellText>
              )}
            </Box>
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="cl-report-row-defects" data-pre={0} data-post={0}>
              {t('cl.report.noDefects')}
            </Text>
          ),
      },
      {
        id: 'staffName',
        header: t('cl.report.col.by'),
        width: '170px',
        cell: (r) => (
          <Box fontSize="sm">
            <Text>{r.staffName}</Text>
            {r.postStaffName && r.postStaffName !== r.staffName && (
              <Text fontSize="xs" color="fg.muted">
                {t('cl.report.postBy', { name: r.postStaffName })}
              </Text>
            )}
          </Box>
        ),
      },
    ],
    [t],
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
          from: t('cl.report.from'),
          to: t('cl.report.to'),
          region: t('cl.report.region'),
          allRegions: t('cl.report.allRegions'),
          section: t('cl.report.section'),
          allSections: t('cl.report.allSections'),
        }}
        // a new region or section clears the vehicle
        onChange={(patch) => set('regionId' in patch || 'sectionId' in patch ? { ...patch, vehicleId: undefined } : patch)}
        testIdPrefix="cl-report"
      />
      <FilterSelect
        label={t('cl.report.vehicle')}
        allLabel={search.sectionId ? t('cl.report.allVehicles') : t('cl.report.vehicleHint')}
        value={search.vehicleId}
        options={(vehicles.data ?? []).map((v) => ({ value: v.key, label: v.callSign ? `${v.value} (${v.callSign})` : v.value }))}
        onChange={(v) => set({ vehicleId: v })}
        testId="cl-report-vehicle"
        width="200px"
      />
      <Stack gap="1">
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          colorPalette="brand"
          checked={!!search.defects}
          onCheckedChange={(d) => set({ defects: d.checked === true ? true : undefined })}
          minH="8"
          data-testid="cl-report-defects"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm">{t('cl.report.defectsOnly')}</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          colorPalette="brand"
          checked={!!search.flagged}
          onCheckedChange={(d) => set({ flagged: d.checked === true ? true : undefined })}
          minH="8"
          data-testid="cl-report-flagged"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm">{t('cl.report.flaggedOnly')}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </>
  );

  return (
    <Box data-testid="cl-report-screen">
      <PageHeader
        title={t('cl.report.title')}
        subtitle={t('cl.report.subtitle')}
        actions={<FigureHelp label={t('rh.list.figures')} text={t('rh.checklist.figures')} testId="cl-report-help" showLabel />}
      />
      {!filter && (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="cl-report-range-invalid">
          <Alert.Indicator />
          <Alert.Title>{t('cl.report.rangeInvalid')}</Alert.Title>
        </Alert.Root>
      )}
      <AdminList<ChecklistRow>
        columns={columns}
        rowKey={(r) => r.pkDailyAssetChecklistId}
        query={list}
        search={paged}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t('cl.report.empty')}
        emptyHint={t('cl.report.emptyHint')}
        onExportCsv={filter ? () => reportCsv(filter, q) : undefined}
        toolbar={toolbar}
        onRowClick={(r) => setOpen(r)}
        rowTestId="cl-report-row"
        minW="1000px"
        testId="cl-report-list"
      />
      <ChecklistItemsDialog row={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
