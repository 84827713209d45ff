import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../server/db/client';
import { addDays, bruneiDate, seedDemoData } from '../../server/db/seed';
import { seedScale } from '../../scripts/seed-scale';
import { EVENT_TYPE_IDS, PATROL_STEPS, TICKET_PATTERN, normalizePlate } from '../../contract/incident-rules';
import { STATUS } from '../../contract/lookups';
import { openTestDb } from './support/database';
import { now as clockNow } from '../../server/lib/clock';

interface Case {
  id: number;
  ticket: string;
  sectionId: number;
  specificSectionId: number | null;
  physical: string;
  physicalId: number;
  localDay: string;
  categoryId: number;
  statusId: number | null;
  rosterId: number | null;
  subformId: number | null;
  at: Date;
  dispatchedAt: Date | null;
  receivedAt: Date | null;
  arrivedAt: Date | null;
  assistanceDoneAt: Date | null;
  caseDoneAt: Date | null;
  closedAt: Date | null;
  hasDoneEntry: boolean;
  everCancelled: boolean;
  regionId: number;
  sectionRegionId: number;
  chainage: string;
  km: number | null;
  latitude: number | null;
}
interface Step {
  incidentId: number;
  statusId: number;
  at: Date;
  roleName: string;
  staffId: number;
  rosterId: number | null;
  remark: string | null;
}

/** Timestamps travel as epoch milliseconds (raw results differ between pg and PGlite) and come back as Dates. */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const DATE_KEYS = new Set([
  'at',
  'dispatchedAt',
  'receivedAt',
  'arrivedAt',
  'assistanceDoneAt',
  'caseDoneAt',
  'closedAt',
  'createdAt',
  'endsAt',
  'startsAt',
]);
const rowsOf = async <T>(h: DbHandle, q: ReturnType<typeof sql>) =>
  ((await h.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, DATE_KEYS.has(k) && v !== null ? new Date(Number(v)) : v])) as T,
  );

async function load(h: DbHandle) {
  const cases = await rowsOf<Case>(
    h,
    sql`SELECT i.id, i.ticket_number AS ticket, i.section_id AS "sectionId", i.specific_section_id AS "specificSectionId",
      p.name AS physical, p.id AS "physicalId", to_char(i.incident_at AT TIME ZONE 'Asia/Brunei', 'YYYY-MM-DD') AS "localDay",
      i.category_id AS "categoryId", i.status_id AS "statusId", i.duty_roster_id AS "rosterId", i.subform_id AS "subformId",
      ${ms('i.incident_at')} AS at, ${ms('i.dispatched_at')} AS "dispatchedAt", ${ms('i.received_at')} AS "receivedAt", ${ms('i.arrived_at')} AS "arrivedAt",
      ${ms('i.assistance_done_at')} AS "assistanceDoneAt", ${ms('i.case_done_at')} AS "caseDoneAt", ${ms('i.closed_at')} AS "closedAt",
      i.has_done_entry AS "hasDoneEntry", i.ever_cancelled AS "everCancelled", i.region_id AS "regionId", s.region_id AS "sectionRegionId",
      i.chainage, i.km, i.latitude
    FROM incident i JOIN section s ON s.id = i.section_id JOIN section p ON p.id = coalesce(i.specific_section_id, i.section_id)
    ORDER BY i.id`,
  );
  const steps = await rowsOf<Step>(
    h,
    sql`SELECT incident_id AS "incidentId", status_id AS "statusId", ${ms('at')} AS at, assigner_role_name AS "roleName", assigner_staff_id AS "staffId",
      assignee_roster_id AS "rosterId", remark FROM incident_audit ORDER BY incident_id, at, id`,
  );
  const byCase = new Map<number, Step[]>();
  for (const s of steps) byCase.set(s.incidentId, [...(byCase.get(s.incidentId) ?? []), s]);
  return { cases, byCase };
}

