/**
 * The shift handover's rules on the client (issue #29 item 2), plain code: who sees the "Perlu serahan" panel, its
 * paths, and what a handover sends. contract/handover.ts builds zod schemas, so the PWA takes only its types
 * (tests/unit/client-imports.test.ts): its run-time constants are mirrored here, and the type check holds the
 * mirror to the contract (`satisfies typeof …`).
 */
import type { HANDOVER_PATHS as CONTRACT_PATHS, HandoverCase, HandoverSave } from '@contract/handover';
import { MANAGE_BASE } from '@contract/paths';
import { can } from '@contract/roles';
import { formatDateTimeShort } from '@/lib/time';

export const HANDOVER_PATHS = {
  pending: `${MANAGE_BASE}/handover/pending`,
  save: `${MANAGE_BASE}/handover/save`,
} as const satisfies typeof CONTRACT_PATHS;

/** Who sees the flags and hands over: whoever may assign a case (contract/handover.ts mayHandOver). */
export const mayHandOver = (roleName: string | null | undefined) => can(roleName, 'editCase');

/** The pending list is read again this often (and after every handover). */
export const HANDOVER_REFRESH_MS = 60_000;

/** The outbox kind of a handover write. */
export const HANDOVER_KIND = 'handover.save';

/** An instant as 'HH:mm' in Asia/Brunei ('' for none). */
export const clockOf = (iso: string | null | undefined) => formatDateTimeShort(iso).slice(11);

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
