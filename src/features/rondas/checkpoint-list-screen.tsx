import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Badge, Button, Text } from '@chakra-ui/react';
import { LuPlus, LuRoute } from 'react-icons/lu';
import type { CheckpointFilter, CheckpointRow } from '@contract/rondas';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import '@/lib/i18n/parts/admin';
import { useSession } from '@/lib/session';
import { AdminList, type AdminColumn } from '@/ui/admin/admin-list';
import { FilterSelect, SearchFilter, SectionFilter } from '@/ui/admin/filters';
import { listQueryOf } from '@/ui/admin/list-search';
import { PageHeader } from '@/ui/page-header';
import { checkpointCsv, checkpointsCall, rondaKeys, useRondaChoices, useRondaSections } from './rondas-api';
import type { CheckpointListSearch } from './ronda-search';

const DEFAULT_SORT = { sort: 'rondaName', dir: 'asc' } as const;

/** /listingcheckpoint: every checkpoint of the user's region scope, each ronda's in order; filter by ronda or section. */
export function CheckpointListScreen({
  search,
  onSearchChange,
}: {
  search: CheckpointListSearch;
  onSearchChange: (s: CheckpointListSearch) => void;
}) {
  const t = useT();
  const user = useSession()?.user;
  const navigate = useNavigate();
  const sections = useRondaSections();
  const rondas = useRondaChoices();

  const filter: CheckpointFilter = useMemo(
    () => ({
      ...(search.rondaId ? { rondaLoopId: search.rondaId } : {}),
      ...(search.sectionId ? { sectionId: search.sectionId } : {}),
      ...(search.q ? { search: search.q } : {}),
    }),
    [search.rondaId, search.sectionId, search.q],
  );
  const q = listQueryOf(search, DEFAULT_SORT);
  const list = useQuery({
    queryKey: [...rondaKeys.checkpoints(filter, q), user?.userId],
    queryFn: () => checkpointsCall(filter, q),
    placeholderData: keepPreviousData,
    enabled: !!user,
  });
  const set = (patch: Partial<CheckpointListSearch>) => onSearchChange({ ...search, ...patch });
  const setFilter = (patch: Partial<CheckpointListSearch>) => set({ ...patch, page: undefined });
  const rondaOptions = (rondas.data ?? []).filter((r) => !search.sectionId || r.sectionId === search.sectionId);

  const columns = useMemo<AdminColumn<CheckpointRow>[]>(
    () => [
      { id: 'rondaName', header: t('rondas.cpCol.ronda'), sortable: true, cell: (r) => r.rondaName },
      { id: 'sectionName', header: t('rondas.cpCol.section'), sortable: true, width: '90px', cell: (r) => r.sectionName },
      {
        id: 'seq',
        header: t('rondas.cpCol.seq'),
        sortable: true,
        width: '70px',
        cell: (r) => (
          <Badge colorPalette="brand" variant="subtle" fontVariantNumeric="tabular-nums">
            {r.seq}
          </Badge>
        ),
      },
      {
        id: 'checkpointName',
        header: t('rondas.cpCol.name'),
        sortable: true,
        cell: (r) => (
          <Text fontWeight="semibold" color="brand.ink">
            {r.checkpointName}
          </Text>
        ),
      },
      { id: 'km', header: t('rondas.cpCol.km'), sortable: true, align: 'end', width: '80px', cell: (r) => r.km.toFixed(1) },
      { id: 'directionName', header: t('rondas.cpCol.direction'), sortable: true, width: '140px', cell: (r) => r.directionName },
      {
        id: 'coordinates',
        header: t('rondas.cpCol.coordinates'),
        width: '190px',
        cell: (r) => (
          <Text fontSize="xs" fontFamily="mono" color="fg.muted">
            {r.latitude.toFixed(5)}, {r.longitude.toFixed(5)}
          </Text>
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('rondas.cpList.title')}
        subtitle={t('rondas.cpList.subtitle')}
        actions={
          <>
            <Button asChild variant="outline" minH="11">
              <Link to="/listingronda" data-testid="checkpoint-list-rondas">
                <LuRoute /> {t('rondas.list.title')}
              </Link>
            </Button>
            <Button asChild colorPalette="brand" minH="11">
              <Link to="/createupdatecheckpoint" search={search.rondaId ? { rondaId: search.rondaId } : {}} data-testid="checkpoint-add">
                <LuPlus /> {t('rondas.cp.add')}
              </Link>
            </Button>
          </>
        }
      />
      <AdminList
        testId="checkpoint-list"
        columns={columns}
        rowKey={(r) => r.pkRondaLoopCheckpointId}
        query={list}
        search={search}
        onSearchChange={set}
        defaultSort={DEFAULT_SORT}
        emptyText={t('rondas.cpList.empty')}
        emptyHint={t('rondas.cpList.emptyHint')}
        onExportCsv={() => checkpointCsv(filter, q)}
        onRowClick={(r) =>
          void navigate({ to: '/createupdatecheckpoint/$checkpointId', params: { checkpointId: String(r.pkRondaLoopCheckpointId) } })
        }
        toolbar={
          <>
            <SectionFilter
              label={t('rondas.filter.section')}
              value={search.sectionId}
              onChange={(sectionId) => setFilter({ sectionId, rondaId: undefined })}
              sections={sections.data}
              allLabel={t('rondas.filter.allSections')}
              testId="checkpoint-filter-section"
            />
            <FilterSelect
              label={t('rondas.filter.ronda')}
              value={search.rondaId}
              onChange={(rondaId) => setFilter({ rondaId })}
              options={rondaOptions.map((r) => ({ value: r.pkRondaLoopId, label: `${r.rondaName} (${r.sectionName})` }))}
              allLabel={t('rondas.filter.allRondas')}
              width="260px"
              testId="checkpoint-filter-ronda"
            />
            <SearchFilter
              label={t('rondas.filter.search')}
              value={search.q}
              onSearch={(q) => setFilter({ q })}
              placeholder={t('rondas.filter.searchCheckpoint')}
              width="240px"
              commitOnBlur
              testId="checkpoint-filter-search"
            />
          </>
        }
      />
    </>
  );
}
