/**
 * The reads of the detail and print pages (react-query). The case, its audit trail and its subform go network
 * first with the user's offline copy as the fallback (src/lib/cached.ts), so a patrol tablet that loses coverage
 * still shows the case it opened last.
 */
import { useQuery } from '@tanstack/react-query';
import { type EventTypeId, isEventTypeId } from '@contract/incident-rules';
import { isApiError } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';
import { childrenFromRows } from '../form/children-io';
import { fetchAudit, fetchChildren, fetchIncidentView, fetchJournal, fetchSubform, incidentKeys } from './detail-api';

/** a 4xx (no such case, another region) will not change on a second try; a dropped connection may */
const retry = (n: number, e: unknown) => n < 2 && !(isApiError(e) && e.status >= 400 && e.status < 500);

export function useIncidentView(id: number) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: incidentKeys.view(id),
    queryFn: () => networkFirst(userId, `incident:view:${id}`, () => fetchIncidentView(id)),
    retry,
  });
}

export function useIncidentAudit(id: number) {
  const userId = useSession()?.user.userId;
  return useQuery({ queryKey: incidentKeys.audit(id), queryFn: () => networkFirst(userId, `incident:audit:${id}`, () => fetchAudit(id)), retry });
}

export function useIncidentSubform(typeId: EventTypeId | null, subformId: number | null | undefined) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: incidentKeys.subform(typeId ?? 0, subformId ?? 0),
    queryFn: async () => (await networkFirst(userId, `incident:subform:${typeId}:${subformId}`, () => fetchSubform(typeId!, subformId!))).data,
    enabled: !!typeId && !!subformId && subformId > 0,
    retry,
  });
}

/** The subform's child lists (vehicles, injuries, lanes, assistance, …) as form items; the device copy offline. */
export function useSubformChildren(typeId: EventTypeId | null, subformId: number | null | undefined) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: incidentKeys.children(typeId ?? 0, subformId ?? 0),
    queryFn: async () =>
      childrenFromRows((await networkFirst(userId, `incident:children:${typeId}:${subformId}`, () => fetchChildren(typeId!, subformId!))).data),
    enabled: !!typeId && !!subformId && subformId > 0,
    retry,
  });
}

/** The journal as the print view shows it (the page's own journal panel keeps its own list). */
export function useIncidentJournal(id: number) {
  return useQuery({ queryKey: incidentKeys.journal(id), queryFn: () => fetchJournal(id), retry });
}

/** Puts a case's view, audit trail, subform and child lists on the device (Syif saya warms its cases: they open offline). */
export async function warmCase(userId: string, id: number): Promise<number | null> {
  // answers the case's subform id (its media list is warmed with the journal)
  const [view] = await Promise.all([
    networkFirst(userId, `incident:view:${id}`, () => fetchIncidentView(id)),
    networkFirst(userId, `incident:audit:${id}`, () => fetchAudit(id)),
  ]);
  const v = view.data;
  const typeId = isEventTypeId(v.incidentCategory.key) ? (v.incidentCategory.key as EventTypeId) : null;
  if (!typeId || !v.subformId) return v.subformId ?? null;
  const subformId = v.subformId;
  await Promise.all([
    networkFirst(userId, `incident:subform:${typeId}:${subformId}`, () => fetchSubform(typeId, subformId)),
    networkFirst(userId, `incident:children:${typeId}:${subformId}`, () => fetchChildren(typeId, subformId)),
  ]);
  return subformId;
}
