/**
 * Calls of the rondas administration (§7.5 rondaloop, rondaloopcheckpoints). Reads with TanStack Query; writes go
 * through the outbox (src/ui/admin/admin-api.ts): answered while the user waits, kept on the device when offline,
 * thrown (ParkedWriteError with the server's field) when refused.
 */
import { useQuery } from '@tanstack/react-query';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { RONDA_PATHS } from '@contract/rondas';
import type {
  CheckpointFilter,
  CheckpointReorder,
  CheckpointRow,
  CheckpointSave,
  RondaDeleteResult,
  RondaDetail,
  RondaFilter,
  RondaRow,
  RondaSave,
} from '@contract/rondas';
import { PATHS } from '@contract/paths';
import type { Section } from '@contract/sections';
import { apiGet, dataTables } from '@/lib/api';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import { useSession } from '@/lib/session';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';
import { regionScopeOf } from '@/ui/admin/report-scope';
import { compareNatural } from '@/lib/collate';

export const rondaKeys = {
  all: ['rondas'] as const,
  list: (filter: RondaFilter, q: Partial<DataTablesQuery>) => ['rondas', 'list', filter, q] as const,
  one: (id: number) => ['rondas', 'one', id] as const,
  checkpoints: (filter: CheckpointFilter, q: Partial<DataTablesQuery>) => ['rondas', 'checkpoints', filter, q] as const,
  checkpoint: (id: number) => ['rondas', 'checkpoint', id] as const,
};

export const rondasCall = (filter: RondaFilter, q: Partial<DataTablesQuery>) =>
  dataTables<RondaRow>(RONDA_PATHS.dataTables, filter, q) as Promise<DataTablesResult<RondaRow>>;
export const rondaCall = (id: number) => apiGet<RondaDetail>(RONDA_PATHS.get(id));
export const checkpointsCall = (filter: CheckpointFilter, q: Partial<DataTablesQuery>) =>
  dataTables<CheckpointRow>(RONDA_PATHS.checkpointDataTables, filter, q) as Promise<DataTablesResult<CheckpointRow>>;
export const checkpointCall = (id: number) => apiGet<CheckpointRow>(RONDA_PATHS.checkpointGet(id));

export const rondaCsv = (filter: RondaFilter, q: Partial<DataTablesQuery>) => downloadCsv(RONDA_PATHS.csv, filter, q, 'ronda.csv');
export const checkpointCsv = (filter: CheckpointFilter, q: Partial<DataTablesQuery>) =>
  downloadCsv(RONDA_PATHS.checkpointCsv, filter, q, 'checkpoint.csv');

/** The sections a ronda may be in: those with a kilometre range (no G section, no combined one without a range). */
export function useRondaSections() {
  const user = useSession()?.user;
  const regionId = regionScopeOf(user);
  return useQuery({
    queryKey: ['rondas', 'sections', user?.userId, regionId ?? 'all'],
    queryFn: () =>
      dataTables<Section>(PATHS.sectionDataTables, regionId ? { regionId } : {}, { length: 200, start: 0 }) as Promise<DataTablesResult<Section>>,
    select: (r) => r.rows.filter((s) => s.kmStart !== null && s.kmEnd !== null).sort((a, b) => compareNatural(a.sectionName, b.sectionName)),
    staleTime: 10 * 60_000,
    enabled: !!user,
  });
}

/** Every ronda of the user's scope (for the checkpoint screens' ronda choice), by name. */
export function useRondaChoices() {
  const user = useSession()?.user;
  return useQuery({
    queryKey: ['rondas', 'choices', user?.userId],
    queryFn: () => rondasCall({}, { start: 0, length: 1000, orderColumn: 'rondaName', direction: 'asc' }),
    select: (r) => r.rows,
    staleTime: 60_000,
    enabled: !!user,
  });
}

// ------------------------------------------------------------------------------------------------ writes

export const saveRonda = (body: RondaSave) =>
  adminWrite<RondaRow>(
    'admin.ronda.save',
    `${t('rondas.title')}: ${body.rondaName}`,
    RONDA_PATHS.save,
    body,
    body.pkRondaLoopId ? `ronda:${body.pkRondaLoopId}` : undefined,
  );

export const deleteRonda = (row: Pick<RondaRow, 'pkRondaLoopId' | 'rondaName'>) =>
  adminWrite<RondaDeleteResult>(
    'admin.ronda.delete',
    `${t('rondas.form.delete')}: ${row.rondaName}`,
    RONDA_PATHS.delete,
    [row.pkRondaLoopId],
    `ronda:${row.pkRondaLoopId}`,
  );

/** Writes of one ronda's checkpoints go in order (a move after an add). */
const orderGroup = (rondaLoopId: number) => `rondaOrder:${rondaLoopId}`;

export const saveCheckpoint = (body: CheckpointSave) =>
  adminWrite<CheckpointRow>(
    'admin.checkpoint.save',
    `${t('rondas.cpCol.name')}: ${body.checkpointName}`,
    RONDA_PATHS.checkpointSave,
    body,
    orderGroup(body.rondaLoopId),
  );

export const reorderCheckpoint = (row: Pick<CheckpointRow, 'rondaLoopId' | 'checkpointName'>, body: CheckpointReorder) =>
  adminWrite<CheckpointRow[]>(
    'admin.checkpoint.reorder',
    `${t('rondas.cp.moved')} ${row.checkpointName}`,
    RONDA_PATHS.checkpointReorder,
    body,
    orderGroup(row.rondaLoopId),
  );

export const deleteCheckpoint = (row: Pick<CheckpointRow, 'pkRondaLoopCheckpointId' | 'rondaLoopId' | 'checkpointName'>) =>
  adminWrite<{ deleted: number[] }>(
    'admin.checkpoint.delete',
    `${t('rondas.cp.delete')}: ${row.checkpointName}`,
    RONDA_PATHS.checkpointDelete,
    [row.pkRondaLoopCheckpointId],
    orderGroup(row.rondaLoopId),
  );
