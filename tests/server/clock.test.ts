/**
 * The server's one clock (server/lib/clock.ts, issue #28 item 4): LEBUHRAYA_CLOCK's forms, its anchoring for the
 * processes of one run, setClock, and the server answering by it (a new case's date, the patrols on shift) while the
 * tokens stay on the real clock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { dutyRoster, incident } from '../../server/db/schema';
import { anchorClockEnv, clockIsSet, now as clockNow, nowMs, parseClockSetting, setClock } from '../../server/lib/clock';
import { buildTestApp, call, login } from './support/build';
import { newCasePayload, saveCase } from './support/incident-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** 2026-11-27 12:00 Asia/Brunei */
const REAL = Date.parse('2026-11-27T04:00:00Z');

describe('LEBUHRAYA_CLOCK: parseClockSetting and anchorClockEnv', () => {
  it('a time of day is that time today, Asia/Brunei, anchored at the real time given', () => {
    expect(parseClockSetting('06:59:30', REAL)).toEqual({ clockMs: Date.parse('2026-11-26T22:59:30Z'), realMs: REAL });
    expect(parseClockSetting('23:59:30', REAL)).toEqual({ clockMs: Date.parse('2026-11-27T15:59:30Z'), realMs: REAL });
    expect(parseClockSetting(' 7:05 ', REAL)).toEqual({ clockMs: Date.parse('2026-11-26T23:05:00Z'), realMs: REAL });
    expect(parseClockSetting('00:00', REAL)).toEqual({ clockMs: Date.parse('2026-11-26T16:00:00Z'), realMs: REAL });
    // "today" is the local date: at 02:00 local (18:00 UTC the day before) it is still the local day
    const earlyLocal = Date.parse('2026-11-26T18:00:00Z');
    expect(parseClockSetting('18:59:30', earlyLocal)?.clockMs).toBe(Date.parse('2026-11-27T10:59:30Z'));
  });

  it('an ISO instant is that instant; the anchored form keeps its own real time', () => {
    expect(parseClockSetting('2026-11-27T22:59:30Z', REAL)).toEqual({ clockMs: Date.parse('2026-11-27T22:59:30Z'), realMs: REAL });
    expect(parseClockSetting('2026-11-28T06:59:30+08:00', REAL)?.clockMs).toBe(Date.parse('2026-11-27T22:59:30Z'));
    expect(parseClockSetting('2026-11-27T22:59:30.000Z@1700000000000', REAL)).toEqual({
      clockMs: Date.parse('2026-11-27T22:59:30Z'),
      realMs: 1_700_000_000_000,
    });
  });

  it('empty is the real time; a value it cannot read throws', () => {
    expect(parseClockSetting(undefined, REAL)).toBeUndefined();
    expect(parseClockSetting('', REAL)).toBeUndefined();
    expect(parseClockSetting('   ', REAL)).toBeUndefined();
    // '7' and a zoneless '2026-11-28 06:59' are dates to Date.parse (July 2001; the machine's zone): refused here
    const bad = ['24:00', '12:60', '12:00:60', '7', 'noon', '2026-11-28', '2026-11-28 06:59', '2026-11-28T06:59:30', '2026-13-45T00:00:00Z'];
    for (const value of [...bad, 'soon@1700000000000', '2026-11-28 06:59@1700000000000', '06:59:30 pm']) {
      expect(() => parseClockSetting(value, REAL), value).toThrow(/^LEBUHRAYA_CLOCK: /);
    }
  });

  it('anchorClockEnv writes the anchored form, which reads back as the same instant at the same real time', () => {
    const env: NodeJS.ProcessEnv = { LEBUHRAYA_CLOCK: '06:59:30' };
    const before = Date.now();
    const value = anchorClockEnv(env);
    expect(value).toBe(env.LEBUHRAYA_CLOCK);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z@\d+$/);
    const anchored = parseClockSetting(value)!;
    expect(anchored.realMs).toBeGreaterThanOrEqual(before);
    expect(anchored.realMs).toBeLessThanOrEqual(Date.now());
    expect(anchored.clockMs).toBe(parseClockSetting('06:59:30', anchored.realMs)!.clockMs);
    // anchoring again changes nothing: every process of a run reads the same setting
    expect(anchorClockEnv(env)).toBe(value);
    const unset: NodeJS.ProcessEnv = {};
    expect(anchorClockEnv(unset)).toBeUndefined();
    expect(unset).toEqual({});
  });
});

describe('every now of the server reads the clock', () => {
  /**
   * the files that use the real clock on purpose (durations in memory, tokens_valid_after met by a token's t, a data
   * directory lock's wait and holder, a log line's time)
   */
  const REAL_CLOCK = [
    'db/data-dir-lock.ts',
    'lib/clock.ts',
    'lib/json-log.ts',
    'modules/auth/service.ts',
    'modules/comms/routes.ts',
    'modules/staff/service.ts',
    'modules/system/routes.ts',
    'modules/users/service.ts',
    'plugins/answer-cache.ts',
    'plugins/auth.ts',
  ];

  it('new Date() and Date.now appear nowhere else in server/', () => {
    const root = path.resolve(import.meta.dirname, '../../server');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split(path.sep).join('/'));
    expect(files).toContain('lib/clock.ts');
    const found = files.filter((f) => /new Date\(\)|Date\.now\b/.test(readFileSync(path.join(root, f), 'utf8')));
    // the scan sees the real clock where it is meant
    expect(found).toContain('plugins/auth.ts');
    const elsewhere = found.filter((f) => !REAL_CLOCK.includes(f));
    expect(elsewhere, 'read now() / nowMs() of server/lib/clock.ts (docs/development.md, "The clock")').toEqual([]);
  });
});

