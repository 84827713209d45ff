import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Field, Input, Text } from '@chakra-ui/react';
import { LuPlus, LuRotateCcw, LuSearch } from 'react-icons/lu';
import { TEAM_NAME_MAX, type TeamFilter, type TeamRow } from '@contract/teams';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/teams';
import '@/lib/i18n/parts/admin';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { SectionFilter, StatusFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { teamKeys, teamsCall, teamsCsv } from './teams-api';
import { useSectionOptions } from './use-section-options';
import { TEAM_LIST_DEFAULT_SORT, type TeamListSearch } from './teams-search';
import { shiftLabel } from '@/lib/lookups';

/** /listingteam: the teams of the manager's region, filtered, sorted and paged on the server; CSV; 'Tambah Pasukan'. */
export function TeamListScreen({
  search,
  onSearchChange,
  onOpen,
}: {
  search: TeamListSearch;
  onSearchChange: (s: TeamListSearch) => void;
  onOpen: (teamId: number | 'new') => void;
}) {
  const t = useT();
  const sections = useSectionOptions();
  const [name, setName] = useState(search.name ?? '');
  useEffect(() => setName(search.name ?? ''), [search.name]);

  const filter: TeamFilter = {
    ...(search.sectionId ? { sectionId: search.sectionId } : {}),
    ...(search.name ? { name: search.name } : {}),
    ...(search.status ? { isActive: search.status === 'active' } : {}),
  };
  const q = listQueryOf(search, TEAM_LIST_DEFAULT_SORT);
  const list = useQuery({ queryKey: teamKeys.list(filter, q), queryFn: () => teamsCall(filter, q), placeholderData: keepPreviousData });
  const set = (patch: Partial<TeamListSearch>) => onSearchChange({ ...search, page: 0, ...patch });

  const columns = useMemo<AdminColumn<TeamRow>[]>(
    () => [
      {
        id: 'teamName',
        header: t('teams.col.name'),
        sortable: true,
        cell: (r) => (
          <Text fontWeight="semibold" color="brand.ink" data-testid="team-name">
            {r.teamName}
          </Text>
        ),
      },
      {
        id: 'sectionName',
        header: t('teams.col.section'),
        sortable: true,
        width: '110px',
        cell: (r) => (
          <Badge colorPalette="brand" variant="solid" size="sm">
            {r.sectionName}
          </Badge>
        ),
      },
      {
        id: 'memberCount',
        header: t('teams.col.members'),
        sortable: true,
        width: '90px',
        align: 'end',
        cell: (r) => <Text fontVariantNumeric="tabular-nums">{r.memberCount}</Text>,
      },
      { id: 'leaderName', header: t('teams.col.leader'), sortable: true, cell: (r) => r.leaderName ?? <Text color="fg.subtle">—</Text> },
      {
        id: 'shiftName',
        header: t('teams.col.shift'),
        sortable: true,
        width: '140px',
        cell: (r) =>
          (r.shiftName && shiftLabel(r.shiftName)) ?? (
            <Text color="fg.subtle" fontSize="sm">
              {t('teams.noShift')}
            </Text>
          ),
      },
      {
        id: 'plateNumber',
        header: t('teams.col.vehicle'),
        sortable: true,
        width: '130px',
        cell: (r) => r.plateNumber ?? <Text color="fg.subtle">—</Text>,
      },
      {
        id: 'isActive',
        header: t('teams.col.status'),
        sortable: true,
        width: '120px',
        cell: (r) => (
          <Badge colorPalette={r.isActive ? 'green' : 'gray'} size="sm">
            {r.isActive ? t('admin.active') : t('admin.inactive')}
          </Badge>
        ),
      },
    ],
    [t],
  );

  const toolbar = (
    <>
      <Field.Root width="220px">
        <Field.Label fontSize="sm">{t('teams.filter.name')}</Field.Label>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ name: name.trim() || undefined });
          }}
          style={{ display: 'flex', gap: '0.5rem', width: '100%' }}
        >
          <Input
            bg="bg.panel"
            minH="11"
            value={name}
            maxLength={TEAM_NAME_MAX}
            placeholder={t('teams.filter.namePlaceholder')}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => (name.trim() || undefined) !== search.name && set({ name: name.trim() || undefined })}
            data-testid="team-filter-name"
          />
          <Button type="submit" variant="outline" minH="11" minW="11" px="0" aria-label={t('admin.search')}>
            <LuSearch />
          </Button>
        </form>
      </Field.Root>
      <SectionFilter
        label={t('teams.filter.section')}
        value={search.sectionId}
        onChange={(sectionId) => set({ sectionId })}
        sections={sections.data}
        allLabel={t('teams.filter.allSections')}
        testId="team-filter-section"
      />
      <StatusFilter label={t('teams.filter.status')} value={search.status} onChange={(status) => set({ status })} testId="team-filter-status" />
      <Button
        variant="ghost"
        minH="11"
        onClick={() => onSearchChange({ size: search.size })}
        disabled={!search.sectionId && !search.name && !search.status}
        data-testid="team-filter-reset"
      >
        <LuRotateCcw /> {t('admin.reset')}
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={t('teams.title')}
        subtitle={t('teams.subtitle')}
        actions={
          <Button colorPalette="brand" minH="11" onClick={() => onOpen('new')} data-testid="team-add">
            <LuPlus /> {t('teams.add')}
          </Button>
        }
      />
      <AdminList
        columns={columns}
        rowKey={(r) => r.pkTeamId}
        query={list}
        search={search}
        onSearchChange={(patch) => onSearchChange({ ...search, ...patch })}
        defaultSort={TEAM_LIST_DEFAULT_SORT}
        emptyText={t('teams.empty')}
        emptyHint={t('teams.emptyHint')}
        onExportCsv={() => teamsCsv(filter, { orderColumn: q.orderColumn, direction: q.direction })}
        toolbar={toolbar}
        onRowClick={(r) => onOpen(r.pkTeamId)}
        testId="team-list"
      />
    </>
  );
}
