/**
 * How the panel resolves a parked item: which fix it offers, the fields of a 409 that differ, and the call site of
 * 'Betulkan dalam borang' (the incident screens reopen a refused new-case/edit item as a draft of its form).
 */
import { forbiddenCharsIn, stripForbidden } from '@contract/text-rules';
import type { OutboxItem, ParkReason } from '@/offline/outbox';

/** Kinds whose data lives in a form: fixed by reopening it ('Betulkan dalam borang'). */
export const FORM_KINDS = ['incident.create', 'incident.update', 'subform.save'];

export function fixKind(item: Pick<OutboxItem, 'kind' | 'body'>): 'journal' | 'form' | null {
  if (item.kind === 'journal.save' && journalEntryOf(item) !== null) return 'journal';
  if (FORM_KINDS.includes(item.kind)) return 'form';
  return null;
}

/**
 * Reasons whose item the user fixes (the journal text here, a case write in its form) and sends again: the server
 * refused the data (400/422…), or could not take it at all (5xx again and again while it was up: 'server').
 */
export const FIXABLE_REASONS: readonly ParkReason[] = ['invalid', 'server'];
export const isFixable = (reason: ParkReason | undefined): boolean => reason !== undefined && FIXABLE_REASONS.includes(reason);

export function journalEntryOf(item: Pick<OutboxItem, 'kind' | 'body'>): string | null {
  const b = item.body as { entry?: unknown } | null;
  return item.kind === 'journal.save' && b && typeof b.entry === 'string' ? b.entry : null;
}

/**
 * Characters no text field of the API takes and the user cannot see: the one rule of contract/text-rules.ts (issue
 * #20): C0 controls but tab, line feed and carriage return (a NUL made PostgreSQL answer 500), bidirectional
 * embeddings, overrides and isolates, and lone UTF-16 surrogates. Returns them as 'U+0000' (each once, in order);
 * empty when there is none.
 */
export const hiddenCharsOf = (text: string): string[] => forbiddenCharsIn(text);

/** The text without its hidden characters (what the panel's 'Buang aksara tersembunyi' leaves). */
export const stripHidden = (text: string): string => stripForbidden(text);

/**
 * The items that wait behind a parked item, by client id → that parked item: the later items of its group (sent in
 * order, they cannot pass it) and what refers to a record it (or an item waiting behind it) creates. `items` in
 * `seq` order, as listItems gives them. They go once the parked item is sent (or discarded).
 */
export function waitingBehind(items: readonly OutboxItem[]): Map<string, OutboxItem> {
  const out = new Map<string, OutboxItem>();
  const blockedGroups = new Map<string, OutboxItem>();
  const blockedEntities = new Map<string, OutboxItem>();
  for (const i of items) {
    let by: OutboxItem | undefined = i.state === 'parked' ? undefined : blockedGroups.get(i.group);
    if (!by && i.state !== 'parked') by = i.dependsOn.map((d) => blockedEntities.get(d)).find((x) => x !== undefined);
    const blocker = i.state === 'parked' ? (blockedGroups.get(i.group) ?? i) : by;
    if (by) out.set(i.clientId, by);
    if (blocker) {
      if (!blockedGroups.has(i.group)) blockedGroups.set(i.group, blocker);
      if (i.creates) blockedEntities.set(i.creates.entity, blocker);
    }
  }
  return out;
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
