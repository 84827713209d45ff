/**
 * The demo's office records of the longer history (issue #31; DEMO_HISTORY_DAYS > 14, not the server tests' compact
 * demo, whose logsheet and leave tests start from empty lists):
 *
 * - TMC logsheets (§3.10): for every region and every day of the history, the day (07:00–19:00) and night
 *   (19:00–07:00) shifts of its TMC, each recorded as two or three entries From → To with remarks (CCTV watch, VMS
 *   messages, handovers, weather, the region's sections and toll plazas), by the region's TMC staff, created a few
 *   minutes after their To; only entries that ended before now;
 * - staff leave (§2.1 /listingleave): over the history and the coming weeks, leave of patrol members (never a team's
 *   leader, who writes the logs and checklists, and never the N9 teams the leave tests use) and of TMC staff, most
 *   approved by a manager of the region, some rejected, the coming ones partly still requested. An approved leave
 *   that meets the person's rosters releases them from those rosters (duty_roster_absence), as approving with
 *   'release' does.
 *
 * Deterministic (fixed-seed PRNG); bulk inserts; runs inside seedDemoData's transaction after the rosters exist.
 */
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appUser, dutyRoster, dutyRosterAbsence, role, section, staff, staffLeave, team, teamMember, tmcLogsheet } from '../schema';
import { REGION_ID } from './data/geography';
import { createRng, type Rng } from './prng';
import { addDays, bruneiDate, bruneiInstant } from './rosters';
import { now as clockNow } from '../../lib/clock';

const COMPACT_DAYS = 14;
const SEED = 20261129;
const MIN = 60_000;
const REGIONS = [REGION_ID.UTARA, REGION_ID.TENGAH, REGION_ID.SELATAN] as const;

const VMS = [
  'KURANGKAN LAJU, HUJAN LEBAT',
  'KERJA SENGGARAAN DI HADAPAN, IKUT LORONG KANAN',
  'KEMALANGAN DI HADAPAN, PERLAHAN',
  'PATUHI HAD LAJU 90 KM/J',
  'JANGAN GUNA TELEFON SEMASA MEMANDU',
  'KESESAKAN DI HADAPAN, BERHATI-HATI',
] as const;

function remarksOf(rng: Rng, part: 'start' | 'mid' | 'end', sections: string[], plazas: string[], night: boolean): string {
  const sec = rng.pick(sections);
  const plaza = plazas.length ? rng.pick(plazas) : `seksyen ${sec}`;
  if (part === 'start')
    return rng.pick([
      `Serahan tugas diterima daripada syif ${night ? 'pagi' : 'malam'}: ${rng.int(1, 3)} kes terbuka disemak; semua peronda seksyen ${sections.join(', ')} melapor diri.`,
      rng.chance(0.5)
        ? `Mula syif. Semakan CCTV dan papan VMS: semua berfungsi dengan baik.`
        : `Mula syif. Semakan CCTV dan papan VMS: ${rng.int(1, 2)} kamera tidak berfungsi di seksyen ${sec}, laporan dibuat kepada unit penyelenggaraan.`,
      `Mula syif. Ujian radio dengan semua unit peronda: jelas dan baik.`,
    ]);
  if (part === 'end')
    return rng.pick([
      rng.chance(0.4)
        ? `Serahan tugas kepada syif ${night ? 'pagi' : 'malam'}: tiada kes terbuka, tiada isu lain.`
        : `Serahan tugas kepada syif ${night ? 'pagi' : 'malam'}: ${rng.int(1, 2)} kes masih terbuka, tiada isu lain.`,
      `Tamat syif. Log kejadian dikemaskini; ringkasan dihantar kepada penyelia TMC.`,
      `Tamat syif. Semua papan VMS kembali kepada mesej biasa.`,
    ]);
  return rng.pick([
    `Pemantauan CCTV seksyen ${sec}: aliran trafik lancar, tiada kejadian luar biasa.`,
    `Papan VMS di ${plaza} dikemaskini: "${rng.pick(VMS)}".`,
    `Hujan lebat dilaporkan di seksyen ${sec}; peronda diminta berwaspada dan papan VMS dikemaskini.`,
    `Kesesakan di ${plaza} (${rng.int(1, 4)} km); peronda dihantar untuk kawalan lalu lintas.`,
    `Panggilan talian kecemasan: ${rng.int(2, 9)} panggilan diterima, semuanya dirujuk kepada peronda seksyen ${sec}.`,
    night
      ? `Kerja senggaraan waktu malam di seksyen ${sec}: lorong kiri ditutup 23:00–05:00, peronda memantau.`
      : `Lawatan pegawai wilayah ke bilik kawalan; taklimat ringkas status trafik seksyen ${sec}.`,
  ]);
}

