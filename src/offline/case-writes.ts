/**
 * The outbox items every case screen builds (issue #4), whatever its feature: the case's ordering group, references
 * to a case created on this device, the labels' ticket, and the writes of the journal and the attachments (an entry
 * with its photos, a photo or a Lampiran Media file, an attachment's delete). The incident screens' own writes (new
 * case, subform, child lists, edits, status steps) are in src/features/incidents/outbox-writes.ts; sendWrites() that
 * queues them all is in ./writes.ts.
 */
import { PATHS } from '@contract/paths';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/offline-writes';
import { journalListOnAck } from './ack-cache';
import { getDb } from './db';
import { incidentGroup, newId, ref, type NewOutboxItem, type OutboxItem, type Ref } from './outbox';

/** The incident a write belongs to: its server id, or the entity client id of a case created on this device. */
export interface IncidentTarget {
  id?: number | null;
  entity?: string | null;
  /** for labels: the ticket number when known */
  ticket?: string | null;
}

/** The ordering group of writes of one incident (see incidentGroup). */
export const groupOf = (userId: string, target: IncidentTarget) =>
  incidentGroup(getDb(), userId, { id: target.id ?? null, entity: target.entity ?? null });

/** The id to put in a body: the server id, or a reference resolved when the case has been created. */
export const incidentIdOrRef = (target: IncidentTarget): number | Ref => {
  if (target.id != null && target.id > 0) return target.id;
  if (target.entity) return ref(target.entity);
  throw new Error('incidentIdOrRef: an id or an entity is needed');
};

/** The case in an item's label: its ticket, its server id, or 'kes baharu'. */
export const ticketOf = (target: IncidentTarget) => target.ticket || (target.id ? `#${target.id}` : t('queued.newTicket'));
/** The case an item belongs to (the journal and the audit trail show the queued items of their case). */
export const refOf = (target: IncidentTarget): OutboxItem['incidentRef'] => ({
  ...(target.id ? { id: target.id } : {}),
  ...(target.entity ? { entity: target.entity } : {}),
  ...(target.ticket ? { ticket: target.ticket } : {}),
});

// ---------------------------------------------------------------- journal and documents

export interface ImageToSend {
  name: string;
  blob: Blob;
  /** evidence (issue #19): the original's EXIF capture time, and the device's clock when the photo was taken or chosen */
  capturedAt?: string | null;
  deviceTime?: string | null;
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
      cacheOnAck: journalListOnAck,
      incidentRef,
    },
  ];
  for (const img of input.images ?? [])
    items.push(
      documentItem({ userId: input.userId, group, target: input.target, tableType: 'JOURNAL_ENTRY', fkTableId: ref(journalEntity), image: img }),
    );
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
    body: {
      tableType: input.tableType,
      fkTableId: input.fkTableId,
      documentName: input.image.name,
      documentType: input.image.blob.type || 'image/jpeg',
      // stored in the item: a photo queued offline keeps the time it was taken, not the time it is finally sent
      ...(input.image.capturedAt ? { capturedAt: input.image.capturedAt } : {}),
      ...(input.image.deviceTime ? { deviceTime: input.image.deviceTime } : {}),
    },
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
