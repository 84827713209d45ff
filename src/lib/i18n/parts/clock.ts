import { registerTexts } from '../index';

/**
 * UI texts of the incident clock (issue #5 item 3, the FHWA incident timeline) and of the open-lanes question
 * before Tutup; both languages, keys prefixed 'clock.'.
 */
export const clockMs = {
  'clock.title': 'Garis Masa Insiden',
  'clock.t1': 'T1 Kes direkodkan',
  'clock.t3': 'T3 Peronda ditugaskan',
  'clock.t4': 'T4 Peronda pertama tiba',
  'clock.t5': 'T5 Semua lorong dibuka',
  'clock.t6': 'T6 Kes selesai',
  'clock.notYet': 'Belum',
  'clock.noClosures': 'Tiada penutupan lorong',
  'clock.roadway': 'Masa pembersihan jalan (T5−T1)',
  'clock.incident': 'Masa pembersihan insiden (T6−T1)',
  'clock.running': 'sedang berjalan',
  'clock.duration': '{h} j {m} m',
  'clock.durationShort': '{m} m {s} s',
  'clock.laneMinutes': 'Minit-lorong ditutup',
  'clock.laneRow': '{lane} ({direction})',
  'clock.minutes': '{n} minit',
  'clock.stillClosed': 'masih ditutup',
  'clock.openLanes.title': 'Masa Buka lorong diperlukan',
  'clock.openLanes.text': 'Lorong berikut masih ditutup. Isikan Masa Buka setiap lorong sebelum kes ditutup.',
  'clock.openLanes.closedAt': 'Ditutup {time}',
  'clock.openLanes.date': 'Tarikh buka',
  'clock.openLanes.time': 'Masa Buka',
  'clock.openLanes.confirm': 'Simpan dan Tutup Kes',
  'clock.openLanes.cancel': 'Batal',
  'clock.openLanes.invalid': 'Masa Buka mesti selepas Masa Tutup dan tidak melebihi masa sekarang.',
  'clock.openLanes.failed': 'Ops! Kes tidak berjaya disimpan.',
} as const;

export const clockEn: Record<keyof typeof clockMs, string> = {
  'clock.title': 'Incident timeline',
  'clock.t1': 'T1 Case recorded',
  'clock.t3': 'T3 Patrol dispatched',
  'clock.t4': 'T4 First patrol on scene',
  'clock.t5': 'T5 All lanes open',
  'clock.t6': 'T6 Case done',
  'clock.notYet': 'Not yet',
  'clock.noClosures': 'No lane closures',
  'clock.roadway': 'Roadway clearance time (T5−T1)',
  'clock.incident': 'Incident clearance time (T6−T1)',
  'clock.running': 'running',
  'clock.duration': '{h} h {m} m',
  'clock.durationShort': '{m} m {s} s',
  'clock.laneMinutes': 'Lane-minutes closed',
  'clock.laneRow': '{lane} ({direction})',
  'clock.minutes': '{n} min',
  'clock.stillClosed': 'still closed',
  'clock.openLanes.title': 'Lane opening time needed',
  'clock.openLanes.text': 'These lanes are still closed. Enter each lane’s opening time (Masa Buka) before the case is closed.',
  'clock.openLanes.closedAt': 'Closed {time}',
  'clock.openLanes.date': 'Opening date',
  'clock.openLanes.time': 'Masa Buka',
  'clock.openLanes.confirm': 'Save and close case',
  'clock.openLanes.cancel': 'Cancel',
  'clock.openLanes.invalid': 'The opening time must be after the closing time and not later than now.',
  'clock.openLanes.failed': 'Ops! Kes tidak berjaya disimpan.',
};

registerTexts(clockMs, clockEn);