export async function seedDemoOffice(
  db: Db,
  opts: { now?: Date; historyDays?: number; geography?: { eventLocations: { sectionId: number; name: string }[] } } = {},
): Promise<{ logsheets: number; leave: number }> {
  const historyDays = opts.historyDays ?? COMPACT_DAYS;
  if (historyDays <= COMPACT_DAYS) return { logsheets: 0, leave: 0 };
  const now = opts.now ?? clockNow();
  const today = bruneiDate(now);
  const rng = createRng(SEED);

  // ---- TMC logsheets
  const tmc = await db
    .select({ staffId: staff.id, regionId: section.regionId, username: appUser.username })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(eq(appUser.isActive, true), inArray(role.name, ['TMCA', 'TMCS']), ne(appUser.username, 'baharu')))
    .orderBy(asc(staff.id));
  const sectionRows = await db
    .select({ id: section.id, name: section.name, regionId: section.regionId })
    .from(section)
    .where(and(eq(section.isCombined, false), inArray(section.regionId, [...REGIONS])))
    .orderBy(asc(section.id));
  const plazaRows = await db.execute(
    sql`select s.region_id as "regionId", e.name from event_location e join section s on s.id = e.section_id where e.name like 'Plaza Tol %' order by e.id`,
  );
  const plazas = (plazaRows as unknown as { rows: { regionId: number; name: string }[] }).rows;
  const logs: (typeof tmcLogsheet.$inferInsert)[] = [];
  for (let back = historyDays; back >= 0; back--) {
    const day = addDays(today, -back);
    for (const regionId of REGIONS) {
      const staffOf = tmc.filter((t) => t.regionId === regionId);
      if (!staffOf.length) continue;
      const names = sectionRows.filter((s) => s.regionId === regionId && !s.name.startsWith('G')).map((s) => s.name);
      const regionPlazas = plazas.filter((p) => p.regionId === regionId).map((p) => p.name);
      for (const night of [false, true]) {
        const start = bruneiInstant(day, night ? '19:00' : '07:00').getTime();
        const end = start + 12 * 60 * MIN;
        const who = rng.pick(staffOf);
        const parts = rng.int(2, 3);
        const cuts = [start];
        for (let i = 1; i < parts; i++) cuts.push(start + Math.round(((end - start) * i) / parts / (15 * MIN)) * 15 * MIN);
        cuts.push(end);
        for (let i = 0; i < parts; i++) {
          const fromAt = new Date(cuts[i]);
          const toAt = new Date(cuts[i + 1]);
          const createdAt = new Date(cuts[i + 1] + rng.int(3, 25) * MIN);
          if (createdAt.getTime() > now.getTime()) continue;
          const part = i === 0 ? 'start' : i === parts - 1 ? 'end' : 'mid';
          logs.push({ staffId: who.staffId, regionId, fromAt, toAt, remarks: remarksOf(rng, part, names, regionPlazas, night), createdAt });
        }
      }
    }
  }
  for (let i = 0; i < logs.length; i += 1000) await db.insert(tmcLogsheet).values(logs.slice(i, i + 1000));

  // ---- leave
  const managers = await db
    .select({ staffId: staff.id, regionId: section.regionId })
    .from(appUser)
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(and(eq(appUser.isActive, true), inArray(role.name, ['SECTMGR', 'REGIONMGMT'])))
    .orderBy(asc(staff.id));
  const memberRows = await db
    .select({ teamId: teamMember.teamId, staffId: teamMember.staffId, teamName: team.name, regionId: section.regionId, memberId: teamMember.id })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    .innerJoin(section, eq(section.id, team.sectionId))
    .orderBy(asc(teamMember.id));
  const leaderOf = new Map<number, number>();
  for (const m of memberRows) if (!leaderOf.has(m.teamId)) leaderOf.set(m.teamId, m.staffId);
  const holders = [
    ...memberRows
      .filter((m) => leaderOf.get(m.teamId) !== m.staffId && !m.teamName.startsWith('N9-'))
      .map((m) => ({ staffId: m.staffId, regionId: m.regionId, teamId: m.teamId as number | null })),
    ...tmc.filter((t) => !['tmca', 'tmcs', 'tmca.utara', 'tmca.selatan'].includes(t.username)).map((t) => ({ ...t, teamId: null })),
  ];
  const leaves: { row: typeof staffLeave.$inferInsert; teamId: number | null }[] = [];
  const typeOf = (): { type: number; days: number; remark: string | null } =>
    rng.pick([
      { type: 1, days: rng.int(1, 5), remark: rng.pick(['Balik kampung.', 'Urusan keluarga.', 'Bercuti bersama keluarga.', null]) },
      { type: 1, days: rng.int(2, 4), remark: 'Cuti tahunan.' },
      { type: 2, days: rng.int(1, 2), remark: 'Sijil cuti sakit dilampirkan.' },
      { type: 3, days: 1, remark: 'Anak dimasukkan ke hospital.' },
      { type: 4, days: 1, remark: 'Ganti kerja hari kelepasan am.' },
      {
        type: 6,
        days: rng.int(2, 3),
        remark: rng.pick(['Kursus Pertolongan Cemas.', 'Latihan Pengurusan Trafik.', 'Kursus Keselamatan Jalan Raya.']),
      },
    ]);
  for (const h of holders) {
    if (!rng.chance(0.5)) continue;
    const count = rng.int(1, 3);
    const taken: [string, string][] = [];
    for (let i = 0; i < count; i++) {
      const { type, days, remark } = typeOf();
      const offset = rng.int(-historyDays + 2, 21);
      const dateFrom = addDays(today, offset);
      const dateTo = addDays(dateFrom, days - 1);
      // one person's leaves never overlap
      if (taken.some(([f, t]) => dateFrom <= addDays(t, 1) && dateTo >= addDays(f, -1))) continue;
      taken.push([dateFrom, dateTo]);
      const mgr = managers.filter((m) => m.regionId === h.regionId);
      const approver = mgr.length ? rng.pick(mgr).staffId : managers[0].staffId;
      const createdAt = new Date(
        bruneiInstant(addDays(dateFrom, type === 2 || type === 3 ? 0 : -rng.int(5, 20)), '09:00').getTime() + rng.int(0, 480) * MIN,
      );
      if (createdAt.getTime() > now.getTime()) continue;
      const status = offset > 3 && rng.chance(0.5) ? 'requested' : rng.chance(0.9) ? 'approved' : 'rejected';
      const decidedAt = status === 'requested' ? null : new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(2, 48) * 60 * MIN));
      leaves.push({
        teamId: h.teamId,
        row: {
          staffId: h.staffId,
          leaveTypeId: type,
          dateFrom,
          dateTo,
          remark,
          status,
          approverStaffId: status === 'requested' ? null : approver,
          decidedAt,
          createdByStaffId: approver,
          createdAt,
          updatedAt: decidedAt ?? createdAt,
        },
      });
    }
  }
  if (!leaves.length) return { logsheets: logs.length, leave: 0 };
  const saved = await db
    .insert(staffLeave)
    .values(leaves.map((l) => l.row))
    .returning({ id: staffLeave.id });
  // approved leave over the person's rosters: released from them (the roster stays, the member is not counted on it)
  const absences: (typeof dutyRosterAbsence.$inferInsert)[] = [];
  const approved = leaves.map((l, i) => ({ ...l, id: saved[i].id })).filter((l) => l.row.status === 'approved' && l.teamId !== null);
  if (approved.length) {
    const rosters = await db
      .select({ id: dutyRoster.id, teamId: dutyRoster.teamId, startDate: dutyRoster.startDate })
      .from(dutyRoster)
      .where(
        and(
          inArray(dutyRoster.teamId, [...new Set(approved.map((l) => l.teamId!))]),
          gte(dutyRoster.startDate, addDays(today, -historyDays)),
          lte(dutyRoster.startDate, addDays(today, 30)),
        ),
      );
    const seen = new Set<string>();
    for (const l of approved) {
      for (const r of rosters) {
        if (r.teamId === l.teamId && r.startDate >= l.row.dateFrom && r.startDate <= l.row.dateTo) {
          const key = `${r.id}|${l.row.staffId}`;
          if (seen.has(key)) continue;
          seen.add(key);
          absences.push({ dutyRosterId: r.id, staffId: l.row.staffId, leaveId: l.id });
        }
      }
    }
  }
  for (let i = 0; i < absences.length; i += 1000) await db.insert(dutyRosterAbsence).values(absences.slice(i, i + 1000));
  return { logsheets: logs.length, leave: leaves.length };
}
