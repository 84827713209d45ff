import { registerTexts } from '../index';

/**
 * UI texts of one area, both languages; registered when a module using them is loaded (src/lib/i18n/index.ts). Keys are prefixed 'comms.'.
 */
export const commsMs = {
  'comms.caseDialog.title': 'Maklumat Kes',
  'comms.seenBy': 'Dilihat oleh {seen} daripada {total}',
  'comms.notifyPermission': 'Benarkan pemberitahuan supaya anda tahu kes baharu walaupun tab ini tidak dibuka.',
  'comms.notifyAllow': 'Benarkan',
  'comms.notifyLater': 'Tidak sekarang',
  'comms.notifyPromptLabel': 'Pemberitahuan sistem',
} as const;

export const commsEn: Record<keyof typeof commsMs, string> = {
  'comms.caseDialog.title': 'Case details',
  'comms.seenBy': 'Seen by {seen} of {total}',
  'comms.notifyPermission': 'Allow notifications so you know about new cases even when this tab is not open.',
  'comms.notifyAllow': 'Allow',
  'comms.notifyLater': 'Not now',
  'comms.notifyPromptLabel': 'System notifications',
};

registerTexts(commsMs, commsEn);
