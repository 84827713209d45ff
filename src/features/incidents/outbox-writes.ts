/**
 * Every write of the incident, journal and comms screens goes through the outbox (issue #4): the builders here make
 * the outbox items (label for the panel, ordering group, version chain, references to records created offline,
 * the form values to reopen a refused item), and sendWrites() queues them and waits a while for the server's answer,
 * so an online screen behaves as before and an offline one keeps working ('Disimpan dalam peranti — …').
 */
import type { AuditSave, IncidentSave } from '@contract/incidents';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import { PATHS } from '@contract/paths';
import { ApiError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { getDb } from '@/offline/db';
import { discardItem, incidentGroup, newId, ref, type NewOutboxItem, type OutboxItem, type ParkInfo, type Ref } from '@/offline/outbox';
import { queueAndWait } from '@/offline/sync-client';
import { notifyIfStorageFull, notifyQueued } from '@/ui/sync-toasts';

/** The incident a write belongs to: its server id, or the entity client id of a case created on this device. */
export interface IncidentTarget {
  id?: number | null;
  entity?: string | null;
  /** for labels: the ticket number when known */
  ticket?: string | null;
}

export const currentUserId = (): string => {
  const id = getSession()?.user.userId;
  if (!id) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  return id;
};

/** The ordering group of writes of one incident (see incidentGroup). */
export const groupOf = (userId: string, target: IncidentTarget) => incidentGroup(getDb(), userId, { id: target.id ?? null, entity: target.entity ?? null });

/** The id to put in a body: the server id, or a reference resolved when the case has been created. */
export const incidentIdOrRef = (target: IncidentTarget): number | Ref => {
  if (target.id != null && target.id > 0) return target.id;
  if (target.entity) return ref(target.entity);
  throw new Error('incidentIdOrRef: an id or an entity is needed');
};

const ticketOf = (target: IncidentTarget) => target.ticket || (target.id ? `#${target.id}` : t('queued.newTicket'));
const refOf = (target: IncidentTarget): OutboxItem['incidentRef'] => ({
  ...(target.id ? { id: target.id } : {}),
  ...(target.entity ? { entity: target.entity } : {}),
  ...(target.ticket ? { ticket: target.ticket } : {}),
});

// ---------------------------------------------------------------- running

/** The server refused a queued write while the user was still on the screen: its message, as an ApiError. */
export class ParkedWriteError extends ApiError {
  constructor(
    readonly park: ParkInfo,
    /** answers of the items that went through before the refused one, by client id */
    readonly answers: Record<string, unknown>,
    /** the item the server refused */
    readonly item: OutboxItem,
  ) {
    super(park.status, park.errorCode, park.message, { field: park.field, kind: 'http' });
    this.name = 'ParkedWriteError';
  }
  get current() {
    return this.park.current;
  }
}

export type WriteOutcome =
  | { status: 'sent'; answers: Record<string, unknown>; items: OutboxItem[] }
  | { status: 'queued'; answers: Record<string, unknown>; items: OutboxItem[] };

/**
 * Queues the items and waits for their fate. 'sent': the server's answers by client id. 'queued': kept on the
 * device (the toast says so unless `silent`). A refusal (400/403/409) while the user is still on the screen is
 * thrown as ParkedWriteError after the items of this write are taken out of the outbox again: the screen still
 * holds what the user typed, shows the message, and the user fixes and resends (no duplicate stays behind).
 */
export async function sendWrites(items: NewOutboxItem[], opts: { waitMs?: number; replaces?: string[]; silent?: boolean } = {}): Promise<WriteOutcome> {
  let outcome;
  try {
    outcome = await queueAndWait(items, { waitMs: opts.waitMs, replaces: opts.replaces });
  } catch (err) {
    notifyIfStorageFull(err);
    throw err;
  }
  if (outcome.status === 'parked') {
    const db = getDb();
    for (const i of outcome.items) if (!(i.clientId in outcome.answers)) await discardItem(db, i.clientId);
    throw new ParkedWriteError(outcome.park, outcome.answers, outcome.item);
  }
  if (outcome.status === 'queued' && !opts.silent) notifyQueued();
  return outcome;
}

/** The answer of one item of a write, when the server gave it. */
export const answerOf = <T>(o: WriteOutcome, item: NewOutboxItem | undefined): T | undefined =>
  item?.clientId && item.clientId in o.answers ? (o.answers[item.clientId] as T) : undefined;

// ---------------------------------------------------------------- incident

export interface NewCaseWriteInput {
  userId: string;
  incident: IncidentSave;
  /** the subform's payload (SUBFORM_SAVE_SCHEMAS), without pkIncidentId */
  subform: { type: EventTypeId; payload: Record<string, unknown> } | null;
  /** for the label: the event type's name and the kilometre */
  typeName: string;
  /** the whole form, so a refused item can be reopened in it */
  formValues: unknown;
  /** the entity client id of the new case (made here when not given) */
  entity?: string;
  /** the ordering group (default `incident:c:<entity>`) */
  group?: string;
}

/**
 * Hantar of a new case: incident/save creating the case (entity client id, its server id goes to the id map) and
 * the subform save referring to it (`pkIncidentId: ref(entity)`), in one group so they go in order.
 */
export function newCaseItems(input: NewCaseWriteInput): { entity: string; items: NewOutboxItem[] } {
  const entity = input.entity ?? newId();
  const group = input.group ?? `incident:c:${entity}`;
  const label = t('queued.label.newCase', { type: input.typeName, km: input.incident.kilometerMarker });
  const incidentRef = { entity };
  const items: NewOutboxItem[] = [
    {
      clientId: newId(),
      userId: input.userId,
      kind: 'incident.create',
      label,
      path: PATHS.incidentSave,
      body: input.incident,
      group,
      creates: { entity, idField: 'pkIncidentId', kind: 'incident' },
      formValues: input.formValues,
      incidentRef,
    },
  ];
  if (input.subform) items.push(subformItem({ userId: input.userId, group, target: { entity }, subform: input.subform, typeName: input.typeName, formValues: input.formValues, base: null }));
  return { entity, items };
}

/** One subform save of a case (new record when the payload has no id; over its own record with its version). */
export function subformItem(input: {
  userId: string;
  group: string;
  target: IncidentTarget;
  subform: { type: EventTypeId; payload: Record<string, unknown> };
  typeName: string;
  formValues?: unknown;
  /** the subform record's version the screen showed (null: a new record) */
  base: number | null;
  /** the subform record's id (version chain) */
  subformId?: number | null;
}): NewOutboxItem {
  const { type, payload } = input.subform;
  const body = { ...payload, pkIncidentId: incidentIdOrRef(input.target), incidentTypeId: type };
  return {
    clientId: newId(),
    userId: input.userId,
    kind: 'subform.save',
    label: t('queued.label.subform', { type: input.typeName, ticket: ticketOf(input.target) }),
    path: PATHS.subformSave(SUBFORMS[type].path),
    body,
    group: input.group,
    versioned: input.base !== null && input.subformId ? { entity: `subform:${input.subformId}`, base: input.base, inBody: true } : undefined,
    formValues: input.formValues,
    incidentRef: refOf(input.target),
  };
}

/**
 * Kemaskini → Simpan (§4.2): the main record (its version: a stale one gets 409 with the server's record), then
 * the subform. A changed event type needs no separate delete: incident/save drops the old subform in its own
 * transaction (server/modules/incident/service.ts), so the old record's delete is not queued.
 */
export async function caseEditItems(input: {
  userId: string;
  target: IncidentTarget & { id: number };
  incident: IncidentSave;
  subform: { type: EventTypeId; payload: Record<string, unknown> } | null;
  typeName: string;
  formValues: unknown;
}): Promise<NewOutboxItem[]> {
  const group = await groupOf(input.userId, input.target);
  const items: NewOutboxItem[] = [
    {
      clientId: newId(),
      userId: input.userId,
      kind: 'incident.update',
      label: t('queued.label.caseEdit', { ticket: ticketOf(input.target) }),
      path: PATHS.incidentSave,
      body: input.incident,
      group,
      versioned: { entity: group, base: input.incident.version ?? null, inBody: true },
      formValues: input.formValues,
      incidentRef: refOf(input.target),
    },
  ];
  if (input.subform) {
    const raw = input.subform.payload[SUBFORMS[input.subform.type].idField];
    const subformId = typeof raw === 'number' ? raw : null;
    const base = typeof input.subform.payload.version === 'number' ? input.subform.payload.version : null;
    // one user action: choosing the server's version of the case (discarding the main save) drops its subform too
    items.push({
      ...subformItem({ userId: input.userId, group, target: input.target, subform: input.subform, typeName: input.typeName, formValues: input.formValues, base, subformId }),
      partOf: items[0].clientId,
    });
  }
  return items;
}

/**
 * One incidentAudit/save (patrol steps, Tutup, BATALKAN KES, Tolak). It moves the case's version on without
 * carrying it (`inBody: false`), so the user's later queued edits go on top of it.
 */
export async function auditItem(input: {
  userId: string;
  target: IncidentTarget & { id: number };
  payload: AuditSave;
  statusName: string;
  /** the case version the screen showed */
  base: number | null;
}): Promise<NewOutboxItem> {
  const group = await groupOf(input.userId, input.target);
  return {
    clientId: newId(),
    userId: input.userId,
    kind: 'audit.save',
    label: t('queued.label.status', { status: input.statusName, ticket: ticketOf(input.target) }),
    path: PATHS.auditSave,
    body: input.payload,
    group,
    versioned: { entity: group, base: input.base, inBody: false },
    incidentRef: refOf(input.target),
  };
}

// ---------------------------------------------------------------- journal and documents

export interface ImageToSend {
  name: string;
  blob: Blob;
}

/**
 * A journal entry with its photos: journalEntry/save creating the entry (entity client id), then one
 * document/saveFile per photo referring to it (`fkTableId: ref(journalEntity)`); the JPEG stays a Blob in the item
 * and becomes `fileContent` (base64) when sent.
 */
export async function journalItems(input: {
  userId: string;
  target: IncidentTarget;
  subformId?: number | null;
  entry: string;
  images?: ImageToSend[];
}): Promise<{ journalEntity: string; items: NewOutboxItem[] }> {
  const group = await groupOf(input.userId, input.target);
  const journalEntity = newId();
  const ticket = ticketOf(input.target);
  const incidentRef = refOf(input.target);
  const items: NewOutboxItem[] = [
    {
      clientId: newId(),
      userId: input.userId,
      kind: 'journal.save',
      label: t('queued.label.journal', { ticket }),
      path: PATHS.journalEntrySave,
      body: { entry: input.entry, pkIncidentId: incidentIdOrRef(input.target), ...(input.subformId ? { incidentSubFormId: input.subformId } : {}) },
      group,
      creates: { entity: journalEntity, idField: 'pkJournalEntryId', kind: 'journal' },
      incidentRef,
    },
  ];
  for (const img of input.images ?? [])
    items.push(documentItem({ userId: input.userId, group, target: input.target, tableType: 'JOURNAL_ENTRY', fkTableId: ref(journalEntity), image: img }));
  return { journalEntity, items };
}

/** One document/saveFile (a journal photo or a subform's Lampiran Media). */
export function documentItem(input: {
  userId: string;
  group: string;
  target: IncidentTarget;
  tableType: 'JOURNAL_ENTRY' | 'INCIDENT_SUBFORM';
  fkTableId: number | Ref;
  image: ImageToSend;
}): NewOutboxItem {
  const ticket = ticketOf(input.target);
  return {
    clientId: newId(),
    userId: input.userId,
    kind: 'document.save',
    label: t(input.tableType === 'JOURNAL_ENTRY' ? 'queued.label.photo' : 'queued.label.media', { name: input.image.name, ticket }),
    path: PATHS.documentSave,
    body: { tableType: input.tableType, fkTableId: input.fkTableId, documentName: input.image.name, documentType: input.image.blob.type || 'image/jpeg' },
    blob: input.image.blob,
    group: input.group,
    incidentRef: refOf(input.target),
  };
}

/** attachmentList/delete/{id}. */
export function attachmentDeleteItem(userId: string, pkAttachmentListId: number, group?: string): NewOutboxItem {
  const clientId = newId();
  return {
    clientId,
    userId,
    kind: 'attachment.delete',
    label: t('queued.label.attachmentDelete', { id: pkAttachmentListId }),
    path: PATHS.attachmentDelete(pkAttachmentListId),
    body: {},
    group: group ?? `misc:${clientId}`,
  };
}

/** A write of its own (read marks, broadcasts): its own group, nothing waits for it. */
export function miscItem(userId: string, kind: string, label: string, path: string, body: unknown): NewOutboxItem {
  const clientId = newId();
  return { clientId, userId, kind, label, path, body, group: `misc:${clientId}` };
}
