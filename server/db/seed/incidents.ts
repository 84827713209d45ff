/**
 * Demo incidents: about sixty cases over the last fourteen days across every patrol unit, and a live dashboard
 * today in N9 (open cases on the rosters of the demo patrol users `pr` and `pr.malam`).
 *
 * Each case is written the way the server writes one: the main record with a ticket number of the server's format
 * (`<section>-<yyyymmdd>-<nnnn>`, ticket_counter bumped), its subform, an audit trail that follows the status
 * rules (203 → 204 → 206 → 207 → 298 → 210; some cancelled 202 with a justification, some Negative 209, some
 * rejected 205 and reassigned), journal entries by the TMC and the patrol, involved vehicles on accidents and
 * breakdowns, and the other child lists of the cases someone reached (./children.ts). Deterministic for a given day
 * (fixed-seed PRNG); runs once, inside seedDemoData's transaction.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { journalReadStatus, normalizePlate } from '../../../contract/incident-rules';
import { EVENT_TYPE, STATUS } from '../../../contract/lookups';
import { statusPatch } from '../../modules/incident/audit';
import { notifyPatrolActivity } from '../../modules/incident/notify';
import type { Db } from '../client';
import {
  appUser,
  dutyRoster,
  incident,
  incidentAudit,
  incidentSubform,
  involvedVehicle,
  journalEntry,
  role,
  section,
  staff,
  team,
  teamMember,
  ticketCounter,
} from '../schema';
import { buildChildren, emptyChildBatch, insertChildren } from './children';
import type { Geography } from './geo';
import { LOCATION_TYPE } from './data/lookups';
import { createRng, type Rng } from './prng';
import { addDays, bruneiDate, bruneiInstant, ensureRosters } from './rosters';
import { now as clockNow } from '../../lib/clock';

const MIN = 60_000;
/** the child lists' own PRNG seed (./children.ts) */
const CHILD_SEED = 20260323;
const HOUR = 60 * MIN;
const BRUNEI_MS = 8 * HOUR;

/** YYYYMMDD of an instant in Asia/Brunei. */
const compactDate = (at: Date) => bruneiDate(at).replaceAll('-', '');
const localHour = (at: Date) => new Date(at.getTime() + BRUNEI_MS).getUTCHours();

// ------------------------------------------------------------------------------------------------ vocabulary

export type Category = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[items.length - 1][0];
}

/** Incidents by hour of day (local): the morning and evening rush, few before dawn. */
export const HOUR_WEIGHTS: readonly number[] = [2, 1.5, 1.2, 1, 1, 1.5, 3, 5, 6, 4.5, 4, 4, 4.5, 4.5, 4.5, 5, 5.5, 6.5, 7, 6, 4.5, 3.5, 3, 2.5];

export const SOURCE_WEIGHTS: readonly (readonly [number, number])[] = [
  [1101, 30],
  [1102, 15],
  [1103, 20],
  [1104, 5],
  [1105, 5],
  [1106, 4],
  [1107, 8],
  [1108, 2],
  [1109, 5],
  [1110, 2],
  [1111, 3],
  [1112, 1],
];
export const WEATHER_WEIGHTS: readonly (readonly [number, number])[] = [
  [1301, 45],
  [1302, 20],
  [1303, 15],
  [1304, 10],
  [1305, 6],
  [1306, 1],
  [1307, 3],
];
export const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  [EVENT_TYPE.BREAKDOWN, 42],
  [EVENT_TYPE.ACCIDENT, 16],
  [EVENT_TYPE.OBSTACLE, 15],
  [EVENT_TYPE.ROAD_CONDITION, 7],
  [EVENT_TYPE.STRAY_ANIMAL, 5],
  [EVENT_TYPE.ROAD_FURNITURE, 5],
  [EVENT_TYPE.OTHERS, 10],
];

export function lightingAt(rng: Rng, at: Date): number {
  const h = localHour(at);
  if (h >= 7 && h < 19) return 1401;
  if (h === 6 || h === 19) return 1402;
  return rng.chance(0.6) ? 1403 : 1404;
}

/** Private-car plates in the style of the state around each section (Malaysian: series letters, then 1–4 digits). */
export const PUBLIC_PLATE_PREFIXES: Record<number, readonly string[]> = {
  21: ['KDA', 'KEF', 'PKC', 'PPQ', 'AKT', 'AMK', 'PLB', 'RA'],
  22: ['WXY', 'WVC', 'BKT', 'BPM', 'BQS', 'VDA', 'VFM', 'AMK', 'NDC'],
  23: ['JQM', 'JRU', 'JTK', 'MDQ', 'MCN', 'NDC', 'VBF', 'BQS'],
};
export const VEHICLES: readonly (readonly [typeId: number, brand: string])[] = [
  [2302, 'Perodua Myvi'],
  [2302, 'Proton Saga'],
  [2302, 'Perodua Bezza'],
  [2302, 'Honda City'],
  [2302, 'Toyota Vios'],
  [2302, 'Proton Persona'],
  [2303, 'Proton X70'],
  [2303, 'Honda CR-V'],
  [2304, 'Toyota Innova'],
  [2304, 'Perodua Alza'],
  [2305, 'Toyota Hilux'],
  [2305, 'Isuzu D-Max'],
  [2301, 'Yamaha Y15ZR'],
  [2301, 'Honda Wave 125'],
  [2306, 'Isuzu NLR'],
  [2307, 'Hino 500'],
  [2308, 'Scania P410'],
  [2309, 'Volvo FM (Tangki)'],
  [2310, 'Scania K410 (Bas Ekspres)'],
];

