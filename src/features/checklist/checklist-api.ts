/**
 * Calls and writes of the daily vehicle and asset checklist (issue #16; §7.6 dailyAssetChecklist forRoster, save,
 * dailyAssetChecklistItems dataTables and photos; §7.7 laporanSenaraiSemakData). The tablet's form (forRoster) is
 * kept on the device (src/lib/cached networkFirst) so the checklist opens offline once loaded; the submit goes
 * through the outbox (src/offline/writes.ts) in the roster's group `checklist:<rosterId>`; the photos are fetched
 * with the bearer token and shown as object URLs.
 */
import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { CHECKLIST_ITEMS_PAGE_SIZE, CHECKLIST_PATHS, type ChecklistPhase } from '@contract/checklist-rules';
import { VEHICLE_PATHS } from '@contract/fleet-rules';
import type { ChecklistDetail, ChecklistForm, ChecklistItemRow, ChecklistReportFilter, ChecklistRow } from '@contract/checklist';
import type { VehicleOption } from '@contract/fleet';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import { apiFile, apiGet, dataTables, imageBlob, isApiError, type CallOptions } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { downloadCsv } from '@/lib/download';
import { useSession } from '@/lib/session';
import { cachePut, getDb } from '@/offline/db';
import { deleteDraft, saveDraft, type Draft } from '@/offline/drafts';
import { discardItem } from '@/offline/outbox';
import { onSyncEvent } from '@/offline/sync-client';
import { sendWrites } from '@/offline/writes';
import { CHECKLIST_SAVE_KIND, checklistGroup, type PhaseValues, type QueuedChecklistWrite } from './checklist-rules';

/** how long a submit waits for the server before it is left to the outbox (shown 'Belum dihantar' meanwhile) */
const SAVE_WAIT_MS = 8_000;

export const checklistKeys = {
  all: ['checklist'] as const,
  form: (rosterId: number) => ['checklist', 'form', rosterId] as const,
  report: (filter: ChecklistReportFilter | null, q: Partial<DataTablesQuery>) => ['checklist', 'report', filter, q] as const,
  items: (checklistId: number, page: number) => ['checklist', 'items', checklistId, page] as const,
  photo: (photoId: number) => ['checklist', 'photo', photoId] as const,
  vehicles: (sectionId: number) => ['checklist', 'vehicles', sectionId] as const,
};

// ---------------------------------------------------------------- the tablet's form

export const formCall = (rosterId: number, opts?: CallOptions) => apiGet<ChecklistForm>(CHECKLIST_PATHS.forRoster(rosterId), opts);

export interface FormData {
  form: ChecklistForm;
  /** null: fresh from the server; else when the copy on the device was made */
  cachedAt: string | null;
}

/** What the tablet needs for the roster's checklist, network first, the last answer kept on the device. */
export function useChecklistForm(rosterId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: checklistKeys.form(rosterId),
    queryFn: async ({ signal }): Promise<FormData> => {
      const r = await networkFirst(userId, `checklist:form:${rosterId}`, () => formCall(rosterId, { signal, quiet: true }));
      return { form: r.data, cachedAt: r.cachedAt };
    },
    enabled: rosterId > 0,
    refetchOnWindowFocus: false,
    retry: (count, err) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });
}

const isDetail = (v: unknown): v is ChecklistDetail =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ChecklistDetail).pkDailyAssetChecklistId === 'number' &&
  Array.isArray((v as ChecklistDetail).items);

/**
 * When the outbox delivers a write of this roster's checklist (here, in another tab or from the service worker), the
 * save's answer (the checklist with its items) goes into the form at once; a photo refreshes it.
 */
export function useDeliveredIntoForm(rosterId: number) {
  const qc = useQueryClient();
  const userId = useSession()?.user.userId;
  useEffect(() => {
    const group = checklistGroup(rosterId);
    return onSyncEvent((e) => {
      if (e.type !== 'acked' || e.item.group !== group) return;
      const key = checklistKeys.form(rosterId);
      if (e.item.kind === CHECKLIST_SAVE_KIND && isDetail(e.answer)) {
        const checklist = e.answer;
        qc.setQueryData<FormData>(key, (old) => {
          if (!old) return old;
          const next = { ...old, form: { ...old.form, checklist } };
          // the copy on the device follows, so the screen opens offline with it
          if (userId) void cachePut(userId, `checklist:form:${rosterId}`, next.form).catch(() => undefined);
          return next;
        });
      } else {
        void qc.invalidateQueries({ queryKey: key });
      }
    });
  }, [qc, rosterId, userId]);
}

/** The user's writes of the roster's checklist still in the outbox (live: they survive a reload). */
export function useQueuedChecklist(rosterId: number): { items: QueuedChecklistWrite[]; loaded: boolean } {
  const userId = useSession()?.user.userId;
  return (
    useLiveQuery(
      async () => {
        if (!userId) return { items: [], loaded: true };
        const group = checklistGroup(rosterId);
        const rows = (await getDb().outbox.where('userId').equals(userId).sortBy('seq')).filter((i) => i.group === group);
        return {
          items: rows.map((i) => ({
            clientId: i.clientId,
            seq: i.seq,
            kind: i.kind,
            state: i.state,
            body: i.body,
            park: i.park ? { message: i.park.message } : undefined,
            blob: i.blob,
          })),
          loaded: true,
        };
      },
      [userId, rosterId],
      { items: [] as QueuedChecklistWrite[], loaded: false },
    ) ?? { items: [], loaded: false }
  );
}

