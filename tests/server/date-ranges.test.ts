/**
 * Every date and time a request carries has a sane range (issue #20 item 6): a real calendar day from 2000-01-01 to
 * 2100-12-31, an ISO instant with a zone in the same range (at most milliseconds), and a `to` not before its
 * `from`. What is in range is stored exactly as sent; what is not is a 400 naming the field, before anything is
 * written. Before: a logsheet took From 0001-01-01 and To 9999-12-31 and answered From as 2001.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '../../contract/date-rules';
import type { TmcLogsheetRow } from '../../contract/logsheet';
import { PATHS } from '../../contract/paths';
import { appUser, dutyRoster, section, teamMember, tmcLogsheet } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const TENGAH = 22;
const RANGE = DATE_MESSAGES.range;

describe('date and time ranges (issue #20 item 6)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });
  /** a 400 validation answer naming `field` with `message` */
  const refused = (
    res: {
      statusCode: number;
      body: string;
      json: () => { statusMsg: string; body: { field?: string; issues?: { field: string; message: string }[] } };
    },
    field: string,
    message: string,
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    const { statusMsg, body } = res.json();
    expect(body.field).toBe(field);
    expect(body.issues).toContainEqual({ field, message });
    expect(statusMsg).toContain(message);
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'opsmgmt', 'pr']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
    }
  });
  afterAll(async () => app?.cleanup());

  /** a roster of the patrol user's team (its fixes pass the membership check) */
  const rosterOf = async (username: string) => {
    const [r] = await app.ctx.db
      .select({ id: dutyRoster.id })
      .from(dutyRoster)
      .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
      .innerJoin(appUser, eq(appUser.staffId, teamMember.staffId))
      .where(eq(appUser.username, username))
      .orderBy(asc(dutyRoster.id))
      .limit(1);
    return r!.id;
  };
  /** a roster of the region (TMCA Tengah reads its history) */
  const rosterOfRegion = async (regionId: number) => {
    const [r] = await app.ctx.db
      .select({ id: dutyRoster.id })
      .from(dutyRoster)
      .innerJoin(section, eq(section.id, dutyRoster.sectionId))
      .where(eq(section.regionId, regionId))
      .orderBy(asc(dutyRoster.id))
      .limit(1);
    return r!.id;
  };

  it('logsheet: From 0001 and To 9999 are a 400 naming the field and nothing is stored; dates in range are stored exactly', async () => {
    const before = await app.ctx.db.$count(tmcLogsheet);
    const both = await post('tmca', PATHS.tmcLogSheetSave, { from: '0001-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.000Z', remarks: 'julat' });
    refused(both, 'from', RANGE);
    expect(both.json().body.issues).toContainEqual({ field: 'to', message: RANGE });
    refused(await post('tmca', PATHS.tmcLogSheetSave, { from: '2026-03-02T00:00:00.000Z', to: '9999-12-31T23:59:59.000Z' }), 'to', RANGE);
    refused(await post('tmca', PATHS.tmcLogSheetSave, { from: '1999-12-31T23:59:59.999Z', to: '2026-03-02T00:00:00.000Z' }), 'from', RANGE);
    refused(
      await post('tmca', PATHS.tmcLogSheetSave, { from: '2026-02-30T08:00:00.000Z', to: '2026-03-02T00:00:00.000Z' }),
      'from',
      DATE_MESSAGES.invalid,
    );
    // microseconds would be cut to milliseconds: not "exactly as sent"
    refused(
      await post('tmca', PATHS.tmcLogSheetSave, { from: '2026-03-02T08:00:00.123456Z', to: '2026-03-02T09:00:00.000Z' }),
      'from',
      DATE_MESSAGES.precision,
    );
    expect(await app.ctx.db.$count(tmcLogsheet)).toBe(before);

    // the edges, read back as sent: from the save's answer, the list and the database itself
    const from = '2000-01-01T00:00:00.000Z';
    const to = '2100-12-31T23:59:59.999Z';
    const saved = await post('tmca', PATHS.tmcLogSheetSave, { from, to, remarks: 'tepi julat' });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved.json().body as TmcLogsheetRow;
    expect({ from: row.from, to: row.to }).toEqual({ from, to });
    const listed = await post('tmca', `${PATHS.tmcLogSheetDataTables}?length=10&start=0`, { dateFrom: '2000-01-01', dateTo: '2000-01-01' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().body.rows as TmcLogsheetRow[]).find((r) => r.pkTmcLogsheetId === row.pkTmcLogsheetId)).toMatchObject({ from, to });
    const [raw] = await app.ctx.db
      .select({
        from: sql<string>`to_char(${tmcLogsheet.fromAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        to: sql<string>`to_char(${tmcLogsheet.toAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(tmcLogsheet)
      .where(eq(tmcLogsheet.id, row.pkTmcLogsheetId));
    expect(raw).toEqual({ from, to });

    // an instant with an offset is the same instant (answered in UTC)
    const local = await post('tmca', PATHS.tmcLogSheetSave, { from: '2026-03-02T08:00:00.123+08:00', to: '2026-03-02T09:30:00+08:00' });
    expect(local.statusCode, local.body).toBe(200);
    expect(local.json().body).toMatchObject({ from: '2026-03-02T00:00:00.123Z', to: '2026-03-02T01:30:00.000Z' });
  });

  it('a timestamp read from the database keeps its year: 0001 stays 0001 (was read as 2001)', async () => {
    // written past the API, as rows from before the range check may be
    const [old] = await app.ctx.db
      .insert(tmcLogsheet)
      .values({
        staffId: staffOf.tmca,
        regionId: TENGAH,
        fromAt: new Date('0001-01-01T00:00:00.000Z'),
        toAt: new Date('0049-06-30T12:00:00.000Z'),
        remarks: 'lama',
      })
      .returning({ id: tmcLogsheet.id, fromAt: tmcLogsheet.fromAt, toAt: tmcLogsheet.toAt });
    expect(old.fromAt.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(old.toAt.toISOString()).toBe('0049-06-30T12:00:00.000Z');
    const res = await post('opsmgmt', `${PATHS.tmcLogSheetDataTables}?length=1&start=0&orderColumn=from&direction=asc`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.rows[0]).toMatchObject({ pkTmcLogsheetId: old.id, from: '0001-01-01T00:00:00.000Z', to: '0049-06-30T12:00:00.000Z' });
    await app.ctx.db.delete(tmcLogsheet).where(eq(tmcLogsheet.id, old.id));
  });

  it('filters: a day before 2000 or after 2100 and a day that does not exist are a 400', async () => {
    const dashboard = `${PATHS.dashboardDataTables}?length=5&start=0`;
    refused(await post('tmca', dashboard, { dateStart: '1999-12-31' }), 'dateStart', RANGE);
    refused(await post('tmca', dashboard, { dateStart: '2026-01-01', dateEnd: '2101-01-01' }), 'dateEnd', RANGE);
    refused(await post('tmca', PATHS.dashboardItemsCount, { dateEnd: '0001-01-01' }), 'dateEnd', RANGE);
    expect((await post('tmca', dashboard, { dateStart: '2000-01-01', dateEnd: '2100-12-31' })).statusCode).toBe(200);

    refused(await post('tmca', `${PATHS.broadcastDataTables}?length=5`, { dateFrom: '2026-02-30' }), 'dateFrom', DATE_MESSAGES.invalid);
    refused(await post('tmca', `${PATHS.broadcastDataTables}?length=5`, { since: '0001-01-01T00:00:00.000Z' }), 'since', RANGE);
    refused(await post('tmca', `${PATHS.tmcLogSheetDataTables}?length=5`, { dateFrom: '2026-02-30' }), 'dateFrom', DATE_MESSAGES.invalid);
    refused(await post('tmca', `${PATHS.tmcLogSheetCsv}`, { dateTo: '9999-01-01' }), 'dateTo', RANGE);
    refused(await post('tmca', `${PATHS.dutyRosterDataTables}?length=5`, { date: '2027-02-29' }), 'date', DATE_MESSAGES.invalid);
    expect((await post('tmca', `${PATHS.dutyRosterDataTables}?length=5`, { date: '2028-02-29' })).statusCode).toBe(200);
  });

  it('times of things that happened: a position fix or a status in 2200, a fix in 1999, a child-list time in 2101 are a 400', async () => {
    const roster = await rosterOf('pr');
    const fix = (recordedAt: string) => ({ pkDutyRosterId: roster, positions: [{ latitude: 3.1, longitude: 101.6, recordedAt }] });
    refused(await post('pr', PATHS.rondaGpsSave, fix('2200-01-01T00:00:00.000Z')), 'positions.0.recordedAt', RANGE);
    refused(await post('pr', PATHS.rondaGpsSave, fix('1999-12-31T23:00:00.000Z')), 'positions.0.recordedAt', RANGE);
    refused(await post('tmca', PATHS.auditSave, { incidentId: 1, incidentStatusId: 203, datetime: '2200-06-01T00:00:00.000Z' }), 'datetime', RANGE);
    refused(
      await post('tmca', PATHS.childSave('trafficJam'), {
        incidentSubFormId: 1,
        distance: '2',
        startTime: null,
        endTime: '2101-01-01T00:00:00.000Z',
      }),
      'endTime',
      RANGE,
    );
    refused(
      await post('tmca', PATHS.incidentSave, {
        pkIncidentId: 1,
        pkIncidentSourceId: 1,
        pkSectionId: 1,
        pkIncidentCategoryId: 184,
        pkEventLocationId: 1,
        pkCardinalDirectionId: 1201,
        kilometerMarker: '1',
        pkHighwayId: 1,
        date: '1999-12-31',
        time: '10:00:00',
        version: 0,
      }),
      'date',
      RANGE,
    );
  });

  it('a range whose end is before its start is a 400 naming the end', async () => {
    const roster = await rosterOfRegion(TENGAH);
    const history = (body: object) => post('tmca', `${PATHS.rondaGpsDataTables}?length=5`, { pkDutyRosterId: roster, ...body });
    refused(await history({ from: '2026-03-02T10:00:00.000Z', to: '2026-03-02T09:59:59.999Z' }), 'to', DATE_MESSAGES.toBeforeFrom);
    expect((await history({ from: '2026-03-02T10:00:00.000Z', to: '2026-03-02T10:00:00.000Z' })).statusCode).toBe(200);
    refused(
      await post('tmca', `${PATHS.broadcastDataTables}?length=5`, { dateFrom: '2026-03-02', dateTo: '2026-03-01' }),
      'dateTo',
      DATE_MESSAGES.toBeforeFrom,
    );
    refused(
      await post('tmca', `${PATHS.dashboardDataTables}?length=5`, { dateStart: '2026-03-02', dateEnd: '2026-03-01' }),
      'dateEnd',
      DATE_MESSAGES.toBeforeFrom,
    );
    // an equal end is a range of one instant or one day
    expect((await post('tmca', `${PATHS.broadcastDataTables}?length=5`, { dateFrom: '2026-03-02', dateTo: '2026-03-02' })).statusCode).toBe(200);
  });
});