export const TMC_NOTES: Record<Category, readonly string[]> = {
  [EVENT_TYPE.ACCIDENT]: [
    'Laporan kemalangan diterima. Peronda diarahkan ke lokasi; PDRM dan ambulans dimaklumkan.',
    'CCTV menunjukkan dua kenderaan berhenti di lorong kanan. Papan VMS dikemaskini: "KEMALANGAN DI HADAPAN, PERLAHAN".',
  ],
  [EVENT_TYPE.BREAKDOWN]: [
    'Pemanggil melaporkan kenderaan rosak di lorong kecemasan. Peronda dimaklumkan.',
    'Pemandu meminta bantuan; kenderaan berhenti di bahu jalan. Peronda dalam perjalanan.',
  ],
  [EVENT_TYPE.OBSTACLE]: [
    'Laporan objek di lorong tengah. Peronda diarahkan untuk mengalihkan objek.',
    'Waze melaporkan objek di jalan. Disahkan melalui CCTV.',
  ],
  [EVENT_TYPE.STRAY_ANIMAL]: ['Laporan haiwan berkeliaran berhampiran bahu jalan. Peronda dimaklumkan.'],
  [EVENT_TYPE.ROAD_CONDITION]: [
    'Laporan tumpahan di lorong kiri. Pasukan penyelenggaraan dimaklumkan.',
    'Air bertakung dilaporkan selepas hujan lebat.',
  ],
  [EVENT_TYPE.ROAD_FURNITURE]: ['Penghadang jalan rosak dilaporkan oleh kontraktor. Peronda diminta mengesahkan.'],
  [EVENT_TYPE.OTHERS]: ['Laporan diterima daripada orang awam. Peronda diminta memeriksa lokasi.'],
};
export const PR_ARRIVED_NOTES = [
  'Tiba di lokasi. Kon keselamatan dipasang dan lampu amaran dinyalakan.',
  'Tiba di lokasi. Lalu lintas dikawal, satu lorong ditutup sementara.',
  'Sampai di lokasi, keadaan terkawal. Pemandu selamat.',
];
export const PR_DONE_NOTES = [
  'Lokasi telah dibersihkan. Semua lorong dibuka semula.',
  'Kenderaan telah ditunda ke kawasan selamat. Tugasan selesai.',
  'Bantuan selesai. Peronda meneruskan rondaan.',
];
export const PR_NEGATIVE_NOTES = [
  'Diperiksa sepanjang 2 km, tiada kejadian ditemui di lokasi.',
  'Tiada kenderaan atau objek di lokasi yang dilaporkan.',
];
export const CANCEL_REASONS = [
  'Laporan berulang: kes yang sama telah direkodkan daripada CCTV.',
  'Pemanggil mengesahkan kenderaan telah bergerak sendiri.',
  'Kes direkod pada seksyen yang salah; direkod semula pada seksyen yang betul.',
];
export const REJECT_REASONS = [
  'Peronda sedang mengendalikan kemalangan di lokasi lain. Mohon agihkan kepada unit lain.',
  'Kenderaan peronda rosak, menunggu kenderaan ganti.',
];

export const REMARKS: Record<Category, readonly string[]> = {
  [EVENT_TYPE.ACCIDENT]: [
    'KEMALANGAN MELIBATKAN {n} BUAH KENDERAAN DI LORONG KANAN. TIADA KECEDERAAN PARAH.',
    'KERETA TERBABAS DAN MELANGGAR PENGHADANG JALAN. PEMANDU DIBAWA KE HOSPITAL OLEH AMBULANS.',
    'LANGGAR BELAKANG KETIKA KESESAKAN. KENDERAAN DIALIHKAN KE BAHU JALAN.',
  ],
  [EVENT_TYPE.BREAKDOWN]: [
    'KENDERAAN ROSAK DI LORONG KECEMASAN. PERONDA MEMBANTU MENUKAR TAYAR.',
    'ENJIN PANAS, PEMANDU MENUNGGU TRAK TUNDA SYARIKAT INSURANS.',
    'KEHABISAN MINYAK. PERONDA MENGIRINGI KE R&R BERHAMPIRAN.',
  ],
  [EVENT_TYPE.OBSTACLE]: ['SERPIHAN TAYAR LORI DI LORONG TENGAH, TELAH DIALIHKAN.', 'MUATAN KAYU JATUH DARI LORI. LORONG KIRI DITUTUP SEMENTARA.'],
  [EVENT_TYPE.STRAY_ANIMAL]: ['LEMBU BERKELIARAN DI BAHU JALAN, DIHALAU KE KAWASAN SELAMAT.', 'ANJING LIAR DI LORONG KIRI, TIDAK DAPAT DITANGKAP.'],
  [EVENT_TYPE.ROAD_CONDITION]: ['TUMPAHAN MINYAK SEPANJANG 50 M DI LORONG KIRI. PASIR DITABUR.', 'AIR BERTAKUNG DI LORONG KIRI SELEPAS HUJAN LEBAT.'],
  [EVENT_TYPE.ROAD_FURNITURE]: ['PENGHADANG JALAN BENGKOK SEPANJANG 12 M AKIBAT DILANGGAR.', 'PAPAN TANDA ARAH TERCABUT, DIALIHKAN KE BAHU JALAN.'],
  [EVENT_TYPE.OTHERS]: ['KENDERAAN DITINGGALKAN DI BAHU JALAN LEBIH 24 JAM.', 'PEJALAN KAKI DI LALUAN UTAMA DIIRINGI KELUAR DI PERSIMPANGAN.'],
};

