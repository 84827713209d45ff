/**
 * The field report's calls (issue #30 item 2): the patrol's reports (FIELD_REPORT_PATHS.list, kept on the device
 * for offline like Syif saya's other copies) and those still in the outbox (live from IndexedDB); Hantar as ONE
 * outbox item with the photo as its Blob (the sync engine sends it as fileContent); the section's kilometre markers
 * (the device's copy, 'kmMarkers:<id>', as the case forms keep them); Tolak through the outbox.
 */
import { useQuery } from '@tanstack/react-query';
import { FIELD_REPORT_PATHS } from '@contract/field-report-rules';
import type { FieldReportReject, FieldReportRow } from '@contract/field-reports';
import type { SectionKmMarkers } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { ApiError, apiGet } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { FIELD_REPORT_REJECT_KIND, FIELD_REPORT_SAVE_KIND, fieldReportKeys, fieldReportListCall } from '@/lib/field-reports';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { getSession, useSession } from '@/lib/session';
import { kmMarkersCacheKey } from '@/lib/cache-keys';
import { useDbLive } from '@/offline/use-db-live';
import type { WriteOutcome } from '@/offline/writes';
import type { QueuedReport } from './field-report-rules';

/** The device copy of the patrol's reports. */
export const MY_REPORTS_CACHE_KEY = 'fieldReports:mine';

/** The patrol's reports (pending and recently decided), network first, the device's copy offline. */
export function useMyFieldReports(enabled = true) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: fieldReportKeys.mine(userId),
    queryFn: ({ signal }) => networkFirst(userId, MY_REPORTS_CACHE_KEY, () => fieldReportListCall({}, { signal, quiet: true })),
    enabled: enabled && !!userId,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}

/** The user's field reports still in the outbox (undefined until IndexedDB answers). */
export function useQueuedFieldReports(): QueuedReport[] | undefined {
  const userId = useSession()?.user.userId;
  return useDbLive(
    async (db) => {
      if (!userId) return [];
      const rows = await db.outbox.where('userId').equals(userId).sortBy('seq');
      return rows
        .filter((i) => i.kind === FIELD_REPORT_SAVE_KIND)
        .map((i) => ({ clientId: i.clientId, state: i.state, body: i.body, hasPhoto: !!i.blob, message: i.park?.message ?? null }));
    },
    [userId],
  );
}

/** The section's 100 m markers: the server's answer, else the device's copy (the same key as the case forms'). */
export function useSectionMarkers(sectionId: number | null) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['fieldReports', 'markers', userId ?? '', sectionId ?? 0],
    queryFn: async ({ signal }) =>
      (
        await networkFirst(userId, kmMarkersCacheKey(sectionId!), () =>
          apiGet<SectionKmMarkers[]>(PATHS.kmMarkersBySection(sectionId!), { signal, quiet: true }),
        )
      ).data,
    enabled: !!userId && !!sectionId,
    staleTime: 60 * 60_000,
    retry: false,
  });
}

/** The outbox's writing side (Dexie, the sync client) loads with the first report sent, not with Syif saya. */
const writes = () => import('@/offline/writes');

const sessionUserId = () => {
  const id = getSession()?.user.userId;
  if (!id) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  return id;
};

/** Hantar: one outbox item (the photo as its Blob); 'sent' with the stored row, or 'queued' on the device. */
export async function sendFieldReport(body: object, photo: Blob | null, label: string): Promise<WriteOutcome> {
  const userId = sessionUserId();
  const { miscItem, sendWrites } = await writes();
  const item = miscItem(userId, FIELD_REPORT_SAVE_KIND, label, FIELD_REPORT_PATHS.save, body);
  if (photo) item.blob = photo;
  return sendWrites([item]);
}

/** Tolak: FieldReportReject through the outbox (answered while the TMC waits; refused as ParkedWriteError). */
export async function rejectFieldReport(body: FieldReportReject, label: string): Promise<FieldReportRow | null> {
  const userId = sessionUserId();
  const { miscItem, sendWrites } = await writes();
  const item = miscItem(userId, FIELD_REPORT_REJECT_KIND, label, FIELD_REPORT_PATHS.reject, body);
  const outcome = await sendWrites([item]);
  return outcome.status === 'sent' ? ((outcome.answers[item.clientId!] as FieldReportRow | undefined) ?? null) : null;
}
