/**
 * The vehicle's history on /registervehicle/{vehicleId} (issue #16 "per-vehicle history"): its checklists
 * (dailyAssetChecklist/dataTables filtered by the vehicle: date, roster, odometer before and after, km of the shift,
 * the defects found and the odometer gap / jump flags), paged on the server; and the assets it carries
 * (asset/dataTables filtered by the vehicle).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { LuClipboardCheck, LuPackage } from 'react-icons/lu';
import type { ChecklistRow } from '@contract/checklist';
import type { AssetRow } from '@contract/fleet';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { isoDateToDisplay } from '@/lib/time';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { listQueryOf, type ListSearch } from '@/ui/admin/list-search';
import { Panel } from '@/ui/panel';
import { assetsCall, fleetKeys, vehicleChecklistsCall } from './fleet-api';
import { StatusBadge, useFleetAccess } from './fleet-parts';
import { CellText } from '@/ui/table-scroll';

// the server lists a vehicle's checklists newest first (its sort is fixed)
const CHECKLIST_SORT = { sort: 'preAt', dir: 'desc' } as const;
const ASSET_SORT = { sort: 'name', dir: 'asc' } as const;
const km = (n: number | null) => (n === null ? '—' : n.toLocaleString('ms-MY'));

export function VehicleChecklists({ vehicleId }: { vehicleId: number }) {
  const t = useT();
  const [search, setSearch] = useState<ListSearch>({ size: 10 });
  const q = listQueryOf(search, CHECKLIST_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.checklists(vehicleId), q],
    queryFn: () => vehicleChecklistsCall({ vehicleId }, q),
    placeholderData: keepPreviousData,
  });
  const columns: AdminColumn<ChecklistRow>[] = [
    {
      id: 'rosterDate',
      header: t('fleet.history.date'),
      width: '110px',
      cell: (r) => (
        <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
          {isoDateToDisplay(r.rosterDate)}
        </Text>
      ),
    },
    {
      id: 'dutyRosterName',
      header: t('fleet.history.roster'),
      cell: (r) => (
        <Stack gap="0">
          <Text fontSize="sm">{r.dutyRosterName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {r.staffName}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'odometerPre',
      header: t('fleet.history.odoPre'),
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{km(r.odometerPre)}</Text>,
    },
    {
      id: 'odometerPost',
      header: t('fleet.history.odoPost'),
      align: 'end',
      cell: (r) => <Text fontVariantNumeric="tabular-nums">{km(r.odometerPost)}</Text>,
    },
    {
      id: 'km',
      header: t('fleet.history.km'),
      align: 'end',
      cell: (r) => (
        <Text fontVariantNumeric="tabular-nums" fontWeight="semibold">
          {km(r.km)}
        </Text>
      ),
    },
    {
      id: 'defects',
      header: t('fleet.history.defects'),
      cell: (r) => {
        const n = r.preDefects + r.postDefects;
        return n === 0 ? (
          <Text color="fg.subtle" fontSize="sm">
            {t('fleet.history.noDefects')}
          </Text>
        ) : (
          <Stack gap="0.5" data-testid="vehicle-checklist-defects">
            <Badge colorPalette="red" size="sm" alignSelf="flex-start">
              {t('fleet.history.defectsN', { n })}
            </Badge>
            {r.defectSummary && (
              <CellText fontSize="xs" color="red.fg" lines={2}>
                {r.defectSummary}
              </CellText>
            )}
          </Stack>
        );
      },
    },
    {
      id: 'flags',
      header: t('fleet.history.flags'),
      cell: (r) => (
        <Flex gap="1" wrap="wrap">
          {r.gapKm !== null && (
            <Badge
              colorPalette="orange"
              size="sm"
              title={t('fleet.history.gapHint', { km: r.gapKm, prev: km(r.previousOdometer) })}
              data-testid="vehicle-checklist-gap"
            >
              {t('fleet.history.gap', { km: r.gapKm })}
            </Badge>
          )}
          {r.jumpKm !== null && (
            <Badge colorPalette="purple" size="sm" title={t('fleet.history.jumpHint')} data-testid="vehicle-checklist-jump">
              {t('fleet.history.jump', { km: r.jumpKm })}
            </Badge>
          )}
          {r.gapKm === null && r.jumpKm === null && <Text color="fg.subtle">—</Text>}
        </Flex>
      ),
    },
  ];
  return (
    <Panel
      heading={
        <Flex align="center" gap="2">
          <LuClipboardCheck /> {t('fleet.history.checklists')}
        </Flex>
      }
    >
      <Flex p="3" direction="column">
        <AdminList
          columns={columns}
          rowKey={(r) => r.pkDailyAssetChecklistId}
          query={list}
          search={search}
          onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
          defaultSort={CHECKLIST_SORT}
          emptyText={t('fleet.history.noChecklists')}
          rowTestId="vehicle-checklist-row"
          minW="760px"
          testId="vehicle-checklists"
        />
      </Flex>
    </Panel>
  );
}

export function VehicleAssets({ vehicleId }: { vehicleId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const { mayManage } = useFleetAccess();
  const [search, setSearch] = useState<ListSearch>({ size: 10 });
  const q = listQueryOf(search, ASSET_SORT);
  const list = useQuery({
    queryKey: [...fleetKeys.assets, 'of-vehicle', vehicleId, q],
    queryFn: () => assetsCall({ vehicleId }, q),
    placeholderData: keepPreviousData,
  });
  const columns: AdminColumn<AssetRow>[] = [
    {
      id: 'tagNo',
      header: t('fleet.col.tagNo'),
      sortable: true,
      cell: (r) => (
        <Text fontFamily="mono" fontSize="sm">
          {r.tagNo}
        </Text>
      ),
    },
    { id: 'name', header: t('fleet.col.assetName'), sortable: true, cell: (r) => <Text fontWeight="medium">{r.name}</Text> },
    { id: 'assetCategoryName', header: t('fleet.col.category'), sortable: true, cell: (r) => r.assetCategoryName ?? '—' },
    {
      id: 'isActive',
      header: t('fleet.col.status'),
      sortable: true,
      width: '110px',
      cell: (r) => <StatusBadge active={r.isActive} testId="asset-status" />,
    },
  ];
  return (
    <Panel
      heading={
        <Flex align="center" gap="2">
          <LuPackage /> {t('fleet.history.assets')}
        </Flex>
      }
    >
      <Flex p="3" direction="column">
        <AdminList
          columns={columns}
          rowKey={(r) => r.pkAssetId}
          query={list}
          search={search}
          onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))}
          defaultSort={ASSET_SORT}
          emptyText={t('fleet.history.noAssets')}
          onRowClick={mayManage ? (r) => void navigate({ to: '/createupdateasset/$assetId', params: { assetId: String(r.pkAssetId) } }) : undefined}
          rowTestId="vehicle-asset-row"
          minW="560px"
          testId="vehicle-assets"
        />
      </Flex>
    </Panel>
  );
}
