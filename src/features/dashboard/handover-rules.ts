/**
 * The shift handover's rules on the client (issue #29 item 2), plain code: who sees the "Perlu serahan" panel, its
 * paths, and what a handover sends. The constants come from the zod-free contract/handover-rules.ts; the schemas'
 * types from contract/handover.ts (the PWA takes only types from files that build zod schemas,
 * tests/unit/client-imports.test.ts).
 */
import type { HandoverCase, HandoverSave } from '@contract/handover';
import { formatDateTimeShort } from '@/lib/time';

export { HANDOVER_PATHS, mayHandOver } from '@contract/handover-rules';

/** The pending list is read again this often (and after every handover). */
export const HANDOVER_REFRESH_MS = 60_000;

/** The outbox kind of a handover write. */
export const HANDOVER_KIND = 'handover.save';

/** An instant as 'HH:mm' in Asia/Brunei ('' for none). */
export const clockOf = (iso: string | null | undefined) => formatDateTimeShort(iso).slice(11);

/** Whether the incoming roster is on shift already (the panel words its start 'started', not 'starts'). */
export const hasStarted = (startsAt: string, now: number = Date.now()) => Date.parse(startsAt) <= now;

/** The rows a handover can take: those with a proposed incoming roster. */
export const handoverable = (rows: readonly HandoverCase[]) => rows.filter((r) => r.proposed !== null);

/** What is sent for the rows (the proposed roster named explicitly, so what the dialog said is what is done). */
export function handoverItems(rows: readonly HandoverCase[]): HandoverSave['items'] {
  return handoverable(rows).map((r) => ({ incidentId: r.incidentId, toRosterId: r.proposed!.pkDutyRosterId }));
}

/** The incoming rosters of the rows with how many cases each takes, in the order they first appear. */
export function targetsOf(rows: readonly HandoverCase[]): { rosterId: number; name: string; count: number }[] {
  const out = new Map<number, { rosterId: number; name: string; count: number }>();
  for (const r of handoverable(rows)) {
    const p = r.proposed!;
    const t = out.get(p.pkDutyRosterId);
    if (t) t.count++;
    else out.set(p.pkDutyRosterId, { rosterId: p.pkDutyRosterId, name: p.dutyRosterName, count: 1 });
  }
  return [...out.values()];
}

/** The incident ids of queued handover writes' bodies (those waiting on the device). */
export function queuedIncidentIds(bodies: readonly unknown[]): Set<number> {
  const ids = new Set<number>();
  for (const b of bodies) {
    const items = typeof b === 'object' && b !== null ? (b as { items?: unknown }).items : undefined;
    if (!Array.isArray(items)) continue;
    for (const i of items) {
      const id = typeof i === 'object' && i !== null ? (i as { incidentId?: unknown }).incidentId : undefined;
      if (typeof id === 'number') ids.add(id);
    }
  }
  return ids;
}