describe('setClock', () => {
  afterAll(() => setClock(null));

  it('moves now() and nowMs(), which run on at the real pace; null goes back to LEBUHRAYA_CLOCK or the real time', async () => {
    setClock('2026-11-27T22:59:30Z');
    expect(clockIsSet()).toBe(true);
    const first = nowMs();
    expect(first - Date.parse('2026-11-27T22:59:30Z')).toBeGreaterThanOrEqual(0);
    expect(first - Date.parse('2026-11-27T22:59:30Z')).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(nowMs() - first).toBeGreaterThanOrEqual(25);
    expect(clockNow().getTime()).toBeGreaterThanOrEqual(first);
    setClock(new Date('2026-11-28T11:00:00+08:00'));
    expect(Math.abs(nowMs() - Date.parse('2026-11-28T03:00:00Z'))).toBeLessThan(1000);
    setClock(Date.parse('2026-01-01T00:00:00Z'));
    expect(Math.abs(nowMs() - Date.parse('2026-01-01T00:00:00Z'))).toBeLessThan(1000);
    expect(() => setClock('not a time')).toThrow(/setClock/);
    expect(() => setClock('2026-11-28 06:59')).toThrow(/setClock/);

    setClock(null);
    const setting = parseClockSetting(process.env.LEBUHRAYA_CLOCK);
    const expected = setting ? setting.clockMs + (Date.now() - setting.realMs) : Date.now();
    expect(Math.abs(nowMs() - expected)).toBeLessThan(1000);
  });
});

describe('the server answers by the clock', () => {
  /** 2026-11-28 00:30 Asia/Brunei: the UTC date is still the 27th, and the night shift of the 27th is on the road */
  const AT = Date.parse('2026-11-27T16:30:00Z');
  let app: App;
  let tmca: string;

  /** the rosters covering the clock's now, straight from the table */
  const coveringNow = async () => {
    const at = clockNow();
    const rows = await app.ctx.db
      .select({ id: dutyRoster.id })
      .from(dutyRoster)
      .where(and(lte(dutyRoster.startsAt, at), gt(dutyRoster.endsAt, at)));
    return rows.map((r) => r.id);
  };
  const activeIds = async () => {
    app.dropAnswerCache();
    const res = await call(app, tmca, { method: 'POST', url: `${PATHS.activePrList}?length=100`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().body.rows as { pkDutyRosterId: number }[]).map((r) => r.pkDutyRosterId).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    // set before the app is built: the demo data is made relative to it too
    setClock(AT);
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
  });
  afterAll(async () => {
    await app?.cleanup();
    setClock(null);
  });

  it('/healthz shows the clock while it is set', async () => {
    const health = (await app.inject({ method: 'GET', url: '/healthz' })).json();
    expect(Date.parse(health.clock)).toBeGreaterThanOrEqual(AT);
    expect(Date.parse(health.clock)).toBeLessThanOrEqual(nowMs());
  });

  it("a new case takes the clock's local date and time", async () => {
    const payload = await newCasePayload(app);
    const at = clockNow();
    const [onShift] = await app.ctx.db
      .select({ id: dutyRoster.id })
      .from(dutyRoster)
      .where(and(eq(dutyRoster.sectionId, payload.pkSectionId), lte(dutyRoster.startsAt, at), gt(dutyRoster.endsAt, at)));
    const res = await saveCase(app, tmca, { ...payload, pkDutyRosterId: onShift.id });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().body;
    expect(saved.ticketNumber.startsWith('N9-20261128-')).toBe(true);
    const [row] = await app.ctx.db.select({ at: incident.incidentAt }).from(incident).where(eq(incident.id, saved.pkIncidentId));
    expect(row.at.getTime()).toBeGreaterThanOrEqual(AT);
    expect(row.at.getTime()).toBeLessThanOrEqual(nowMs());
  });

  it("the active patrols are the rosters covering the clock's now: at 00:30 the night shift of the day before", async () => {
    const ids = await activeIds();
    expect(ids.length).toBeGreaterThan(0);
    const rows = await app.ctx.db
      .select({ startDate: dutyRoster.startDate, startHour: dutyRoster.startHour })
      .from(dutyRoster)
      .where(inArray(dutyRoster.id, ids));
    for (const r of rows) expect(r).toEqual({ startDate: '2026-11-27', startHour: '19:00' });
    const all = await coveringNow();
    expect(ids.every((id) => all.includes(id))).toBe(true);
  });

  it('moved on to 12:30 the same day, the day shift is on; the token, on the real clock, still works', async () => {
    const night = await activeIds();
    setClock(AT + 12 * 3600_000);
    const day = await activeIds();
    expect(day.length).toBeGreaterThan(0);
    expect(day.some((id) => night.includes(id))).toBe(false);
    const rows = await app.ctx.db
      .select({ startDate: dutyRoster.startDate, startHour: dutyRoster.startHour })
      .from(dutyRoster)
      .where(inArray(dutyRoster.id, day));
    for (const r of rows) expect(r).toEqual({ startDate: '2026-11-28', startHour: '07:00' });
  });
});
