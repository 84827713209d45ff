/**
 * /listingasset (issue #16): the equipment of the caller's scope (§2.1 asset), filtered by words (name, tag, plate),
 * section, asset category (assetCategory lookup), vehicle (of the chosen section) and status; CSV. Everyone with
 * readOrg reads; fleetManage adds ('Tambah Aset') and opens a row to edit it.
 */
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Box, Flex, Text } from '@chakra-ui/react';
import type { AssetFilter, AssetRow } from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { useLookup } from '@/lib/lookups';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, SectionFilter, StatusFilter, NewButton, FilterReset } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { assetsCall, assetsCsv, fleetKeys, vehiclesOfSectionCall } from './fleet-api';
import { keyOptions, StatusBadge, useFleetAccess, useFleetSections } from './fleet-parts';
import type { AssetListSearch } from './fleet-search';

const DEFAULT_SORT = { sort: 'name', dir: 'asc' } as const;

export function AssetListScreen({ search, onSearchChange }: { search: AssetListSearch; onSearchChange: (s: AssetListSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, mayManage } = useFleetAccess();
  const sections = useFleetSections();
  const categories = useLookup('assetCategory');
  const vehicles = useQuery({
    queryKey: fleetKeys.vehiclesOfSection(search.sectionId ?? 0),
    queryFn: () => vehiclesOfSectionCall(search.sectionId!),
    enabled: !!search.sectionId,
    staleTime: 60_000,
  });

  const filter: AssetFilter = useMemo(
    () => ({
      ...(search.q ? { text: search.q } : {}),
      ...(search.sectionId ? { sectionId: search.sectionId } : {}),
      ...(search.category ? { assetCategoryId: search.category } : {}),
      ...(search.vehicleId ? { vehicleId: search.vehicleId } : {}),
      ...(search.status ? { isActive: search.status === 'active' } : {}),
    }),
    [search.q, search.sectionId, search.category, search.vehicleId, search.status],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.assets, 'list', user?.userId, filter, q],
    queryFn: () => assetsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const apply = (patch: Partial<AssetListSearch>) => onSearchChange({ ...search, ...patch, page: undefined });
  const hasFilter = !!(search.q || search.sectionId || search.category || search.vehicleId || search.status);

  const columns: AdminColumn<AssetRow>[] = [
    { id: 'no', header: t('fleet.col.no'), width: '56px', cell: (_r, i) => <Text fontVariantNumeric="tabular-nums">{q.start + i + 1}</Text> },
    {
      id: 'tagNo',
      header: t('fleet.col.tagNo'),
      sortable: true,
      cell: (r) => (
        <Text fontFamily="mono" fontSize="sm" data-testid="asset-tag">
          {r.tagNo}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('fleet.col.assetName'),
      sortable: true,
      cell: (r) => (
        <Text fontWeight="semibold" data-testid="asset-name">
          {r.name}
        </Text>
      ),
    },
    {
      id: 'assetCategoryName',
      header: t('fleet.col.category'),
      sortable: true,
      cell: (r) => r.assetCategoryName ?? <Text color="fg.subtle">—</Text>,
    },
    { id: 'sectionName', header: t('fleet.col.section'), sortable: true, width: '90px', cell: (r) => r.sectionName },
    {
      id: 'plateNumber',
      header: t('fleet.col.vehicle'),
      sortable: true,
      cell: (r) =>
        r.plateNumber ? (
          <Text fontFamily="mono" whiteSpace="nowrap">
            {r.plateNumber}
            {r.callSign ? ` · ${r.callSign}` : ''}
          </Text>
        ) : (
          <Text color="fg.muted">{t('fleet.asset.inStore')}</Text>
        ),
    },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '110px',
      cell: (r) => <StatusBadge active={r.isActive} testId="asset-status" />,
    },
  ];

  const toolbar = (
    <Flex gap="3" wrap="wrap" align="flex-end" flex="1" minW="0">
      <SearchFilter
        label={t('fleet.filter.text')}
        value={search.q}
        onSearch={(v) => apply({ q: v })}
        placeholder={t('fleet.filter.assetPlaceholder')}
        submit={{ label: t('fleet.search'), testId: 'asset-filter-search' }}
        testId="asset-filter-text"
      />
      <SectionFilter
        label={t('fleet.filter.section')}
        value={search.sectionId}
        onChange={(sectionId) => apply({ sectionId, vehicleId: undefined })}
        sections={sections.data}
        separator=" · "
        allLabel={t('fleet.filter.all')}
        width="160px"
        testId="asset-filter-section"
      />
      <FilterSelect<number>
        label={t('fleet.filter.category')}
        value={search.category}
        onChange={(category) => apply({ category })}
        options={keyOptions(categories.data)}
        allLabel={t('fleet.filter.all')}
        width="190px"
        testId="asset-filter-category"
      />
      <FilterSelect<number>
        label={t('fleet.filter.vehicle')}
        value={search.vehicleId}
        onChange={(vehicleId) => apply({ vehicleId })}
        options={(vehicles.data ?? []).map((v) => ({ value: v.key, label: `${v.value}${v.callSign ? ` · ${v.callSign}` : ''}` }))}
        allLabel={search.sectionId ? t('fleet.filter.all') : t('fleet.filter.vehiclePickSection')}
        width="190px"
        testId="asset-filter-vehicle"
      />
      <StatusFilter
        label={t('fleet.filter.status')}
        value={search.status}
        onChange={(status) => apply({ status })}
        width="140px"
        testId="asset-filter-status"
      />
      {hasFilter && (
        <FilterReset onReset={() => onSearchChange({ size: search.size, sort: search.sort, dir: search.dir })} testId="asset-filter-reset" />
      )}
    </Flex>
  );

  return (
    <Box>
      <PageHeader
        title={t('fleet.assets.title')}
        subtitle={t(mayManage ? 'fleet.assets.subtitle' : 'fleet.readOnly')}
        actions={
          mayManage ? (
            <NewButton label={t('fleet.asset.new')} onClick={() => void navigate({ to: '/createupdateasset' })} testId="asset-new" />
          ) : undefined
        }
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkAssetId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={DEFAULT_SORT}
        emptyText={t(hasFilter ? 'fleet.assets.emptyFiltered' : 'fleet.assets.empty')}
        onExportCsv={() => assetsCsv(filter, { orderColumn: q.orderColumn, direction: q.direction })}
        toolbar={toolbar}
        onRowClick={mayManage ? (r) => void navigate({ to: '/createupdateasset/$assetId', params: { assetId: String(r.pkAssetId) } }) : undefined}
        rowTestId="asset-row"
        minW="900px"
        testId="asset-list"
      />
    </Box>
  );
}