// ---------------------------------------------------------------- the draft on the device

export interface ChecklistDraftValues extends PhaseValues {
  /** the client ids of the submit's outbox items (the draft stays until the server has them) */
  submitted?: string[];
}

export const draftIdOf = (userId: string, rosterId: number, phase: ChecklistPhase) => `checklist:${userId}:${rosterId}:${phase}`;

/** The draft of one phase (undefined while IndexedDB answers, null when there is none). */
export function useChecklistDraft(rosterId: number, phase: ChecklistPhase): Draft<ChecklistDraftValues> | null | undefined {
  const userId = useSession()?.user.userId;
  return useLiveQuery(
    async () =>
      userId ? (((await getDb().drafts.get(draftIdOf(userId, rosterId, phase))) as Draft<ChecklistDraftValues> | undefined) ?? null) : null,
    [userId, rosterId, phase],
    undefined,
  );
}

export function writeDraft(input: { userId: string; rosterId: number; phase: ChecklistPhase; title: string; values: ChecklistDraftValues }) {
  return saveDraft<ChecklistDraftValues>(getDb(), {
    id: draftIdOf(input.userId, input.rosterId, input.phase),
    userId: input.userId,
    kind: 'checklist',
    title: input.title,
    values: input.values,
    link: { to: '/senaraisemak/$rosterId', params: { rosterId: String(input.rosterId) } },
  });
}

export const removeDraft = (userId: string, rosterId: number, phase: ChecklistPhase) => deleteDraft(getDb(), draftIdOf(userId, rosterId, phase));

// ---------------------------------------------------------------- writes

/** Queues a submit (save, then its photos) and waits a while: 'sent', 'queued', or a ParkedWriteError thrown. */
/** silent: the screen shows the phase as 'Belum dihantar' until the server has it (no toast over the tablet's buttons) */
export const sendSubmit = (items: Parameters<typeof sendWrites>[0]) => sendWrites(items, { waitMs: SAVE_WAIT_MS, silent: true });

/** Takes a refused submit's items (and those waiting behind them) off the device before the corrected one goes. */
export async function discardQueued(clientIds: readonly string[]) {
  const db = getDb();
  for (const id of clientIds) {
    const item = await db.outbox.where('clientId').equals(id).first();
    if (item && item.state !== 'sending') await discardItem(db, id);
  }
}

// ---------------------------------------------------------------- photos

/** GET dailyAssetChecklistItems/photo/{id} with the bearer token → the JPEG. */
export async function photoBytesCall(photoId: number, signal?: AbortSignal): Promise<Blob> {
  return imageBlob(await apiFile('GET', CHECKLIST_PATHS.photo(photoId), undefined, 'image/*, application/json', { signal }));
}

/** A photo's bytes, fetched once a session (a photo never changes). */
export function usePhotoBlob(photoId: number) {
  return useQuery({
    queryKey: checklistKeys.photo(photoId),
    queryFn: ({ signal }) => photoBytesCall(photoId, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });
}

// ---------------------------------------------------------------- the report

export const reportCall = (filter: ChecklistReportFilter, q: Partial<DataTablesQuery>, opts?: CallOptions) =>
  dataTables<ChecklistRow>(CHECKLIST_PATHS.reportDataTables, filter, q, opts) as Promise<DataTablesResult<ChecklistRow>>;

export const reportCsv = (filter: ChecklistReportFilter, q: Partial<DataTablesQuery>) =>
  downloadCsv(CHECKLIST_PATHS.reportCsv, filter, q, 'laporan-senarai-semak.csv');

export function useChecklistReport(filter: ChecklistReportFilter | null, q: Partial<DataTablesQuery>) {
  return useQuery({
    queryKey: checklistKeys.report(filter, q),
    queryFn: ({ signal }) => reportCall(filter!, q, { signal }),
    placeholderData: keepPreviousData,
    enabled: filter !== null,
  });
}

/** The items of one checklist, 5 a page (§9). */
export function useChecklistItems(checklistId: number | null, page: number) {
  return useQuery({
    queryKey: checklistKeys.items(checklistId ?? 0, page),
    queryFn: ({ signal }) =>
      dataTables<ChecklistItemRow>(
        CHECKLIST_PATHS.itemsDataTables,
        { pkDailyAssetChecklistId: checklistId! },
        { length: CHECKLIST_ITEMS_PAGE_SIZE, start: page * CHECKLIST_ITEMS_PAGE_SIZE },
        { signal },
      ) as Promise<DataTablesResult<ChecklistItemRow>>,
    placeholderData: keepPreviousData,
    enabled: !!checklistId,
  });
}

/** The active vehicles of a section (the vehicle filter). */
export function useSectionVehicles(sectionId: number | undefined) {
  return useQuery({
    queryKey: checklistKeys.vehicles(sectionId ?? 0),
    queryFn: ({ signal }) => apiGet<VehicleOption[]>(VEHICLE_PATHS.bySection(sectionId!), { signal }),
    enabled: !!sectionId,
    staleTime: 5 * 60_000,
  });
}

/** Puts the roster's checklist form on the device (Syif saya warms the shift's screens: they open offline). */
export const warmChecklistForm = (userId: string, rosterId: number) =>
  networkFirst(userId, `checklist:form:${rosterId}`, () => formCall(rosterId, { quiet: true }));