/** The type-specific fields of a subform (§3.4) for one category. */
function subformFields(rng: Rng, category: Category, vehicles: number): Partial<typeof incidentSubform.$inferInsert> {
  const remark = rng.pick(REMARKS[category]).replace('{n}', String(Math.max(2, vehicles)));
  switch (category) {
    case EVENT_TYPE.ACCIDENT:
      return {
        remark,
        casualTypeId: weighted(rng, [
          [1601, 3],
          [1602, 12],
          [1603, 35],
          [1604, 50],
        ]),
        assistTypeId: rng.pick([1902, 1903, 277, 430]),
        naFlagTrafficJam: rng.chance(0.5),
        naFlagLaneClosure: rng.chance(0.6),
        naFlagRoadFurniture: rng.chance(0.7),
      };
    case EVENT_TYPE.BREAKDOWN:
      return {
        remark,
        breakdownCauseId: weighted(rng, [
          [2401, 30],
          [2402, 10],
          [2403, 10],
          [2404, 15],
          [2405, 12],
          [2407, 6],
          [2409, 7],
          [2410, 3],
          [2412, 7],
        ]),
        assistTypeId: rng.pick([1902, 1903, 430]),
      };
    case EVENT_TYPE.OBSTACLE:
      return { remark, obstacleObjectTypeId: rng.int(1801, 1812), assistTypeId: 1902, moveToSafety: rng.chance(0.8) };
    case EVENT_TYPE.STRAY_ANIMAL:
      return {
        remark,
        strayAnimalTypeId: weighted(rng, [
          [2601, 30],
          [2602, 10],
          [2603, 10],
          [2604, 25],
          [2606, 8],
          [2607, 10],
          [2608, 7],
        ]),
        assistTypeId: rng.pick([1902, 277]),
        moveToSafety: rng.chance(0.7),
      };
    case EVENT_TYPE.ROAD_CONDITION:
      return { remark, hazardTypeId: rng.int(2501, 2511), assistTypeId: 277 };
    case EVENT_TYPE.ROAD_FURNITURE:
      return { remark, assistTypeId: 277 };
    case EVENT_TYPE.OTHERS:
      return { remark, othersTypeId: rng.pick([491, 2801, 2802, 2803, 2805, 2807, 2808]), assistTypeId: rng.pick([1901, 1902, 277]) };
  }
}

// ------------------------------------------------------------------------------------------------ status paths

/** Minutes after the previous step (min, max), by status. */
const STEP_DELAY: Record<number, readonly [number, number]> = {
  [STATUS.ASSIGNED]: [2, 8], // only for a reassignment; the first 203 is written with the case
  [STATUS.RECEIVED]: [1, 5],
  [STATUS.REJECTED]: [2, 6],
  [STATUS.ARRIVED]: [8, 30],
  [STATUS.ASSISTANCE_DONE]: [10, 45],
  [STATUS.CASE_DONE]: [2, 15],
  [STATUS.NEGATIVE]: [3, 12],
  [STATUS.CLOSED]: [5, 60],
  [STATUS.CANCELLED]: [3, 30],
};

const S = STATUS;
const PAST_PATHS: readonly (readonly [readonly number[], number])[] = [
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE, S.CASE_DONE, S.CLOSED], 10],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 8],
  [[S.ASSIGNED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 3],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.NEGATIVE, S.CLOSED], 3],
  [[S.ASSIGNED, S.RECEIVED, S.NEGATIVE], 1],
  [[S.ASSIGNED, S.CANCELLED], 2],
  [[S.ASSIGNED, S.RECEIVED, S.CANCELLED], 2],
  [[S.ASSIGNED, S.REJECTED, S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE, S.CLOSED], 3],
  [[S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE], 1],
];

/** Who writes a step: the TMC (assign, close, cancel) or the patrol. */
const isTmcStep = (status: number) => status === S.ASSIGNED || status === S.CLOSED || status === S.CANCELLED;

// ------------------------------------------------------------------------------------------------ context

interface Person {
  staffId: number;
  userId: number | null;
  roleName: string;
}
interface Roster {
  id: number;
  sectionId: number;
  teamName: string;
  startsAt: Date;
  endsAt: Date;
  /** patrol staff of the team, leader first */
  members: Person[];
}

