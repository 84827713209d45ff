import { registerTexts } from '../index';

/**
 * UI texts of the patrol tablet's live position (issue #7): the top bar's GPS chip, the permission banner, and the
 * distance, position age and stale marker of the Assign To list. Keys are prefixed 'positions.'.
 */
export const positionsMs = {
  'positions.outboxLabel': 'Kedudukan GPS ({n})',
  'positions.chip.permission': 'GPS: perlu kebenaran lokasi',
  'positions.chip.denied': 'GPS: kebenaran lokasi ditolak',
  'positions.chip.waiting': 'GPS: mencari kedudukan…',
  'positions.chip.unavailable': 'GPS: tiada isyarat',
  'positions.chip.queued': 'GPS: {n} kedudukan menunggu talian',
  'positions.chip.sending': 'GPS: menghantar…',
  'positions.chip.sentSeconds': 'GPS: dihantar {n} s lalu',
  'positions.chip.sentMinutes': 'GPS: dihantar {n} min lalu',
  'positions.chip.refused': 'GPS: ditolak pelayan',
  'positions.chip.title': 'Kedudukan {roster} dihantar kepada TMC setiap {s} saat sepanjang syif.',
  'positions.chip.deniedTitle': 'Lokasi ditolak. Benarkan lokasi untuk laman ini dalam tetapan pelayar supaya TMC dapat melihat kedudukan anda.',
  'positions.banner.title': 'Benarkan lokasi untuk syif ini',
  'positions.banner.text':
    'Kedudukan kenderaan {roster} dihantar kepada TMC setiap {s} saat sepanjang syif sahaja, supaya kes dapat ditugaskan kepada peronda yang terdekat. Tanpa talian, kedudukan disimpan dalam peranti dan dihantar kemudian.',
  'positions.banner.allow': 'Benarkan lokasi',
  'positions.banner.later': 'Nanti',
  // Assign To (new-case form)
  'positions.age.seconds': 'kedudukan {n} s lalu',
  'positions.age.minutes': 'kedudukan {n} min lalu',
  'positions.age.hours': 'kedudukan {n} jam lalu',
  'positions.age.none': 'tiada kedudukan GPS',
  'positions.stale': 'Kedudukan lama',
  'positions.basis.highway': 'ikut lebuh raya',
  'positions.basis.crossover': 'ikut lebuh raya, termasuk {km} ke lintasan',
  'positions.basis.position': 'jarak lurus dari kedudukan',
  'positions.basis.section': 'jarak lurus ke seksyen',
};

export const positionsEn: Record<keyof typeof positionsMs, string> = {
  'positions.outboxLabel': 'GPS positions ({n})',
  'positions.chip.permission': 'GPS: location permission needed',
  'positions.chip.denied': 'GPS: location permission denied',
  'positions.chip.waiting': 'GPS: finding position…',
  'positions.chip.unavailable': 'GPS: no signal',
  'positions.chip.queued': 'GPS: {n} positions waiting for a connection',
  'positions.chip.sending': 'GPS: sending…',
  'positions.chip.sentSeconds': 'GPS: sent {n} s ago',
  'positions.chip.sentMinutes': 'GPS: sent {n} min ago',
  'positions.chip.refused': 'GPS: refused by the server',
  'positions.chip.title': 'The position of {roster} is sent to the TMC every {s} seconds during the shift.',
  'positions.chip.deniedTitle': 'Location denied. Allow location for this site in the browser settings so the TMC can see your position.',
  'positions.banner.title': 'Allow location for this shift',
  'positions.banner.text':
    'The position of the {roster} vehicle is sent to the TMC every {s} seconds, during the shift only, so cases can be assigned to the nearest patrol. Without a connection, positions are kept on the device and sent later.',
  'positions.banner.allow': 'Allow location',
  'positions.banner.later': 'Later',
  'positions.age.seconds': 'position {n} s ago',
  'positions.age.minutes': 'position {n} min ago',
  'positions.age.hours': 'position {n} h ago',
  'positions.age.none': 'no GPS position',
  'positions.stale': 'Stale position',
  'positions.basis.highway': 'along the highway',
  'positions.basis.crossover': 'along the highway, including {km} to a crossover',
  'positions.basis.position': 'straight line from the position',
  'positions.basis.section': 'straight line to the section',
};

registerTexts(positionsMs, positionsEn);
