/**
 * Issue #20, findings 1, 3, 4 and 7: the text rule (NUL, C0 controls, bidi overrides, lone surrogates) on every
 * kind of input, broadcasts from control-centre staff only, an edit of a case needs its version, /docs for signed-in
 * users unless API_DOCS_PUBLIC, HSTS when configured. Each of these failed on the code before the issue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { journalEntry } from '../../server/db/schema';
import { buildTestApp, call, DEMO_PASSWORD, login } from './support/build';
import { newCasePayload, rosterOf, saveCase } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('security review (#20)', () => {
  let app: App;
  let tmca: string;
  let caseId: number;
  let ticket: string;
  let version: number;
  beforeAll(async () => {
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
    const roster = await rosterOf(app, 'N9-PAGI-A');
    const res = await saveCase(app, tmca, await newCasePayload(app, { pkDutyRosterId: roster.id }));
    expect(res.statusCode, res.body).toBe(200);
    ({ pkIncidentId: caseId, ticketNumber: ticket, version } = res.json().body);
  });
  afterAll(async () => app?.cleanup());

  const expect400 = (
    res: { statusCode: number; json: () => { statusMsg: string; body: { errorCode: string; field?: string } } },
    field: string,
    char = 'U+0000',
  ) => {
    expect(res.statusCode).toBe(400);
    const env = res.json();
    expect(env.body.errorCode).toBe('VALIDATION');
    expect(env.body.field).toBe(field);
    expect(env.statusMsg).toBe(`Input tidak sah: ${field} — Teks mengandungi aksara yang tidak dibenarkan (${char}).`);
  };

  it('a NUL in each of the eleven places the review found answers 400 naming the field, never 500', async () => {
    const nul = 'a\u0000b';
    const today = clockNow().toISOString().slice(0, 10);
    const post = (url: string, payload: object, token: string | null = tmca) => call(app, token, { method: 'POST', url, payload });
    const get = (url: string) => call(app, tmca, { method: 'GET', url });
    const places: [string, () => ReturnType<typeof post>, string][] = [
      ['login username (signed out)', () => post(PATHS.login, { username: `tmca${nul}`, password: DEMO_PASSWORD }, null), 'username'],
      ['journal entry', () => post(PATHS.journalEntrySave, { pkIncidentId: caseId, entry: `Catatan ${nul}` }), 'entry'],
      ['broadcast message', () => post(PATHS.broadcastSave, { message: `Siaran ${nul}` }), 'message'],
      [
        'logsheet remarks',
        () => post(PATHS.tmcLogSheetSave, { from: new Date(nowMs() - 3600e3).toISOString(), to: clockNow().toISOString(), remarks: nul }),
        'remarks',
      ],
      ['audit remark', () => post(PATHS.auditSave, { incidentId: caseId, incidentStatusId: 202, remark: `Batal ${nul}` }), 'remark'],
      [
        'dashboard filter',
        () => post(`${PATHS.dashboardDataTables}?length=10`, { plateNumber: nul, dateStart: today, dateEnd: today }),
        'plateNumber',
      ],
      ['dashboard counts filter', () => post(PATHS.dashboardItemsCount, { regionCode: nul }), 'regionCode'],
      ['logsheet filter', () => post(`${PATHS.tmcLogSheetDataTables}?length=10`, { text: nul }), 'text'],
      ['notification filter', () => post(PATHS.notificationGetAll, { sectionName: nul }), 'sectionName'],
      ['ticket-number lookup (path)', () => get(PATHS.incidentByTicket(`${ticket}${nul}`)), 'ticket'],
      ['journal by ticket (path)', () => get(PATHS.journalByTicket(nul)), 'ticket'],
      ['dataTables order column (query)', () => post(`${PATHS.dashboardDataTables}?length=10&orderColumn=a%00b`, {}), 'orderColumn'],
      ['nested field of an array', () => post(PATHS.broadcastSeen, { ids: [1], extra: [{ deep: nul }] }), 'extra.0.deep'],
    ];
    const before = await app.ctx.db.select().from(journalEntry);
    for (const [name, send, field] of places) {
      const res = await send();
      expect(res.statusCode, `${name}: ${res.body}`).not.toBeGreaterThanOrEqual(500);
      expect400(res, field);
    }
    expect(await app.ctx.db.select().from(journalEntry)).toHaveLength(before.length);
  });

  it('refuses every C0 control but tab and line breaks, the bidi overrides and isolates, lone surrogates; keeps the rest', async () => {
    const entry = (text: string) => call(app, tmca, { method: 'POST', url: PATHS.journalEntrySave, payload: { pkIncidentId: caseId, entry: text } });
    for (const code of [0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const char = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      expect400(await entry(`Kenyataan ${String.fromCharCode(code)} di KM 12`), 'entry', char);
    }
    expect400(await entry('sebelum \uD83D selepas'), 'entry', 'U+D83D');
    expect400(await entry('sebelum \uDE00'), 'entry', 'U+DE00');
    // JSON escapes reach the server as the characters themselves
    const raw = await app.inject({
      method: 'POST',
      url: PATHS.journalEntrySave,
      headers: { authorization: `Bearer ${tmca}`, 'content-type': 'application/json' },
      payload: `{"pkIncidentId":${caseId},"entry":"x\\u0000y"}`,
    });
    expect400(raw, 'entry');
    // tab, line breaks, emoji (a surrogate pair), Arabic and Jawi text, a right-to-left mark are text
    for (const text of ['Baris 1\n\tBaris 2\r\n', 'Kereta rosak 🚗💥 di KM 12', 'لوري تربالิก', 'جاوي \u200F teks']) {
      const res = await entry(text);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('only control-centre staff, supervisors, managers and SUPERADMIN send broadcasts; everyone reads them', async () => {
    const send = async (username: string) =>
      call(app, (await login(app, username)).token, {
        method: 'POST',
        url: PATHS.broadcastSave,
        payload: { message: `Siaran daripada ${username}` },
      });
    for (const username of ['pr', 'others', 'pengguna', 'tste', 'tsta', 'sc', 'admin', 'primeadmin']) {
      const res = await send(username);
      expect(res.statusCode, username).toBe(403);
      expect(res.json().body.errorCode).toBe('FORBIDDEN');
    }
    for (const username of ['tmca', 'tmcs', 'sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin'])
      expect((await send(username)).statusCode, username).toBe(200);
    const read = await call(app, (await login(app, 'pr')).token, { method: 'POST', url: `${PATHS.broadcastDataTables}?length=50`, payload: {} });
    expect(read.statusCode).toBe(200);
    expect(read.json().body.rows.map((r: { message: string }) => r.message)).toContain('Siaran daripada tmca');
  });

  it('an edit of an existing case without its version is refused (400), with it saved, a stale one 409; a new case omits it', async () => {
    const payload = await newCasePayload(app, { pkDutyRosterId: (await rosterOf(app, 'N9-PAGI-A')).id });
    const edit = { ...payload, pkIncidentId: caseId, kilometerMarker: '12.5' };
    const missing = await saveCase(app, tmca, edit);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().body.field).toBe('version');
    expect(missing.json().statusMsg).toContain('versi kes diperlukan');
    const ok = await saveCase(app, tmca, { ...edit, version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().body.version).toBe(version + 1);
    const stale = await saveCase(app, tmca, { ...edit, version });
    expect(stale.statusCode).toBe(409);
    version += 1;
  });
});

describe('/docs and HSTS (#20 finding 7)', () => {
  it('/docs needs a signed-in user by default; API_DOCS_PUBLIC opens it; HSTS_MAX_AGE sends the header', async () => {
    const closed = await buildTestApp();
    try {
      for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
        const res = await closed.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.body).not.toContain('incidentAudit');
      }
      const token = (await login(closed, 'tmca')).token;
      const json = await call(closed, token, { method: 'GET', url: '/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().paths[PATHS.incidentSave]).toBeTruthy();
      expect((await closed.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await closed.cleanup();
    }
    const open = await buildTestApp({ apiDocsPublic: true, hstsMaxAge: 31_536_000 });
    try {
      const res = await open.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await open.cleanup();
    }
  });
});