interface Plan {
  /** the physical section (a plain one, or the specific part of a combined one) */
  physicalId: number;
  at: Date;
  category: Category;
  path: readonly number[];
  roster: Roster;
  /** the roster of a reassignment after 205 */
  second?: Roster;
  tmc: Person;
  /** named plates for the live dashboard's searchable cases */
  plates?: string[];
  /** the path's last step must not pass this instant */
  notAfter?: Date;
}

export interface DemoIncidentsOptions {
  now?: Date;
  /**
   * days of history (default 14, the server tests' compact demo): beyond the last fortnight's cases, the days before
   * get about four cases a day over every unit, all of them finished (closed, cancelled or closed as Negative)
   */
  historyDays?: number;
}

/** The paths of an older case: each ends closed or cancelled (nothing weeks old is still open). */
const OLD_PATHS = PAST_PATHS.filter(([path]) => path.at(-1) === S.CLOSED || path.at(-1) === S.CANCELLED);
/** cases a day before the last fortnight (the whole highway) */
const OLD_CASES_PER_DAY = 4;
/** their own PRNG, so the fortnight's cases stay as they were */
const OLD_SEED = 20260324;

/**
 * Writes the demo incidents. `db` is seedDemoData's transaction. Rosters for the fortnight are generated first
 * (ensureRosters is idempotent; the server tops up the coming week on start).
 */
