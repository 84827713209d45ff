/**
 * The journal text box as a draft (issue #4 item 2): what a patrol officer types is saved on the device 500 ms after
 * the last key (and when the page goes), comes back in the box when the case is opened again, also after the
 * browser was closed, and is listed in Draf. Sending (or emptying the box) deletes it. One draft per user and case.
 */
import { useEffect, useRef } from 'react';
import { useSession } from '@/lib/session';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/journal';
import { getDb } from '@/offline/db';
import { deleteDraft, getDraft, saveDraft } from '@/offline/drafts';
import { isBlankEntry } from './journal-rules';

export interface JournalDraftTarget {
  /** the case's server id (0 while a case created offline has none) */
  incidentId: number;
  pendingEntity?: string;
  ticketNumber?: string;
}

const draftId = (userId: string, c: JournalDraftTarget) => `journal:${userId}:${c.incidentId > 0 ? c.incidentId : `c:${c.pendingEntity}`}`;

async function store(userId: string, c: JournalDraftTarget, text: string) {
  const db = getDb();
  const id = draftId(userId, c);
  if (isBlankEntry(text)) return deleteDraft(db, id);
  await saveDraft(db, {
    id,
    userId,
    kind: 'journal',
    title: t('journal.draftTitle', { ticket: c.ticketNumber ?? '' }),
    values: { entry: text },
    link:
      c.incidentId > 0
        ? { to: '/insidenView/$insidenId', params: { insidenId: String(c.incidentId) } }
        : { to: '/kes-tertunda/$entity', params: { entity: c.pendingEntity ?? '' } },
    ...(c.incidentId > 0 ? { incidentId: c.incidentId } : {}),
  });
}

/** Keeps `text` as the case's journal draft and hands a stored one back once (`onResume`) when the box is empty. */
export function useJournalDraft(c: JournalDraftTarget, text: string, onResume: (text: string) => void, enabled = true) {
  const userId = useSession()?.user.userId;
  const key = userId ? draftId(userId, c) : null;
  const latest = useRef({ text, dirty: false, c, userId });
  latest.current = { ...latest.current, text, c, userId };
  const resume = useRef(onResume);
  resume.current = onResume;

  // resume once per case
  useEffect(() => {
    if (!key || !enabled) return;
    let live = true;
    void getDraft<{ entry: string }>(getDb(), key)
      .then((d) => {
        if (live && d && isBlankEntry(latest.current.text)) resume.current(d.values.entry);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [key, enabled]);

  // save 500 ms after the last change
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved after a change of the text (or of the case, through key); c is read as it is then
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!userId || !enabled) return;
    latest.current.dirty = true;
    const timer = setTimeout(() => {
      latest.current.dirty = false;
      void store(userId, c, text).catch((err) => console.warn('[draft] journal text not saved', err));
    }, 500);
    return () => clearTimeout(timer);
  }, [text, userId, key, enabled]);

  // a change not saved yet is saved when the panel goes (another page, the tab closing)
  useEffect(() => {
    const flush = () => {
      const l = latest.current;
      if (l.dirty && l.userId) {
        l.dirty = false;
        void store(l.userId, l.c, l.text).catch(() => {});
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
}