/** The audit trail follows the status rules, and the case's own columns agree with it. */
function checkTrail(c: Case, trail: Step[], now: Date) {
  const label = `${c.ticket}: ${trail.map((s) => s.statusId).join(' → ')}`;
  expect(trail.length, label).toBeGreaterThan(0);
  expect(trail[0].statusId, label).toBe(STATUS.ASSIGNED);
  expect(trail[0].at.getTime(), label).toBe(c.at.getTime());
  for (let i = 1; i < trail.length; i++) {
    const prev = trail[i - 1].statusId;
    const cur = trail[i].statusId;
    expect(trail[i].at.getTime(), label).toBeGreaterThanOrEqual(trail[i - 1].at.getTime());
    expect([STATUS.CLOSED, STATUS.CANCELLED], label).not.toContain(prev);
    if (PATROL_STEPS[cur]) expect(PATROL_STEPS[cur], label).toContain(prev);
    if (cur === STATUS.ASSIGNED) expect(prev, label).toBe(STATUS.REJECTED);
    if (cur === STATUS.CLOSED)
      expect(
        trail.slice(0, i).some((s) => s.statusId === STATUS.CASE_DONE || s.statusId === STATUS.NEGATIVE),
        label,
      ).toBe(true);
    if (cur === STATUS.CANCELLED) expect((trail[i].remark ?? '').length, label).toBeGreaterThan(0);
  }
  for (const s of trail) {
    expect(s.at.getTime(), label).toBeLessThanOrEqual(now.getTime());
    if ([STATUS.ASSIGNED, STATUS.CLOSED, STATUS.CANCELLED].includes(s.statusId as 203)) expect(s.roleName, label).toMatch(/^TMC/);
    else expect(s.roleName, label).toBe('PR');
    if (s.statusId === STATUS.CANCELLED) expect(s.remark!.length).toBeLessThanOrEqual(150);
  }
  const last = trail.at(-1)!;
  const lastOf = (st: number) =>
    trail
      .filter((s) => s.statusId === st)
      .at(-1)
      ?.at.getTime() ?? null;
  expect(c.statusId, label).toBe(last.statusId);
  expect(c.dispatchedAt?.getTime() ?? null, label).toBe(lastOf(STATUS.ASSIGNED));
  expect(c.receivedAt?.getTime() ?? null, label).toBe(lastOf(STATUS.RECEIVED));
  expect(c.arrivedAt?.getTime() ?? null, label).toBe(lastOf(STATUS.ARRIVED));
  expect(c.assistanceDoneAt?.getTime() ?? null, label).toBe(lastOf(STATUS.ASSISTANCE_DONE));
  expect(c.caseDoneAt?.getTime() ?? null, label).toBe(lastOf(STATUS.CASE_DONE) ?? lastOf(STATUS.NEGATIVE));
  expect(c.closedAt?.getTime() ?? null, label).toBe(lastOf(STATUS.CLOSED));
  expect(c.hasDoneEntry, label).toBe(trail.some((s) => s.statusId === STATUS.CASE_DONE || s.statusId === STATUS.NEGATIVE));
  expect(c.everCancelled, label).toBe(trail.some((s) => s.statusId === STATUS.CANCELLED));
  if (last.statusId === STATUS.REJECTED) expect(c.rosterId, label).toBeNull();
  else expect(c.rosterId, label).toBe(trail.filter((s) => s.statusId === STATUS.ASSIGNED).at(-1)!.rosterId);
}

/** Tickets of the server's format, unique, and ticket_counter at or past every number used. */
async function checkTickets(h: DbHandle, cases: Case[]) {
  expect(new Set(cases.map((c) => c.ticket)).size).toBe(cases.length);
  const counters = await rowsOf<{ sectionId: number; day: string; last: number }>(
    h,
    sql`SELECT section_id AS "sectionId", to_char(day, 'YYYY-MM-DD') AS day, last FROM ticket_counter`,
  );
  const counterOf = new Map(counters.map((c) => [`${c.sectionId}|${c.day}`, c.last]));
  for (const c of cases) {
    expect(c.ticket).toMatch(TICKET_PATTERN);
    const [section, ymd, n] = c.ticket.split('-');
    expect(section).toBe(c.physical);
    expect(ymd).toBe(c.localDay.replaceAll('-', ''));
    expect(counterOf.get(`${c.physicalId}|${c.localDay}`) ?? 0, c.ticket).toBeGreaterThanOrEqual(Number(n));
  }
}