export async function seedDemoIncidents(db: Db, geography: Geography, opts: DemoIncidentsOptions = {}): Promise<{ incidents: number }> {
  const now = opts.now ?? clockNow();
  const today = bruneiDate(now);
  const rng = createRng(20260322);
  const historyDays = Math.max(14, opts.historyDays ?? 14);
  const firstDay = addDays(today, -Math.max(15, historyDays + 1));
  await ensureRosters(db, { from: firstDay, days: Math.max(17, historyDays + 3) });

  // ---- people
  const people = await db
    .select({ username: appUser.username, userId: appUser.id, staffId: staff.id, roleName: role.name, regionId: section.regionId })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(eq(appUser.isActive, true), inArray(role.name, ['TMCA', 'TMCS', 'PR'])));
  const byUsername = new Map(people.map((p) => [p.username, p]));
  const userOfStaff = new Map(people.map((p) => [p.staffId, p]));
  const tmcOf = new Map<number, Person[]>();
  for (const p of people) {
    if (!p.roleName.startsWith('TMC') || p.username === 'baharu') continue;
    tmcOf.set(p.regionId, [...(tmcOf.get(p.regionId) ?? []), { staffId: p.staffId, userId: p.userId, roleName: p.roleName }]);
  }
  const demoTmc = (['tmca', 'tmcs'] as const)
    .map((u) => byUsername.get(u)!)
    .map((p) => ({ staffId: p.staffId, userId: p.userId, roleName: p.roleName }));
  const pickTmc = (regionId: number): Person => (regionId === 22 && rng.chance(0.75) ? rng.pick(demoTmc) : rng.pick(tmcOf.get(regionId) ?? demoTmc));

  // ---- rosters of the fortnight with their patrol staff (leader first)
  const rosterRows = await db
    .select({
      id: dutyRoster.id,
      sectionId: dutyRoster.sectionId,
      teamId: dutyRoster.teamId,
      teamName: team.name,
      startsAt: dutyRoster.startsAt,
      endsAt: dutyRoster.endsAt,
    })
    .from(dutyRoster)
    .innerJoin(team, eq(team.id, dutyRoster.teamId))
    .where(and(gte(dutyRoster.startDate, firstDay), lte(dutyRoster.startDate, today)));
  const memberRows = await db
    .select({ teamId: teamMember.teamId, staffId: staff.id, position: staff.position })
    .from(teamMember)
    .innerJoin(staff, eq(staff.id, teamMember.staffId))
    .orderBy(teamMember.id);
  const membersOf = (teamId: number): Person[] =>
    memberRows
      .filter((m) => m.teamId === teamId)
      .sort((a, b) => Number(b.position.includes('Ketua')) - Number(a.position.includes('Ketua')))
      .map((m) => ({ staffId: m.staffId, userId: userOfStaff.get(m.staffId)?.userId ?? null, roleName: 'PR' }));
  const rosters: Roster[] = rosterRows
    .map((r) => ({ id: r.id, sectionId: r.sectionId, teamName: r.teamName, startsAt: r.startsAt, endsAt: r.endsAt, members: membersOf(r.teamId) }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);

  // ---- geography: units (a combined group or a plain section), their physical sections, places and markers
  const sections = new Map(geography.sections.map((s) => [s.id, s]));
  const unitOf = (physicalId: number) => sections.get(physicalId)!.combinedSectionId ?? physicalId;
  const physicalSections = geography.sections.filter((s) => !s.isCombined && s.kmStart != null && !s.name.includes('G'));
  const markers = new Map(geography.markers.map((m) => [`${m.sectionId}:${m.km.toFixed(1)}`, m]));
  const placesOf = (sectionId: number) => geography.eventLocations.filter((e) => e.sectionId === sectionId);
  const byName = (name: string) => physicalSections.find((s) => s.name === name)!.id;

  const coveringRosters = (unitId: number, at: Date) => rosters.filter((r) => r.sectionId === unitId && r.startsAt <= at && at < r.endsAt);
  /** The team's latest roster that had at least `minMs` of its shift before now. */
  const latestRoster = (unitId: number, teamSuffix: string | null, minMs = 45 * MIN) =>
    rosters
      .filter((r) => r.sectionId === unitId && (!teamSuffix || r.teamName.endsWith(teamSuffix)) && r.startsAt.getTime() <= now.getTime() - minMs)
      .at(-1);

  const plans: Plan[] = [];

  // ---- the past fortnight: ~44 cases over every unit, heavier in the Tengah corridor
  const unitWeights: (readonly [number, number])[] = physicalSections.map((s) => [s.id, s.regionId === 22 ? (s.name === 'N9' ? 9 : 3) : 1.2]);
  const categories: Category[] = [];
  for (const c of Object.values(EVENT_TYPE)) categories.push(c, c); // every event type at least twice
  while (categories.length < 44) categories.push(weighted(rng, CATEGORY_WEIGHTS));
  for (let i = categories.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [categories[i], categories[j]] = [categories[j], categories[i]];
  }
  const hourPick = HOUR_WEIGHTS.map((w, h) => [h, w] as const);
  for (const category of categories) {
    const physicalId = weighted(rng, unitWeights);
    const day = addDays(today, -rng.int(1, 13));
    const hour = weighted(rng, hourPick);
    const at = new Date(bruneiInstant(day, `${String(hour).padStart(2, '0')}:00`).getTime() + rng.int(0, 59) * MIN + rng.int(0, 59) * 1000);
    const covering = coveringRosters(unitOf(physicalId), at);
    if (!covering.length) continue;
    const roster = rng.pick(covering);
    const path = weighted(rng, PAST_PATHS);
    const second = path.includes(S.REJECTED)
      ? rng.pick(covering.filter((r) => r.id !== roster.id).concat(covering.length > 1 ? [] : [roster]))
      : undefined;
    plans.push({ physicalId, at, category, path, roster, second, tmc: pickTmc(sections.get(physicalId)!.regionId) });
  }

  // ---- before the fortnight (DEMO_HISTORY_DAYS): a steady few cases a day, every one finished
  const oldRng = createRng(OLD_SEED);
  const oldPlans: Plan[] = [];
  const oldTmc = (regionId: number): Person =>
    regionId === 22 && oldRng.chance(0.5) ? oldRng.pick(demoTmc) : oldRng.pick(tmcOf.get(regionId) ?? demoTmc);
  for (let back = 14; back < historyDays; back++) {
    const day = addDays(today, -back);
    const count = OLD_CASES_PER_DAY - 1 + oldRng.int(0, 2);
    for (let i = 0; i < count; i++) {
      const physicalId = weighted(oldRng, unitWeights);
      const hour = weighted(oldRng, hourPick);
      const at = new Date(bruneiInstant(day, `${String(hour).padStart(2, '0')}:00`).getTime() + oldRng.int(0, 3599) * 1000);
      const covering = coveringRosters(unitOf(physicalId), at);
      if (!covering.length) continue;
      const roster = oldRng.pick(covering);
      const path = weighted(oldRng, OLD_PATHS);
      const second = path.includes(S.REJECTED)
        ? oldRng.pick(covering.filter((r) => r.id !== roster.id).concat(covering.length > 1 ? [] : [roster]))
        : undefined;
      oldPlans.push({
        physicalId,
        at,
        category: weighted(oldRng, CATEGORY_WEIGHTS),
        path,
        roster,
        second,
        tmc: oldTmc(sections.get(physicalId)!.regionId),
      });
    }
  }

  // ---- today: a live dashboard in N9, and open cases in the other regions
  const n9 = byName('N9');
  const prTeam = 'PAGI-A';
  const prRoster = latestRoster(n9, prTeam);
  const nightRoster = latestRoster(n9, 'MALAM-A');
  const tmca = demoTmc[0];
  const tmcs = demoTmc[1];
  const live: { roster: Roster | undefined; category: Category; path: readonly number[]; tmc: Person; plates?: string[] }[] = [
    { roster: prRoster, category: EVENT_TYPE.BREAKDOWN, path: [S.ASSIGNED], tmc: tmca },
    { roster: prRoster, category: EVENT_TYPE.ACCIDENT, path: [S.ASSIGNED, S.RECEIVED, S.ARRIVED], tmc: tmca, plates: ['WXY 1234', 'BPM 772'] },
    { roster: prRoster, category: EVENT_TYPE.BREAKDOWN, path: [S.ASSIGNED, S.RECEIVED], tmc: tmcs, plates: ['BKT 8821'] },
    { roster: prRoster, category: EVENT_TYPE.OBSTACLE, path: [S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE, S.CASE_DONE], tmc: tmca },
    { roster: prRoster, category: EVENT_TYPE.ACCIDENT, path: [S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.CASE_DONE, S.CLOSED], tmc: tmca },
    { roster: prRoster, category: EVENT_TYPE.OTHERS, path: [S.ASSIGNED, S.CANCELLED], tmc: tmcs },
    { roster: prRoster, category: EVENT_TYPE.STRAY_ANIMAL, path: [S.ASSIGNED, S.REJECTED], tmc: tmca },
    { roster: nightRoster, category: EVENT_TYPE.ROAD_CONDITION, path: [S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.NEGATIVE], tmc: tmcs },
    { roster: nightRoster, category: EVENT_TYPE.ROAD_FURNITURE, path: [S.ASSIGNED, S.RECEIVED], tmc: tmcs },
  ];
  for (const l of live) {
    if (!l.roster) continue;
    const end = new Date(Math.min(l.roster.endsAt.getTime(), now.getTime() - 2 * MIN));
    const at = new Date(l.roster.startsAt.getTime() + rng.next() * Math.max(0, end.getTime() - l.roster.startsAt.getTime()) * 0.8);
    plans.push({ physicalId: n9, at, category: l.category, path: l.path, roster: l.roster, tmc: l.tmc, plates: l.plates, notAfter: end });
  }
  for (const [name, path, category] of [
    ['N5', [S.ASSIGNED, S.RECEIVED], EVENT_TYPE.BREAKDOWN],
    ['N2', [S.ASSIGNED], EVENT_TYPE.OBSTACLE],
    ['S4', [S.ASSIGNED, S.RECEIVED, S.ARRIVED], EVENT_TYPE.ACCIDENT],
    ['S6', [S.ASSIGNED], EVENT_TYPE.STRAY_ANIMAL],
    ['S1', [S.ASSIGNED, S.RECEIVED, S.ARRIVED, S.ASSISTANCE_DONE], EVENT_TYPE.BREAKDOWN],
  ] as const) {
    const physicalId = byName(name);
    const roster = latestRoster(unitOf(physicalId), null);
    if (!roster) continue;
    const end = new Date(Math.min(roster.endsAt.getTime(), now.getTime() - 2 * MIN));
    const at = new Date(roster.startsAt.getTime() + rng.next() * Math.max(0, end.getTime() - roster.startsAt.getTime()) * 0.8);
    plans.push({ physicalId, at, category, path, roster, tmc: pickTmc(sections.get(physicalId)!.regionId), notAfter: end });
  }

  plans.sort((a, b) => a.at.getTime() - b.at.getTime());
  oldPlans.sort((a, b) => a.at.getTime() - b.at.getTime());
  const ctx = { sections, placesOf, markers, unitOf, now };
  // the older cases from their own PRNG first (their ids come first, as their dates do); then the fortnight's
  const old = oldPlans.length ? await writePlans(db, oldRng, oldPlans, ctx) : { incidents: 0 };
  const recent = await writePlans(db, rng, plans, ctx);
  return { incidents: old.incidents + recent.incidents };
}

