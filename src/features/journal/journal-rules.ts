/**
 * The journal's rules as pure functions (unit-tested): §5 blank entries, §2.16 order, §6 read marks and delete
 * rights, and the Enter-to-send key rule.
 */
import { canDeleteAttachment, INCIDENT_LIMITS } from '@contract/incident-rules';
import { READ_STATUS } from '@contract/lookups';
import type { Attachment, JournalEntry } from '@contract/incidents';

export const ENTRY_MAX = INCIDENT_LIMITS.journalEntryMax;

/** §5: nothing is sent when the text is empty or only whitespace. */
export const isBlankEntry = (text: string | null | undefined) => !text || text.trim().length === 0;

/** What is sent: the text without leading/trailing blank lines and spaces. */
export const entryText = (text: string) => text.trim();

/** §2.16: newest first (by the instant, then by id for entries of the same second). */
export function sortEntries(entries: readonly JournalEntry[]): JournalEntry[] {
  return [...entries].sort((a, b) => {
    const ta = Date.parse(a.createdDateTime);
    const tb = Date.parse(b.createdDateTime);
    if (ta !== tb) return (Number.isNaN(tb) ? 0 : tb) - (Number.isNaN(ta) ? 0 : ta);
    return b.pkJournalEntryId - a.pkJournalEntryId;
  });
}

/** §4.4: a TMC reading a patrol's entry appends 'Read by: <name> (<role>) Read Date: …' to it. */
export const READ_BY_PATTERN = /Read by:\s*\S/;

/**
 * §6 read marks. Entries of TMC roles carry 829, those of patrol roles 830, others none. The control room reads the
 * patrol's entries (§4.4 appends 'Read by: …'), so a patrol entry (830) is 'unread' until that note is there and
 * 'read' after; any other entry with such a note is 'read'; otherwise no mark. Corrections and handovers: none.
 */
export function readMark(entry: Pick<JournalEntry, 'readStatus' | 'entry' | 'kind'>): 'read' | 'unread' | null {
  // a superadmin's data correction and a shift handover (issue #29) record an action: not a message to be read
  if (entry.kind === 'CORRECTION' || entry.kind === 'HANDOVER') return null;
  if (READ_BY_PATTERN.test(entry.entry)) return entry.readStatus === READ_STATUS.TMC || entry.readStatus === READ_STATUS.PR ? 'read' : null;
  return entry.readStatus === READ_STATUS.PR ? 'unread' : null;
}

/** §6 delete right of the signed-in role on one attachment. */
export const mayDelete = (roleId: number | null | undefined, a: Pick<Attachment, 'statusImg'>) =>
  !!roleId && canDeleteAttachment(roleId, a.statusImg);

/** Enter sends, Shift+Enter (or an IME composition) makes a new line. */
export const isSendKey = (e: { key: string; shiftKey: boolean; isComposing?: boolean; nativeEvent?: { isComposing?: boolean } }) =>
  e.key === 'Enter' && !e.shiftKey && !e.isComposing && !e.nativeEvent?.isComposing;
