import { registerTexts } from '../index';

/** UI texts of /play, the gallery of the portal's own components (issue #19). Keys are prefixed 'play.'. */
export const playMs = {
  'play.title': 'Taman Permainan',
  'play.subtitle': 'Komponen dan keadaan portal ini, dengan data contoh, untuk sesiapa yang membina skrin.',
  'play.sample': 'Data contoh',
  'play.buttons': 'Butang',
  'play.inputs': 'Input dan pilihan',
  'play.states': 'Keadaan: memuatkan, kosong, ralat',
  'play.badges': 'Lencana status',
  'play.stats': 'Kad statistik',
  'play.adminList': 'Senarai pentadbiran',
  'play.reportKit': 'Kit laporan',
  'play.dialogs': 'Dialog',
  'play.toasts': 'Notifikasi (toast)',
  'play.openConfirm': 'Buka dialog pengesahan',
  'play.openJustify': 'Buka dialog justifikasi',
  'play.confirmMessage': 'Adakah anda pasti? (contoh)',
  'play.justifyTitle': 'Justifikasi (contoh)',
  'play.closed': 'Dialog ditutup: {answer}',
  'play.toastText': 'Contoh notifikasi {kind}',
};

export const playEn: Record<keyof typeof playMs, string> = {
  'play.title': 'Playground',
  'play.subtitle': "The portal's own components and states, with sample data, for whoever builds screens.",
  'play.sample': 'Sample data',
  'play.buttons': 'Buttons',
  'play.inputs': 'Inputs and selects',
  'play.states': 'States: loading, empty, error',
  'play.badges': 'Status badges',
  'play.stats': 'Stat cards',
  'play.adminList': 'Administration list',
  'play.reportKit': 'Report kit',
  'play.dialogs': 'Dialogs',
  'play.toasts': 'Toasts',
  'play.openConfirm': 'Open the confirmation dialog',
  'play.openJustify': 'Open the justification dialog',
  'play.confirmMessage': 'Are you sure? (sample)',
  'play.justifyTitle': 'Justification (sample)',
  'play.closed': 'Dialog closed: {answer}',
  'play.toastText': 'Sample {kind} toast',
};

registerTexts(playMs, playEn);
