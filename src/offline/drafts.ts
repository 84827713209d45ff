/**
 * Form drafts: the new-case form and every subform save themselves here as the user types, so a reload, a closed
 * browser or a flat battery loses nothing. The 'Draf' list resumes or discards them. Per user (wiped at a sign-out
 * only when the user chose to leave nothing on the device).
 */
import type { LebuhrayaDb } from './db';
import { newId } from './outbox';

/** 'checklist': the daily vehicle checklist of one roster and phase (issue #16) */
export type DraftKind = 'newCase' | 'subform' | 'journal' | 'checklist';

export interface Draft<V = unknown> {
  id: string;
  userId: string;
  kind: DraftKind;
  /** what the list shows: 'Kes baharu — Kemalangan, KM 12.3' */
  title: string;
  values: V;
  /** where the draft is resumed: the route and its search params */
  link: { to: string; search?: Record<string, unknown>; params?: Record<string, string> };
  /** subform and journal drafts: the case they belong to */
  incidentId?: number;
  /** a draft made from a refused outbox item: its client id, replaced when the draft is sent */
  replaces?: string;
  createdAt: string;
  updatedAt: string;
}

export async function saveDraft<V>(db: LebuhrayaDb, d: Omit<Draft<V>, 'id' | 'createdAt' | 'updatedAt'> & { id?: string }): Promise<Draft<V>> {
  const now = new Date().toISOString();
  const id = d.id ?? newId();
  // one transaction: a delete issued meanwhile (the form was sent) is ordered before or after it, never between
  // the read and the write, so a sent draft cannot come back
  return db.transaction('rw', db.drafts, async () => {
    const old = await db.drafts.get(id);
    const row: Draft<V> = { ...d, id, createdAt: old?.createdAt ?? now, updatedAt: now };
    await db.drafts.put(row as Draft);
    return row;
  });
}

export const getDraft = async <V>(db: LebuhrayaDb, id: string) => (await db.drafts.get(id)) as Draft<V> | undefined;

export const deleteDraft = (db: LebuhrayaDb, id: string) => db.drafts.delete(id);

export async function listDrafts(db: LebuhrayaDb, userId: string): Promise<Draft[]> {
  const rows = await db.drafts.where('userId').equals(userId).toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
