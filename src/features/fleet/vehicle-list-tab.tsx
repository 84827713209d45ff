/**
 * The Kenderaan tab of /managevehicle: vehicle/dataTablesAllStatus (every status, §4.7) with the §3.12 columns (No,
 * Wilayah, Seksyen, Jenis Kenderaan, Callsign, No. Plat, Status) plus the model and the "Perlu perhatian" mark;
 * filters by words, region (national roles) and section as the caller's scope allows, vehicle type, status and
 * "needs attention only"; CSV; a row opens /registervehicle/{id} and its toggle (de)activates it after a confirm.
 */
import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPower, LuPowerOff } from 'react-icons/lu';
import type { VehicleFilter, VehicleRow } from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, SectionFilter, StatusFilter, FilterReset, FlagFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { notify } from '@/ui/toaster';
import { fleetKeys, modelsCall, refreshFleet, setVehicleActiveCall, vehiclesCall, vehiclesCsv } from './fleet-api';
import { AttentionBadge, regionOptions, StatusBadge, useFleetAccess, useFleetSections, useRowAction } from './fleet-parts';
import type { ManageVehicleSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'plateNumber', dir: 'asc' } as const;

export function VehicleListTab({ search, onSearchChange }: { search: ManageVehicleSearch; onSearchChange: (s: ManageVehicleSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, mayManage, seesAll } = useFleetAccess();
  const sections = useFleetSections();
  const models = useQuery({
    queryKey: [...fleetKeys.models, 'options', user?.userId],
    queryFn: () => modelsCall({}),
    staleTime: 5 * 60_000,
    enabled: !!user,
  });

  const filter: VehicleFilter = useMemo(
    () => ({
      ...(search.q ? { text: search.q } : {}),
      ...(search.regionId ? { regionId: search.regionId } : {}),
      ...(search.sectionId ? { sectionId: search.sectionId } : {}),
      ...(search.type ? { vehicleType: search.type } : {}),
      ...(search.status ? { isActive: search.status === 'active' } : {}),
      ...(search.attention ? { needsAttention: true } : {}),
    }),
    [search.q, search.regionId, search.sectionId, search.type, search.status, search.attention],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.vehicles, 'list', user?.userId, filter, q],
    queryFn: () => vehiclesCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<ManageVehicleSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.regionId || search.sectionId || search.type || search.status || search.attention);

  const types = useMemo(
    () => [...new Set((models.data?.rows ?? []).map((m) => m.vehicleType))].sort().map((v) => ({ value: v, label: v })),
    [models.data],
  );
  const sectionChoices = useMemo(
    () => (search.regionId ? (sections.data ?? []).filter((s) => s.regionId === search.regionId) : sections.data),
    [sections.data, search.regionId],
  );

  const toggle = useRowAction(async (row: VehicleRow) => {
    const next = !row.isActive;
    const out = await setVehicleActiveCall(
      row.pkVehicleId,
      next,
      `${t(next ? 'fleet.vehicle.activate' : 'fleet.vehicle.deactivate')}: ${row.plateNumber}`,
    );
    if (out.status === 'sent') notify.success(t(next ? 'fleet.vehicle.activated' : 'fleet.vehicle.deactivatedToggle'));
    await refreshFleet(queryClient, { entity: 'vehicle', id: row.pkVehicleId });
  });
  const toggling = toggle.row;

  const columns: AdminColumn<VehicleRow>[] = [
    { id: 'no', header: t('fleet.col.no'), width: '56px', cell: (_r, i) => <Text fontVariantNumeric="tabular-nums">{q.start + i + 1}</Text> },
    { id: 'regionName', header: t('fleet.col.region'), sortable: true, width: '100px', cell: (r) => r.regionName },
    { id: 'sectionName', header: t('fleet.col.section'), sortable: true, width: '90px', cell: (r) => r.sectionName },
    {
      id: 'vehicleType',
      header: t('fleet.col.typeModel'),
      sortable: true,
      // the type (§3.12) with the model under it: one column, so the list fits a 1024-pixel tablet
      cell: (r) => (
        <Stack gap="0">
          <Text>{r.vehicleType}</Text>
          <Text fontSize="xs" color="fg.muted" data-testid="vehicle-model-name">
            {r.vehicleModel || '—'}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'callSign',
      header: t('fleet.col.callsign'),
      sortable: true,
      cell: (r) =>
        r.callSign ? (
          <Text fontFamily="mono" fontSize="sm">
            {r.callSign}
          </Text>
        ) : (
          <Text color="fg.subtle">—</Text>
        ),
    },
    {
      id: 'plateNumber',
      header: t('fleet.col.plate'),
      sortable: true,
      cell: (r) => (
        <Text fontWeight="semibold" fontFamily="mono" whiteSpace="nowrap" data-testid="vehicle-plate">
          {r.plateNumber}
        </Text>
      ),
    },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '170px',
      cell: (r) => (
        <Flex direction="column" gap="1" align="flex-start" maxW="170px">
          <StatusBadge active={r.isActive} testId="vehicle-status" />
          {r.needsAttention && <AttentionBadge reason={r.attentionReason} since={r.attentionSince} showReason />}
        </Flex>
      ),
    },
  ];
  if (mayManage) {
    columns.push({
      id: 'actions',
      header: '',
      width: '64px',
      align: 'end',
      cell: (r) => (
        <IconButton
          size="sm"
          minH="11"
          minW="11"
          variant="outline"
          colorPalette={r.isActive ? 'red' : 'green'}
          aria-label={`${t(r.isActive ? 'fleet.vehicle.deactivate' : 'fleet.vehicle.activate')} ${r.plateNumber}`}
          title={t(r.isActive ? 'fleet.vehicle.deactivate' : 'fleet.vehicle.activate')}
          onClick={(e) => {
            e.stopPropagation();
            toggle.ask(r);
          }}
          data-testid="vehicle-toggle-active"
          data-active={r.isActive}
        >
          {r.isActive ? <LuPowerOff /> : <LuPower />}
        </IconButton>
      ),
    });
  }

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('fleet.filter.text')}
        value={search.q}
        onSearch={(v) => apply({ q: v })}
        placeholder={t('fleet.filter.vehicleTextPlaceholder')}
        submit={{ label: t('fleet.search'), testId: 'vehicle-filter-search' }}
        testId="vehicle-filter-text"
      />
      {seesAll && (
        <FilterSelect<number>
          label={t('fleet.filter.region')}
          value={search.regionId}
          onChange={(regionId) => apply({ regionId, sectionId: undefined })}
          options={regionOptions(sections.data)}
          allLabel={t('fleet.filter.all')}
          width="170px"
          testId="vehicle-filter-region"
        />
      )}
      <SectionFilter
        label={t('fleet.filter.section')}
        value={search.sectionId}
        onChange={(sectionId) => apply({ sectionId })}
        sections={sectionChoices}
        separator=" · "
        allLabel={t('fleet.filter.all')}
        width="170px"
        testId="vehicle-filter-section"
      />
      <FilterSelect<string>
        label={t('fleet.filter.vehicleType')}
        value={search.type}
        onChange={(type) => apply({ type })}
        options={types}
        allLabel={t('fleet.filter.all')}
        width="170px"
        testId="vehicle-filter-type"
      />
      <StatusFilter
        label={t('fleet.filter.status')}
        value={search.status}
        onChange={(status) => apply({ status })}
        width="140px"
        testId="vehicle-filter-status"
      />
      <FlagFilter
        label={t('fleet.filter.attentionOnly')}
        checked={!!search.attention}
        onChange={(attention) => apply({ attention })}
        colorPalette="orange"
        testId="vehicle-filter-attention"
      />
      {hasFilter && (
        <HStack>
          <FilterReset onReset={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })} testId="vehicle-filter-reset" />
        </HStack>
      )}
    </Flex>
  );

  return (
    <>
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkVehicleId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'fleet.vehicles.emptyFiltered' : 'fleet.vehicles.empty')}
        emptyHint={mayManage && !hasFilter ? t('fleet.vehicles.emptyHint') : undefined}
        onExportCsv={() => vehiclesCsv(filter, { orderColumn: q.orderColumn, direction: q.direction })}
        toolbar={toolbar}
        onRowClick={mayManage ? (r) => void navigate({ to: '/registervehicle/$vehicleId', params: { vehicleId: String(r.pkVehicleId) } }) : undefined}
        rowTestId="vehicle-row"
        minW="880px"
        testId="vehicle-list"
      />
      <ConfirmDialog
        open={!!toggling}
        title={t(toggling?.isActive ? 'fleet.vehicle.deactivateTitle' : 'fleet.vehicle.activateTitle')}
        message={
          toggling
            ? t(toggling.isActive ? 'fleet.vehicle.deactivateMessage' : 'fleet.vehicle.activateMessage', { plate: toggling.plateNumber })
            : undefined
        }
        confirmLabel={t(toggling?.isActive ? 'fleet.vehicle.deactivate' : 'fleet.vehicle.activate')}
        cancelLabel={t('fleet.cancel')}
        colorPalette={toggling?.isActive ? 'red' : 'green'}
        pending={toggle.pending}
        onConfirm={() => void toggle.confirm()}
        onCancel={toggle.cancel}
        testId="vehicle-toggle-confirm"
      />
    </>
  );
}
