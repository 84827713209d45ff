/**
 * How the panel resolves a parked item: which fix it offers, the fields of a 409 that differ, and the call site of
 * 'Betulkan dalam borang' (the incident screens reopen a refused new-case/edit item as a draft of its form).
 */
import type { OutboxItem } from '@/offline/outbox';

/** Kinds whose data lives in a form: fixed by reopening it ('Betulkan dalam borang'). */
export const FORM_KINDS = ['incident.create', 'incident.update', 'subform.save'];

export function fixKind(item: Pick<OutboxItem, 'kind' | 'body'>): 'journal' | 'form' | null {
  if (item.kind === 'journal.save' && journalEntryOf(item) !== null) return 'journal';
  if (FORM_KINDS.includes(item.kind)) return 'form';
  return null;
}

export function journalEntryOf(item: Pick<OutboxItem, 'kind' | 'body'>): string | null {
  const b = item.body as { entry?: unknown } | null;
  return item.kind === 'journal.save' && b && typeof b.entry === 'string' ? b.entry : null;
}

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** Never compared: the concurrency token and references to records created on this device. */
const SKIP = new Set(['version']);

/**
 * The fields of the user's write that differ from the server's current record (409): only fields both have, so a
 * write that touches a few fields shows just those.
 */
export function conflictRows(mine: unknown, server: Record<string, unknown>): { field: string; mine: string; server: string }[] {
  if (!mine || typeof mine !== 'object' || Array.isArray(mine)) return [];
  const out: { field: string; mine: string; server: string }[] = [];
  for (const [field, value] of Object.entries(mine as Record<string, unknown>)) {
    if (SKIP.has(field) || !(field in server)) continue;
    if (value && typeof value === 'object' && '$ref' in (value as object)) continue;
    const a = show(value);
    const b = show(server[field]);
    if (a !== b) out.push({ field, mine: a, server: b });
  }
  return out;
}

export type ReopenLink = { to: string; search?: Record<string, unknown>; params?: Record<string, string> };

/**
 * 'Betulkan dalam borang': the incident screens' reopenItemAsDraft (src/features/incidents/new-case/new-case-drafts.ts,
 * handed in by the app: see SyncPanelActions) turns a refused new-case/edit item into a draft of its form (the draft
 * replaces the item when it is sent); returns where to go, or null when the item cannot be reopened (it keeps no
 * form values, or the reopening failed).
 */
export async function reopenInForm(item: OutboxItem, reopenItemAsDraft: (item: OutboxItem) => Promise<ReopenLink>): Promise<ReopenLink | null> {
  if (item.formValues === undefined) return null;
  try {
    return await reopenItemAsDraft(item);
  } catch (err) {
    console.warn('[sync] cannot reopen the item in its form', err);
    return null;
  }
}
