import { registerTexts } from '../index';

/** UI texts of the roster reports: /laporanmasalebuhraya (DLU), /laporanmasabertugas, /laporanpenggunaankenderaan and the ronda report /laporanrondaan (issue #17), both languages. Keys are prefixed 'rr.'. */
export const rosterReportsMs = {
  'rr.title': 'Laporan',
};

export const rosterReportsEn: Record<keyof typeof rosterReportsMs, string> = {
  'rr.title': 'Reports',
};

registerTexts(rosterReportsMs, rosterReportsEn);