// ------------------------------------------------------------------------------------------------ writing

interface WriteContext {
  sections: Map<number, Geography['sections'][number]>;
  placesOf: (sectionId: number) => Geography['eventLocations'];
  markers: Map<string, Geography['markers'][number]>;
  unitOf: (physicalId: number) => number;
  now: Date;
}

async function writePlans(db: Db, rng: Rng, plans: Plan[], ctx: WriteContext): Promise<{ incidents: number }> {
  const counters = new Map<string, { sectionId: number; day: string; last: number }>();
  // start after any number already taken (a re-run on the same day never collides)
  const existing = await db.select().from(ticketCounter);
  for (const c of existing) counters.set(`${c.sectionId}|${c.day}`, { ...c });

  type Built = {
    row: typeof incident.$inferInsert;
    steps: { status: number; at: Date; by: Person; roster: Roster | null; remark: string | null; lat: number | null; lng: number | null }[];
    sub: Partial<typeof incidentSubform.$inferInsert>;
    journal: { at: Date; by: Person; text: string }[];
    plates: string[];
  };
  const built: Built[] = [];

  for (const p of plans) {
    const phys = ctx.sections.get(p.physicalId)!;
    const unitId = ctx.unitOf(p.physicalId);
    const unit = ctx.sections.get(unitId)!;

    // place: a named location of the section, or the mainline at a random kilometre
    const places = ctx.placesOf(p.physicalId);
    const place = rng.chance(0.45) ? places[0] : rng.pick(places);
    const kmStart = phys.kmStart!;
    const kmEnd = phys.kmEnd!;
    let km = place.locationTypeId === LOCATION_TYPE.MAINLINE ? kmStart + rng.next() * (kmEnd - kmStart) : place.km! + (rng.next() - 0.5) * 0.6;
    km = Math.round(Math.min(kmEnd, Math.max(kmStart, km)) * 10) / 10;
    const marker = ctx.markers.get(`${p.physicalId}:${km.toFixed(1)}`);
    const kmText = km.toFixed(1);

    // the steps' times: each after the previous; squeezed to end before `notAfter` when the case is live
    const delays = p.path.map((status, i) => (i === 0 ? 0 : rng.int(STEP_DELAY[status][0], STEP_DELAY[status][1]) * MIN + rng.int(0, 59) * 1000));
    const total = delays.reduce((s, d) => s + d, 0);
    let at = p.at;
    let scale = 1;
    const notAfter = p.notAfter ?? new Date(ctx.now.getTime() - MIN);
    if (at.getTime() + total > notAfter.getTime()) {
      const room = notAfter.getTime() - at.getTime();
      if (room < total * 0.3) at = new Date(Math.max(p.roster.startsAt.getTime(), notAfter.getTime() - total));
      scale = Math.max(0, Math.min(1, (notAfter.getTime() - at.getTime()) / Math.max(total, 1)));
    }
    at = new Date(Math.floor(at.getTime() / 1000) * 1000);
    const patrol = p.roster.members[0] ?? p.tmc;
    let t = at.getTime();
    let current: Roster | null = p.roster;
    let assignedOnce = false;
    const steps: Built['steps'] = [];
    p.path.forEach((status, i) => {
      t += Math.round(delays[i] * scale);
      const when = new Date(t);
      let roster = current;
      if (status === S.ASSIGNED && assignedOnce) roster = current = p.second ?? p.roster;
      if (status === S.ASSIGNED) assignedOnce = true;
      const by = isTmcStep(status) ? p.tmc : (current?.members[0] ?? patrol);
      const onScene = status === S.ARRIVED || status === S.ASSISTANCE_DONE || status === S.CASE_DONE || status === S.NEGATIVE;
      steps.push({
        status,
        at: when,
        by,
        roster,
        remark: status === S.CANCELLED ? rng.pick(CANCEL_REASONS) : status === S.REJECTED ? rng.pick(REJECT_REASONS) : null,
        lat: onScene && marker ? marker.latitude + (rng.next() - 0.5) * 0.0004 : null,
        lng: onScene && marker ? marker.longitude + (rng.next() - 0.5) * 0.0004 : null,
      });
      if (status === S.REJECTED) current = null;
    });

    // the main record, its status columns as the server keeps them (audit.ts statusPatch)
    const row: typeof incident.$inferInsert = {
      ticketNumber: '',
      sectionId: unitId,
      specificSectionId: unitId === p.physicalId ? null : p.physicalId,
      regionId: unit.regionId,
      highwayId: phys.highwayId,
      eventLocationId: place.id,
      locationTypeId: place.locationTypeId ?? null,
      sourceId: weighted(rng, SOURCE_WEIGHTS),
      categoryId: p.category,
      severityId:
        p.category === EVENT_TYPE.ACCIDENT
          ? weighted(rng, [
              [1701, 45],
              [1702, 35],
              [1703, 15],
              [1704, 5],
            ])
          : rng.chance(0.5)
            ? 1701
            : null,
      directionId: phys.highwayId === 3 ? rng.pick([1203, 1204]) : rng.pick([1201, 1202]),
      weatherId: weighted(rng, WEATHER_WEIGHTS),
      lightingId: lightingAt(rng, at),
      kilometerMarker: kmText,
      km,
      chainage: `${kmText} (${phys.name})`,
      latitude: marker?.latitude ?? null,
      longitude: marker?.longitude ?? null,
      dutyRosterId: p.roster.id,
      incidentAt: at,
      createdByStaffId: p.tmc.staffId,
      createdByUserId: p.tmc.userId,
      version: steps.length,
      createdAt: at,
      updatedAt: steps.at(-1)!.at,
    };
    for (const s of steps) {
      Object.assign(row, statusPatch(s.status, s.at));
      if (s.status === S.ASSIGNED) row.dutyRosterId = s.roster?.id ?? null;
    }

    // ticket number of the server's format, counted per physical section and local day
    const day = bruneiDate(at);
    const key = `${p.physicalId}|${day}`;
    const counter = counters.get(key) ?? { sectionId: p.physicalId, day, last: 0 };
    counter.last += 1;
    counters.set(key, counter);
    row.ticketNumber = `${phys.name}-${compactDate(at)}-${String(counter.last).padStart(4, '0')}`;

    // involved vehicles: accidents 1–3, breakdowns one, the named plates of the live cases
    const nVehicles = p.plates?.length ?? (p.category === EVENT_TYPE.ACCIDENT ? rng.int(1, 3) : p.category === EVENT_TYPE.BREAKDOWN ? 1 : 0);
    const plates =
      p.plates ??
      Array.from({ length: nVehicles }, () => `${rng.pick(PUBLIC_PLATE_PREFIXES[unit.regionId] ?? PUBLIC_PLATE_PREFIXES[22])} ${rng.int(1, 9999)}`);

    // journal: the TMC's note with the call, the patrol's on arrival and at the end
    const journal: Built['journal'] = [];
    const first = steps[0];
    journal.push({ at: new Date(first.at.getTime() + rng.int(20, 90) * 1000), by: p.tmc, text: rng.pick(TMC_NOTES[p.category]) });
    const arrived = steps.find((s) => s.status === S.ARRIVED);
    if (arrived) journal.push({ at: new Date(arrived.at.getTime() + rng.int(30, 240) * 1000), by: arrived.by, text: rng.pick(PR_ARRIVED_NOTES) });
    const done = steps.find((s) => s.status === S.CASE_DONE || s.status === S.NEGATIVE);
    if (done)
      journal.push({
        at: new Date(done.at.getTime() - rng.int(10, 60) * 1000),
        by: done.by,
        text: rng.pick(done.status === S.NEGATIVE ? PR_NEGATIVE_NOTES : PR_DONE_NOTES),
      });
    const lastAt = Math.min(ctx.now.getTime(), steps.at(-1)!.at.getTime() + 30 * MIN);
    built.push({ row, steps, sub: subformFields(rng, p.category, plates.length), journal: journal.filter((j) => j.at.getTime() <= lastAt), plates });
  }
  if (!built.length) return { incidents: 0 };

  // ---- insert: incidents, subforms, then the rows that point at both
  const inserted = await db
    .insert(incident)
    .values(built.map((b) => b.row))
    .returning({ id: incident.id, ticketNumber: incident.ticketNumber });
  const idOf = new Map(inserted.map((r) => [r.ticketNumber, r.id]));
  const subs = await db
    .insert(incidentSubform)
    .values(
      built.map((b) => ({
        ...b.sub,
        incidentId: idOf.get(b.row.ticketNumber)!,
        typeId: b.row.categoryId,
        createdAt: new Date(b.row.incidentAt.getTime() + 90_000),
        updatedAt: new Date(b.row.incidentAt.getTime() + 90_000),
      })),
    )
    .returning({ id: incidentSubform.id, incidentId: incidentSubform.incidentId });
  const subOf = new Map(subs.map((s) => [s.incidentId, s.id]));
  await db.execute(
    sql`UPDATE incident SET subform_id = v.subform_id FROM (VALUES ${sql.join(
      subs.map((s) => sql`(${s.incidentId}::int, ${s.id}::int)`),
      sql`, `,
    )}) AS v(incident_id, subform_id) WHERE incident.id = v.incident_id`,
  );

  await db.insert(incidentAudit).values(
    built.flatMap((b) =>
      b.steps.map((s) => ({
        incidentId: idOf.get(b.row.ticketNumber)!,
        statusId: s.status,
        assignerStaffId: s.by.staffId,
        assignerRoleName: s.by.roleName,
        assigneeRosterId: s.roster?.id ?? null,
        at: s.at,
        latitude: s.lat,
        longitude: s.lng,
        remark: s.remark,
        createdAt: s.at,
      })),
    ),
  );

  const journals = built.flatMap((b) => {
    const incidentId = idOf.get(b.row.ticketNumber)!;
    return b.journal.map((j) => ({
      incidentId,
      subformId: subOf.get(incidentId)!,
      staffId: j.by.staffId,
      roleName: j.by.roleName,
      entry: j.text,
      kind: 'NOTE',
      readStatus: journalReadStatus(j.by.roleName),
      createdAt: j.at,
    }));
  });
  if (journals.length) await db.insert(journalEntry).values(journals);

  const vehicles = built.flatMap((b) => {
    const incidentId = idOf.get(b.row.ticketNumber)!;
    return b.plates.map((plate) => {
      const [typeId, brand] = rng.pick(VEHICLES);
      return {
        incidentId,
        subformId: subOf.get(incidentId)!,
        vehicleTypeId: typeId,
        plateNumber: plate,
        plateNormalized: normalizePlate(plate),
        brand,
        createdAt: b.row.incidentAt,
      };
    });
  });
  if (vehicles.length) await db.insert(involvedVehicle).values(vehicles);

  // the other child lists (collisions, injuries, roadway parts, assistance, closures, jams, asset damage), from a
  // PRNG of their own so the cases above stay as they were
  const childRng = createRng(CHILD_SEED);
  const children = emptyChildBatch();
  for (const b of built) {
    const incidentId = idOf.get(b.row.ticketNumber)!;
    const child = {
      incidentId,
      subformId: subOf.get(incidentId)!,
      category: b.row.categoryId,
      sub: b.sub,
      at: b.row.incidentAt,
      directionId: b.row.directionId,
      steps: b.steps,
    };
    buildChildren(childRng, child, ctx.now, children);
  }
  await insertChildren(db, children);

  // later saves on the server continue from here (incident/ticket.ts)
  await db
    .insert(ticketCounter)
    .values([...counters.values()])
    .onConflictDoUpdate({ target: [ticketCounter.sectionId, ticketCounter.day], set: { last: sql`greatest(ticket_counter.last, excluded.last)` } });

  // the TMC bell: today's open cases the patrol has moved on
  for (const b of built) {
    const last = b.steps.at(-1)!;
    if (b.row.incidentAt.getTime() > ctx.now.getTime() - 24 * HOUR && !isTmcStep(last.status)) {
      await notifyPatrolActivity(db, 'PR', idOf.get(b.row.ticketNumber)!);
    }
  }
  return { incidents: built.length };
}
