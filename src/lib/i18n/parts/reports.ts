import { registerTexts } from '../index';

/** UI texts of the report kit (src/ui/report), the hub /reportingmodule, the incident report /laporaninsiden, Laporan Jenis Bantuan Lain-Lain /laporanjenisbantuan and the one-section report /laporanseksyen/{id} (issue #17), both languages. Keys are prefixed 'rp.'. */
export const reportsMs = {
  'rp.title': 'Laporan',
};

export const reportsEn: Record<keyof typeof reportsMs, string> = {
  'rp.title': 'Reports',
};

registerTexts(reportsMs, reportsEn);
