/**
 * Drafts of the incident forms (issue #4 item 2) and the reopening of a refused outbox item in its form: the
 * new-case form (both steps) and the detail page's edit form save themselves as the user types; a sent or
 * discarded form deletes its draft. `reopenItemAsDraft` turns a parked new-case or edit item back into a draft that
 * replaces the item when sent.
 */
import { getDb } from '@/offline/db';
import { getDraft, saveDraft, type Draft } from '@/offline/drafts';
import { dependentsOf, newId, type OutboxItem } from '@/offline/outbox';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/offline-writes';
import type { NewCaseValues } from './new-case-submit';

export { DraftSearchSchema, type DraftSearch } from './draft-search';

/** What a new-case draft keeps beside the form: the entity of the case it replaces (a refused item reopened). */
export interface NewCaseDraftValues {
  form: NewCaseValues;
  /** a reopened new case keeps its entity client id, so journal entries written for it meanwhile still find it */
  entity?: string;
  /** the patrol's field report the form accepts (Terima, issue #30 item 2): a resumed draft still accepts it */
  fieldReportId?: number;
}

/** What an edit draft keeps: the form of the detail page. */
export interface EditDraftValues {
  main: unknown;
  sub: unknown;
  /** the case version the form started from */
  version: number | null;
  subformVersion: number | null;
}

export const newCaseDraftTitle = (typeName: string | undefined, km: string) =>
  typeName ? `${t('queued.draft.newCase', { type: typeName })}${km.trim() ? `, KM ${km.trim()}` : ''}` : t('queued.draft.newCaseEmpty');

export async function saveNewCaseDraft(input: {
  id: string;
  userId: string;
  values: NewCaseDraftValues;
  title: string;
  replaces?: string;
}): Promise<Draft> {
  return saveDraft(getDb(), {
    id: input.id,
    userId: input.userId,
    kind: 'newCase',
    title: input.title,
    values: input.values,
    link: { to: '/kesbaru', search: { draft: input.id } },
    ...(input.replaces ? { replaces: input.replaces } : {}),
  });
}

export async function saveEditDraft(input: {
  id: string;
  userId: string;
  incidentId: number;
  ticket: string;
  values: EditDraftValues;
  replaces?: string;
}): Promise<Draft> {
  return saveDraft(getDb(), {
    id: input.id,
    userId: input.userId,
    kind: 'subform',
    title: t('queued.draft.edit', { ticket: input.ticket }),
    values: input.values,
    link: { to: '/insidenView/$insidenId', params: { insidenId: String(input.incidentId) }, search: { draft: input.id } },
    incidentId: input.incidentId,
    ...(input.replaces ? { replaces: input.replaces } : {}),
  });
}

export const loadDraft = <V>(id: string) => getDraft<V>(getDb(), id);

/**
 * The client ids a sent draft replaces: the refused item and what cannot go without it in its own write (the
 * subform save of the same new case or edit), never the journal entries written for the case meanwhile.
 */
export async function replacedIds(draft: Pick<Draft, 'replaces'> | undefined): Promise<string[]> {
  if (!draft?.replaces) return [];
  const db = getDb();
  const item = await db.outbox.where('clientId').equals(draft.replaces).first();
  if (!item) return [];
  const deps = await dependentsOf(db, item);
  const partOfWrite = (kind: string) => kind === 'subform.save' || kind === 'child.save' || kind === 'child.delete';
  const sameWrite = deps.filter((d) => partOfWrite(d.kind) && d.group === item.group && d.userId === item.userId);
  // the subform save right after an edit belongs to it too (same group, no reference)
  const after = (await db.outbox.where('userId').equals(item.userId).sortBy('seq')).filter(
    (i) => i.group === item.group && (i.seq ?? 0) > (item.seq ?? 0) && partOfWrite(i.kind) && i.createdAt === item.createdAt,
  );
  return [...new Set([item.clientId, ...sameWrite.map((d) => d.clientId), ...after.map((d) => d.clientId)])];
}

/**
 * The outbox panel's 'Buka dalam borang': a parked new-case or edit item becomes a draft (its form values) that
 * replaces the item when the user sends the fixed form. Returns where to navigate.
 */
export async function reopenItemAsDraft(item: OutboxItem): Promise<{ to: string; search: Record<string, unknown>; params?: Record<string, string> }> {
  if (item.formValues === undefined) throw new Error('reopenItemAsDraft: the item keeps no form values');
  const id = newId();
  const entity = item.incidentRef?.entity;
  const isNewCase = item.kind === 'incident.create' || (item.kind === 'subform.save' && !!entity && !item.incidentRef?.id);
  if (isNewCase) {
    const form = item.formValues as NewCaseValues;
    await saveNewCaseDraft({ id, userId: item.userId, values: { form, entity }, title: item.label, replaces: item.clientId });
    return { to: '/kesbaru', search: { draft: id } };
  }
  const incidentId = item.incidentRef?.id;
  if (!incidentId) throw new Error('reopenItemAsDraft: the item names no case');
  const values = item.formValues as EditDraftValues;
  await saveEditDraft({ id, userId: item.userId, incidentId, ticket: item.incidentRef?.ticket ?? `#${incidentId}`, values, replaces: item.clientId });
  return { to: '/insidenView/$insidenId', params: { insidenId: String(incidentId) }, search: { draft: id } };
}
