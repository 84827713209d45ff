import { registerTexts } from '../index';

/**
 * UI texts of the case pickers of /journalEntry, /furtheractions and /bantuan and of the detail page opened at one
 * of those parts (issue #19), both languages. Keys are prefixed 'caseParts.'.
 */
export const casePartsMs = {
  'caseParts.title.journal': 'Jurnal',
  'caseParts.title.furtherActions': 'Tindakan Lanjut',
  'caseParts.title.assistance': 'Bantuan',
  'caseParts.subtitle.journal': 'Pilih kes untuk membuka jurnalnya.',
  'caseParts.subtitle.furtherActions': 'Pilih kes untuk membuka senarai tindakan lanjutnya (Bantuan Lain-Lain).',
  'caseParts.subtitle.assistance': 'Pilih kes untuk membuka bahagian Jenis Bantuan kes itu.',
  'caseParts.found': '{total} kes dari {from} hingga {to}. Pilih satu kes.',
  'caseParts.empty': 'Tiada kes untuk dipilih',
  'caseParts.emptyHint': 'Tiada kes dalam skop anda yang sepadan. Luaskan julat tarikh atau kosongkan penapis.',
};

export const casePartsEn: Record<keyof typeof casePartsMs, string> = {
  'caseParts.title.journal': 'Journal',
  'caseParts.title.furtherActions': 'Further actions',
  'caseParts.title.assistance': 'Assistance',
  'caseParts.subtitle.journal': 'Choose a case to open its journal.',
  'caseParts.subtitle.furtherActions': 'Choose a case to open its further actions (other assistance).',
  'caseParts.subtitle.assistance': 'Choose a case to open its assistance (Jenis Bantuan).',
  'caseParts.found': '{total} cases from {from} to {to}. Choose one.',
  'caseParts.empty': 'No cases to choose from',
  'caseParts.emptyHint': 'No case in your scope matches. Widen the dates or clear the filters.',
};

registerTexts(casePartsMs, casePartsEn);
