import type { HANDOVER_TEXTS } from '@contract/handover';
import { registerTexts } from '../index';

type Texts = typeof HANDOVER_TEXTS;

/**
 * UI texts of the shift handover's dashboard panel "Perlu serahan" (issue #29 item 2), both languages. Keys are
 * prefixed 'handover.'. The Malay texts of contract/handover.ts HANDOVER_TEXTS are verbatim (the type check holds
 * them to it; its `done(n)` is 'handover.doneOne' and 'handover.doneMany'). The end-of-duty report's section is in
 * parts/activity-log.ts, the journal's badge in parts/journal.ts.
 */
export const handoverMs = {
  'handover.title': 'Perlu serahan' satisfies Texts['flag'],
  'handover.hint': 'Kes terbuka yang jadual tugasnya tamat dalam {minutes} minit atau telah tamat.',
  'handover.loading': 'Memuatkan kes perlu serahan…',
  'handover.loadFailed': 'Senarai kes perlu serahan tidak dapat dimuatkan.',
  'handover.more': 'Menunjukkan {shown} daripada {total} kes.',
  'handover.list': 'Kes perlu serahan',
  'handover.from': 'Daripada',
  'handover.to': 'Kepada',
  'handover.endsAt': 'tamat {time}',
  'handover.ended': 'Tamat',
  'handover.endedAt': 'Tamat pada {time}',
  'handover.startsAt': 'mula {time}',
  'handover.startedAt': 'sudah mula {time}',
  'handover.noProposal': 'Tiada jadual tugas seterusnya',
  'handover.awaitingClose': 'Selesai oleh peronda: menunggu Tutup' satisfies Texts['awaitingClose'],
  'handover.openCase': 'Buka kes',
  'handover.openCaseLabel': 'Buka kes {ticket} untuk ditutup',
  'handover.one': 'Serahkan',
  'handover.oneLabel': 'Serahkan {ticket}',
  'handover.all': 'Serahkan semua',
  'handover.queued': 'Belum dihantar',
  'handover.confirmTitle': 'Serahkan kes?',
  'handover.confirmOne': 'Kes {ticket} akan diserahkan kepada {to}.',
  'handover.confirmMany': '{count} kes akan diserahkan kepada {to}.',
  'handover.targetOne': '{name} (1 kes)',
  'handover.target': '{name} ({count} kes)',
  'handover.skipped': '{count} kes tanpa jadual tugas seterusnya tidak diserahkan.',
  'handover.doneOne': '1 kes berjaya diserahkan.',
  'handover.doneMany': '{count} kes berjaya diserahkan.',
  'handover.failed': 'Kes tidak dapat diserahkan.',
  'handover.queuedLabel': 'Serahan tugas — {count} kes',
} as const;

export const handoverEn: Record<keyof typeof handoverMs, string> = {
  'handover.title': 'Handover needed',
  'handover.hint': 'Open cases whose duty roster ends within {minutes} minutes or has ended.',
  'handover.loading': 'Loading cases to hand over…',
  'handover.loadFailed': 'The cases to hand over could not be loaded.',
  'handover.more': 'Showing {shown} of {total} cases.',
  'handover.list': 'Cases to hand over',
  'handover.from': 'From',
  'handover.to': 'To',
  'handover.endsAt': 'ends {time}',
  'handover.ended': 'Ended',
  'handover.endedAt': 'Ended at {time}',
  'handover.startsAt': 'starts {time}',
  'handover.startedAt': 'started {time}',
  'handover.noProposal': 'No next duty roster',
  'handover.awaitingClose': 'Finished by the patrol: waiting to be closed',
  'handover.openCase': 'Open case',
  'handover.openCaseLabel': 'Open case {ticket} to close it',
  'handover.one': 'Hand over',
  'handover.oneLabel': 'Hand over {ticket}',
  'handover.all': 'Hand over all',
  'handover.queued': 'Not sent',
  'handover.confirmTitle': 'Hand over cases?',
  'handover.confirmOne': 'Case {ticket} will be handed over to {to}.',
  'handover.confirmMany': '{count} cases will be handed over to {to}.',
  'handover.targetOne': '{name} (1 case)',
  'handover.target': '{name} ({count} cases)',
  'handover.skipped': 'Cases without a next duty roster ({count}) are not handed over.',
  'handover.doneOne': '1 case handed over.',
  'handover.doneMany': '{count} cases handed over.',
  'handover.failed': 'The cases could not be handed over.',
  'handover.queuedLabel': 'Shift handover — {count} cases',
};

registerTexts(handoverMs, handoverEn);
