import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Badge, Button, Text } from '@chakra-ui/react';
import { LuListChecks, LuPlus } from 'react-icons/lu';
import type { RondaFilter, RondaRow } from '@contract/rondas';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import '@/lib/i18n/parts/admin';
import { useSession } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { SearchFilter, SectionFilter, StatusFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { rondaCsv, rondaKeys, rondasCall, useRondaSections } from './rondas-api';
import type { RondaListSearch } from './ronda-search';

const DEFAULT_SORT = { sort: 'rondaName', dir: 'asc' } as const;
const km = (n: number) => n.toFixed(1);

/** /listingronda: the rondas of the user's region scope, filtered by section, status and name; CSV; 'Tambah Ronda'. */
export function RondaListScreen({ search, onSearchChange }: { search: RondaListSearch; onSearchChange: (s: RondaListSearch) => void }) {
  const t = useT();
  const user = useSession()?.user;
  const navigate = useNavigate();
  const sections = useRondaSections();
  // a manager of one region sees only its region: no column for it
  const scoped = regionScopeOf(user) !== undefined;

  const filter: RondaFilter = useMemo(
    () => ({
      ...(search.sectionId ? { sectionId: search.sectionId } : {}),
      ...(search.status ? { active: search.status === 'active' } : {}),
      ...(search.q ? { search: search.q } : {}),
    }),
    [search.sectionId, search.status, search.q],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...rondaKeys.list(filter, q), user?.userId],
    queryFn: () => rondasCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });

  const set = (patch: Partial<RondaListSearch>) => onSearchChange({ ...search, ...patch });
  const setFilter = (patch: Partial<RondaListSearch>) => set({ ...patch, page: undefined });

  const columns = useMemo<AdminColumn<RondaRow>[]>(
    () => [
      {
        id: 'rondaName',
        header: t('rondas.col.name'),
        sortable: true,
        cell: (r) => (
          <Text fontWeight="semibold" color="brand.ink" maxW="260px" whiteSpace="normal">
            {r.rondaName}
          </Text>
        ),
      },
      {
        id: 'sectionName',
        header: scoped ? t('rondas.col.section') : `${t('rondas.col.section')} / ${t('rondas.col.region')}`,
        sortable: true,
        width: '120px',
        cell: (r) => (
          <>
            <Text>{r.sectionName}</Text>
            {!scoped && (
              <Text fontSize="xs" color="fg.muted">
                {r.regionName}
              </Text>
            )}
          </>
        ),
      },
      {
        id: 'pointAName',
        header: t('rondas.col.points'),
        sortable: true,
        cell: (r) => (
          <Text fontSize="sm" maxW="300px" whiteSpace="normal">
            {r.pointAName} → {r.pointBName}
          </Text>
        ),
      },
      {
        id: 'kmFrom',
        header: t('rondas.col.km'),
        sortable: true,
        width: '150px',
        cell: (r) => (
          <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
            {km(r.kmFrom)} → {km(r.kmTo)}
          </Text>
        ),
      },
      { id: 'checkpointCount', header: t('rondas.col.checkpoints'), sortable: true, align: 'end', width: '130px', cell: (r) => r.checkpointCount },
      {
        id: 'isActive',
        header: t('rondas.col.status'),
        sortable: true,
        width: '110px',
        cell: (r) => (
          <Badge colorPalette={r.isActive ? 'green' : 'gray'} variant="subtle">
            {r.isActive ? t('admin.active') : t('admin.inactive')}
          </Badge>
        ),
      },
    ],
    [t, scoped],
  );

  return (
    <>
      <PageHeader
        title={t('rondas.list.title')}
        subtitle={t('rondas.list.subtitle')}
        actions={
          <>
            <Button asChild variant="outline" minH="11">
              <Link to="/listingcheckpoint" data-testid="ronda-list-checkpoints">
                <LuListChecks /> {t('rondas.list.checkpoints')}
              </Link>
            </Button>
            <Button asChild colorPalette="brand" minH="11">
              <Link to="/createupdateronda" data-testid="ronda-add">
                <LuPlus /> {t('rondas.list.add')}
              </Link>
            </Button>
          </>
        }
      />
      <AdminList
        testId="ronda-list"
        columns={columns}
        rowKey={(r) => r.pkRondaLoopId}
        query={list}
        search={search}
        onSearchChange={set}
        defaultSort={DEFAULT_SORT}
        emptyText={t('rondas.list.empty')}
        emptyHint={t('rondas.list.emptyHint')}
        onExportCsv={() => rondaCsv(filter, q)}
        onRowClick={(r) => void navigate({ to: '/createupdateronda/$rondaId', params: { rondaId: String(r.pkRondaLoopId) } })}
        toolbar={
          <>
            <SectionFilter
              label={t('rondas.filter.section')}
              value={search.sectionId}
              onChange={(sectionId) => setFilter({ sectionId })}
              sections={sections.data}
              allLabel={t('rondas.filter.allSections')}
              width="220px"
              testId="ronda-filter-section"
            />
            <StatusFilter
              label={t('rondas.filter.status')}
              value={search.status}
              onChange={(status) => setFilter({ status })}
              testId="ronda-filter-status"
            />
            <SearchFilter
              label={t('rondas.filter.search')}
              value={search.q}
              onSearch={(q) => setFilter({ q })}
              placeholder={t('rondas.filter.searchPlaceholder')}
              width="240px"
              commitOnBlur
              testId="ronda-filter-search"
            />
          </>
        }
      />
    </>
  );
}