describe('demo incidents', () => {
  let h: DbHandle;
  let data: Awaited<ReturnType<typeof load>>;
  const now = clockNow();
  beforeAll(async () => {
    h = await openTestDb();
    await seedDemoData(h.db, { passwordHashCost: 'fast' });
    data = await load(h);
  });
  afterAll(async () => h?.close());

  it('about sixty cases over the last fortnight, of every event type, in every region', () => {
    const { cases } = data;
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(cases.length).toBeLessThanOrEqual(75);
    const first = addDays(bruneiDate(now), -14);
    for (const c of cases) expect(c.localDay >= first && c.localDay <= bruneiDate(now), c.ticket).toBe(true);
    expect(new Set(cases.map((c) => c.categoryId))).toEqual(new Set(EVENT_TYPE_IDS));
    expect(new Set(cases.map((c) => c.regionId))).toEqual(new Set([21, 22, 23]));
    for (const c of cases) {
      expect(c.regionId).toBe(c.sectionRegionId);
      expect(c.chainage).toBe(`${c.km!.toFixed(1)} (${c.physical})`);
      expect(c.latitude).not.toBeNull();
    }
    // combined sections carry their specific part
    expect(cases.some((c) => c.specificSectionId !== null)).toBe(true);
  });

  it('has closed, cancelled (with a justification), negative and rejected-then-reassigned cases', () => {
    const { cases, byCase } = data;
    const statuses = new Set(cases.map((c) => c.statusId));
    for (const s of [STATUS.CLOSED, STATUS.CANCELLED, STATUS.NEGATIVE]) expect(statuses.has(s), `${s}`).toBe(true);
    const reassigned = cases.filter((c) => {
      const t = byCase.get(c.id)!.map((s) => s.statusId);
      return t.includes(STATUS.REJECTED) && t.lastIndexOf(STATUS.ASSIGNED) > t.indexOf(STATUS.REJECTED);
    });
    expect(reassigned.length).toBeGreaterThan(0);
    expect(cases.filter((c) => c.statusId === STATUS.CLOSED).length).toBeGreaterThan(cases.length / 2);
  });

  it('every audit trail follows the status rules and matches its case', () => {
    for (const c of data.cases) checkTrail(c, data.byCase.get(c.id)!, now);
  });

  it('ticket numbers follow the server format and ticket_counter is moved past them', async () => {
    await checkTickets(h, data.cases);
  });

  it('every case has its one live subform of its event type, journal entries by TMC and patrol, plates normalised', async () => {
    const subs = await rowsOf<{ id: number; incidentId: number; typeId: number; remark: string }>(
      h,
      sql`SELECT id, incident_id AS "incidentId", type_id AS "typeId", remark FROM incident_subform WHERE deleted_at IS NULL`,
    );
    expect(subs).toHaveLength(data.cases.length);
    for (const c of data.cases) {
      const sub = subs.find((s) => s.incidentId === c.id)!;
      expect(sub.id).toBe(c.subformId);
      expect(sub.typeId).toBe(c.categoryId);
      expect(sub.remark).toBe(sub.remark.toUpperCase());
      expect(sub.remark.length).toBeLessThanOrEqual(500);
    }
    const journal = await rowsOf<{
      incidentId: number;
      subformId: number;
      roleName: string;
      readStatus: number | null;
      createdAt: Date;
      username: string | null;
    }>(
      h,
      sql`SELECT j.incident_id AS "incidentId", j.subform_id AS "subformId", j.role_name AS "roleName", j.read_status AS "readStatus",
        ${ms('j.created_at')} AS "createdAt", u.username FROM journal_entry j LEFT JOIN app_user u ON u.staff_id = j.staff_id`,
    );
    expect(journal.length).toBeGreaterThan(data.cases.length);
    for (const j of journal) {
      const c = data.cases.find((x) => x.id === j.incidentId)!;
      expect(j.subformId).toBe(c.subformId);
      expect(j.readStatus).toBe(j.roleName.startsWith('TMC') ? 829 : 830);
      expect(j.createdAt.getTime()).toBeGreaterThanOrEqual(c.at.getTime());
      expect(j.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const u of ['tmca', 'pr'])
      expect(
        journal.some((j) => j.username === u),
        u,
      ).toBe(true);

    const vehicles = await rowsOf<{ incidentId: number; plateNumber: string; plateNormalized: string; subformId: number }>(
      h,
      sql`SELECT incident_id AS "incidentId", plate_number AS "plateNumber", plate_normalized AS "plateNormalized", subform_id AS "subformId" FROM involved_vehicle`,
    );
    expect(vehicles.length).toBeGreaterThan(5);
    for (const v of vehicles) {
      expect(v.plateNumber).toMatch(/^[A-Z]{2,3} \d{1,4}$/);
      expect(v.plateNormalized).toBe(normalizePlate(v.plateNumber));
      expect(v.subformId).toBe(data.cases.find((c) => c.id === v.incidentId)!.subformId);
    }
    expect(vehicles.map((v) => v.plateNumber)).toEqual(expect.arrayContaining(['WXY 1234', 'BKT 8821']));
  });

  it("a live dashboard today: open N9 cases on the rosters of pr and pr.malam's teams", async () => {
    const rosters = await rowsOf<{ username: string; id: number; endsAt: Date; startsAt: Date }>(
      h,
      sql`SELECT u.username, dr.id, ${ms('dr.ends_at')} AS "endsAt", ${ms('dr.starts_at')} AS "startsAt" FROM app_user u
        JOIN team_member tm ON tm.staff_id = u.staff_id JOIN duty_roster dr ON dr.team_id = tm.team_id
        WHERE u.username IN ('pr', 'pr.malam')`,
    );
    const open = data.cases.filter((c) => c.physical === 'N9' && c.statusId !== STATUS.CLOSED && c.statusId !== STATUS.CANCELLED);
    for (const username of ['pr', 'pr.malam']) {
      const mine = rosters.filter((r) => r.username === username);
      const cases = open.filter((c) => mine.some((r) => r.id === c.rosterId));
      expect(cases.length, username).toBeGreaterThanOrEqual(username === 'pr' ? 3 : 1);
      for (const c of cases) {
        const r = mine.find((x) => x.id === c.rosterId)!;
        expect(c.at.getTime()).toBeGreaterThanOrEqual(r.startsAt.getTime());
        // the roster's latest shift: it started less than a day and a half ago
        expect(now.getTime() - r.startsAt.getTime()).toBeLessThan(36 * 3600_000);
      }
    }
    expect(open.some((c) => c.statusId === STATUS.ASSIGNED)).toBe(true);
    expect(open.some((c) => c.statusId === STATUS.REJECTED && c.rosterId === null)).toBe(true);
    const bell = await rowsOf<{ n: number }>(h, sql`SELECT count(*)::int AS n FROM incident_notification WHERE region_id = 22 AND NOT read`);
    expect(bell[0].n).toBeGreaterThan(0);
  });

  it('is written once: a second seedDemoData adds no case', async () => {
    expect(await seedDemoData(h.db, { passwordHashCost: 'fast' })).toEqual({ seeded: false });
    const [{ n }] = await rowsOf<{ n: number }>(h, sql`SELECT count(*)::int AS n FROM incident`);
    expect(n).toBe(data.cases.length);
  });
});

describe('seed:scale', () => {
  let h: DbHandle;
  let data: Awaited<ReturnType<typeof load>>;
  let demoCount = 0;
  const now = clockNow();
  const lines: string[] = [];
  beforeAll(async () => {
    h = await openTestDb();
    await seedDemoData(h.db, { passwordHashCost: 'fast' });
    demoCount = (await load(h)).cases.length;
    const from = addDays(bruneiDate(now), -45);
    const first = await seedScale(h, { incidents: 600, from, batchSize: 1000, now, seed: 7, log: (l) => lines.push(l) });
    expect(first.added).toBe(600);
    // each run adds N more, continuing the ticket numbers
    const second = await seedScale(h, { incidents: 400, from, batchSize: 1000, now, seed: 8, log: (l) => lines.push(l) });
    expect(second.added).toBe(400);
    data = await load(h);
  }, 180_000);
  afterAll(async () => h?.close());

  it('adds exactly N incidents per run and prints its progress', () => {
    expect(data.cases.length).toBe(demoCount + 1000);
    expect(lines.some((l) => /^batch 1\/1: .* \+600 /.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('done: +400 incidents'))).toBe(true);
  });

  it('spreads them over the period, every section and event type, mostly closed, the recent ones possibly open', () => {
    const scale = data.cases.slice(demoCount);
    const from = addDays(bruneiDate(now), -45);
    for (const c of scale) expect(c.localDay >= from && c.at.getTime() <= now.getTime(), c.ticket).toBe(true);
    expect(new Set(scale.map((c) => c.physical)).size).toBeGreaterThanOrEqual(14);
    expect(new Set(scale.map((c) => c.categoryId))).toEqual(new Set(EVENT_TYPE_IDS));
    const closed = scale.filter((c) => c.statusId === STATUS.CLOSED).length;
    expect(closed / scale.length).toBeGreaterThan(0.5);
    const open = scale.filter((c) => c.statusId !== STATUS.CLOSED && c.statusId !== STATUS.CANCELLED && c.statusId !== STATUS.NEGATIVE);
    for (const c of open) expect(now.getTime() - c.at.getTime(), c.ticket).toBeLessThan(15 * 86_400_000);
    for (const c of scale) expect(c.rosterId !== null || c.statusId === STATUS.REJECTED, c.ticket).toBe(true);
    // the rush hours carry more cases than the small hours
    const hour = (c: Case) => new Date(c.at.getTime() + 8 * 3600_000).getUTCHours();
    expect(scale.filter((c) => hour(c) >= 17 && hour(c) < 20).length).toBeGreaterThan(scale.filter((c) => hour(c) >= 2 && hour(c) < 5).length);
  });

  it('gives each its subform, an audit trail that follows the rules, journals and some vehicles', async () => {
    for (const c of data.cases) checkTrail(c, data.byCase.get(c.id)!, now);
    const closedTrails = data.cases
      .slice(demoCount)
      .filter((c) => c.statusId === STATUS.CLOSED)
      .map((c) => data.byCase.get(c.id)!.length);
    expect(Math.min(...closedTrails)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...closedTrails)).toBeLessThanOrEqual(6);
    const [counts] = await rowsOf<{ subforms: number; live: number; journals: number; withVehicles: number }>(
      h,
      sql`SELECT (SELECT count(*)::int FROM incident_subform) AS subforms,
        (SELECT count(*)::int FROM incident i JOIN incident_subform s ON s.id = i.subform_id AND s.incident_id = i.id AND s.type_id = i.category_id) AS live,
        (SELECT count(*)::int FROM journal_entry) AS journals,
        (SELECT count(DISTINCT incident_id)::int FROM involved_vehicle) AS "withVehicles"`,
    );
    expect(counts.subforms).toBe(data.cases.length);
    expect(counts.live).toBe(data.cases.length);
    expect(counts.journals).toBeGreaterThan(1000);
    expect(counts.withVehicles / data.cases.length).toBeGreaterThan(0.25);
    expect(counts.withVehicles / data.cases.length).toBeLessThan(0.55);
  });

  it('keeps ticket numbers unique and the counter past them', async () => {
    await checkTickets(h, data.cases);
  });
});
