import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@contract/lookups';
import type { Attachment, JournalEntry } from '@contract/incidents';
import { isApiError } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { getSession, useSession } from '@/lib/session';
import { journalListCacheKey } from '@/offline/ack-cache';
import { attachmentDeleteItem } from '@/offline/case-writes';
import { sendWrites } from '@/offline/writes';
import { documentBytesCall, journalListCall, mediaListCall } from './journal-api';
import { sortEntries } from './journal-rules';

export const journalKeys = {
  all: ['journal'] as const,
  list: (incidentId: number) => ['journal', 'list', incidentId] as const,
  media: (subformId: number) => ['journal', 'media', subformId] as const,
  document: (pkDocumentsId: number) => ['journal', 'document', pkDocumentsId] as const,
};

/**
 * The journal of a case, newest first; refreshed every 60 s while shown (§9 refresh), and when the outbox delivers
 * the user's writes (issue #4: the sync runtime refreshes every query then). The last list is kept on the device
 * for offline use.
 */
export function useJournal(incidentId: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: journalKeys.list(incidentId),
    queryFn: async ({ signal }) =>
      sortEntries((await networkFirst(userId, journalListCacheKey(incidentId), () => journalListCall(incidentId, { signal, quiet: true }))).data),
    refetchInterval: TIMING.refreshMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    enabled: incidentId > 0,
  });
}

/** Lampiran Media of one subform (the last list kept on the device for offline use). */
export function useMedia(subformId: number | null | undefined) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: journalKeys.media(subformId ?? 0),
    queryFn: async ({ signal }) =>
      (await networkFirst(userId, `journal:media:${subformId}`, () => mediaListCall(subformId!, { signal, quiet: true }))).data.rows,
    enabled: !!subformId && subformId > 0,
    refetchInterval: TIMING.refreshMs,
    refetchIntervalInBackground: false,
  });
}

/**
 * The bytes of one image, kept in memory (the query cache) for the session: an attachment's content never
 * changes, so it is fetched once however often its thumbnail is shown.
 */
export function useDocumentBlob(pkDocumentsId: number) {
  return useQuery({
    queryKey: journalKeys.document(pkDocumentsId),
    queryFn: ({ signal }) => documentBytesCall(pkDocumentsId, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    // a 4xx (deleted, no access) will not change on a second try; a dropped connection may
    retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });
}

const sessionUserId = () => {
  const id = getSession()?.user.userId;
  if (!id) throw new Error('signed out');
  return id;
};

/** Removes one attachment (§6 rule checked by the caller and again by the server); the lists refresh. */
export function useDeleteAttachment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (pkAttachmentListId: number) => {
      const userId = sessionUserId();
      return (await sendWrites([attachmentDeleteItem(userId, pkAttachmentListId)])).status;
    },
    onSuccess: (_res, id) => {
      // drop it at once from whatever list shows it, then ask the server again
      qc.setQueriesData<JournalEntry[]>({ queryKey: ['journal', 'list'] }, (old) =>
        old?.map((e) =>
          e.attachments.some((a) => a.pkAttachmentListId === id)
            ? { ...e, attachments: e.attachments.filter((a) => a.pkAttachmentListId !== id) }
            : e,
        ),
      );
      qc.setQueriesData<Attachment[]>({ queryKey: ['journal', 'media'] }, (old) => old?.filter((a) => a.pkAttachmentListId !== id));
      qc.removeQueries({ queryKey: journalKeys.document(id) });
      void qc.invalidateQueries({ queryKey: ['journal', 'list'] });
      void qc.invalidateQueries({ queryKey: ['journal', 'media'] });
    },
  });
}

/** Puts a case's journal and its subform's media list on the device (Syif saya warms its cases: they open offline). */
export async function warmJournal(userId: string, incidentId: number, subformId: number | null | undefined) {
  await Promise.all([
    networkFirst(userId, journalListCacheKey(incidentId), () => journalListCall(incidentId, { quiet: true })),
    subformId ? networkFirst(userId, `journal:media:${subformId}`, () => mediaListCall(subformId, { quiet: true })) : null,
  ]);
}
