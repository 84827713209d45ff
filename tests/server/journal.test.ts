import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../contract/paths';
import { incidentNotification, journalEntry } from '../../server/db/schema';
import { buildTestApp, call, login } from './support/build';
import { insertIncident as makeIncident } from './support/incident-fixtures';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DATE_RE = /^\d{2}-\d{2}-\d{4}$/;
const TIME_RE = /^\d{2}:\d{2}:\d{2}$/;

describe('journal (§2.16, §3.8, §4.4, §7.4)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const staffOf: Record<string, number> = {};
  let n9: Awaited<ReturnType<typeof makeIncident>>;
  let n9Other: Awaited<ReturnType<typeof makeIncident>>;
  let closed: Awaited<ReturnType<typeof makeIncident>>;
  let utara: Awaited<ReturnType<typeof makeIncident>>;

  const post = (who: string, url: string, payload: unknown) => call(app, tok[who], { method: 'POST', url, payload: payload as object });
  const get = (who: string, url: string) => call(app, tok[who], { method: 'GET', url });
  const entriesOf = async (incidentId: number) =>
    (await app.ctx.db.select({ n: count() }).from(journalEntry).where(eq(journalEntry.incidentId, incidentId)))[0].n;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['tmca', 'tmcs', 'pr', 'sectmgr', 'superadmin', 'tmca.utara', 'others', 'opsmgmt']) {
      const s = await login(app, u);
      tok[u] = s.token;
      staffOf[u] = s.user.pkStaffId;
    }
    n9 = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca });
    n9Other = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca, typeId: 185 });
    closed = await makeIncident(app, { section: 'N9', staffId: staffOf.tmca, statusId: 210 });
    utara = await makeIncident(app, { section: 'N5', staffId: staffOf['tmca.utara'] });
  });
  afterAll(async () => app?.cleanup());

  it('a blank or whitespace entry is refused with the §5 message and nothing is saved', async () => {
    for (const entry of ['', '   ', ' \n\t ']) {
      const res = await post('tmca', PATHS.journalEntrySave, { entry, incidentSubFormId: n9.subformId });
      expect(res.statusCode).toBe(400);
      expect(res.json().statusMsg).toContain('Kenyataan tidak boleh kosong');
      expect(res.json().body.field).toBe('entry');
    }
    const long = await post('tmca', PATHS.journalEntrySave, { entry: 'x'.repeat(2001), incidentSubFormId: n9.subformId });
    expect(long.statusCode).toBe(400);
    const wrongType = await post('tmca', PATHS.journalEntrySave, { entry: 42, incidentSubFormId: n9.subformId });
    expect(wrongType.statusCode).toBe(400);
    expect(await entriesOf(n9.id)).toBe(0);
  });

  it('needs a case; subform and incident must agree; unknown cases are 404', async () => {
    const none = await post('tmca', PATHS.journalEntrySave, { entry: 'Tiada kes' });
    expect(none.statusCode).toBe(400);
    const mismatch = await post('tmca', PATHS.journalEntrySave, { entry: 'Salah padan', incidentSubFormId: n9.subformId, pkIncidentId: n9Other.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().body.field).toBe('incidentSubFormId');
    expect((await post('tmca', PATHS.journalEntrySave, { entry: 'x', pkIncidentId: 987654 })).statusCode).toBe(404);
    expect((await post('tmca', PATHS.journalEntrySave, { entry: 'x', incidentSubFormId: 987654 })).statusCode).toBe(404);
    expect(await entriesOf(n9.id)).toBe(0);
    expect(await entriesOf(n9Other.id)).toBe(0);
  });

  let tmcaEntryId: number;
  let prEntryId: number;

  it('a TMC entry is saved with its link, read status 829 and the §8 success message', async () => {
    const res = await post('tmca', PATHS.journalEntrySave, {
      entry: '  Pemanggil melaporkan kemalangan dua kenderaan di lorong kiri.  ',
      incidentSubFormId: n9.subformId,
    });
    expect(res.statusCode).toBe(200);
    const env = res.json();
    expect(env.statusMsg).toBe('Jurnal telah berjaya disimpan');
    expect(env.body).toMatchObject({
      pkJournalEntryId: expect.any(Number),
      pkIncidentId: n9.id,
      incidentSubFormId: n9.subformId,
      entry: 'Pemanggil melaporkan kemalangan dua kenderaan di lorong kiri.',
      kind: 'NOTE',
      readStatus: 829,
      staff: { pkStaffId: staffOf.tmca, displayName: 'Nurul Huda binti Ismail', roleName: 'TMCA' },
      attachments: [],
    });
    expect(env.body.date).toMatch(DATE_RE);
    expect(env.body.time).toMatch(TIME_RE);
    tmcaEntryId = env.body.pkJournalEntryId;
  });

  it("a patrol's entry by incident id goes to the live subform, is 830 and raises the TMC notification", async () => {
    const before = await app.ctx.db.select().from(incidentNotification).where(eq(incidentNotification.incidentId, n9.id));
    expect(before).toHaveLength(0);
    const res = await post('pr', PATHS.journalEntrySave, { entry: 'Peronda tiba di lokasi. Dua kenderaan, tiada kecederaan.', pkIncidentId: n9.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ incidentSubFormId: n9.subformId, readStatus: 830, staff: { roleName: 'PR' } });
    prEntryId = res.json().body.pkJournalEntryId;
    const [note] = await app.ctx.db.select().from(incidentNotification).where(eq(incidentNotification.incidentId, n9.id));
    expect(note).toMatchObject({ ticketNumber: n9.ticket, read: false });

    const mgr = await post('sectmgr', PATHS.journalEntrySave, { entry: 'Dimaklumkan kepada pengurus seksyen.', incidentSubFormId: n9.subformId });
    expect(mgr.statusCode).toBe(200);
    expect(mgr.json().body.readStatus).toBeNull();
  });

  it('getAllByIncident and get/{id} answer newest first with attachments', async () => {
    const up = await post('pr', PATHS.documentSave, {
      tableType: 'JOURNAL_ENTRY',
      fkTableId: prEntryId,
      documentName: 'lokasi.png',
      fileContent: PNG_1X1,
    });
    expect(up.statusCode).toBe(200);
    const all = await get('tmca', PATHS.journalByIncident(n9.id));
    expect(all.statusCode).toBe(200);
    const rows = all.json().body as {
      pkJournalEntryId: number;
      createdDateTime: string;
      attachments: { documentType: string; statusImg: number }[];
    }[];
    expect(rows).toHaveLength(3);
    const times = rows.map((r) => Date.parse(r.createdDateTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(rows[rows.length - 1].pkJournalEntryId).toBe(tmcaEntryId);
    const withPhoto = rows.find((r) => r.pkJournalEntryId === prEntryId)!;
    expect(withPhoto.attachments).toHaveLength(1);
    expect(withPhoto.attachments[0]).toMatchObject({ documentType: 'image/jpeg', statusImg: 1, tableType: 'JOURNAL_ENTRY', fkTableId: prEntryId });

    const one = await get('tmcs', PATHS.journalEntryGet(prEntryId));
    expect(one.statusCode).toBe(200);
    expect(one.json().body.attachments).toHaveLength(1);
    expect((await get('tmcs', PATHS.journalEntryGet(999999))).statusCode).toBe(404);
    expect((await get('tmcs', '/rest/roster/manage/journalEntry/get/abc')).statusCode).toBe(400);
  });

  it('dataTables by subform or incident: newest first, paged; without a filter 400', async () => {
    const p1 = await post('tmca', `${PATHS.journalDataTables}?length=2&start=0`, { incidentSubFormId: n9.subformId });
    expect(p1.statusCode).toBe(200);
    expect(p1.json().body).toMatchObject({ recordCount: 3, page: 0, size: 2 });
    expect(p1.json().body.rows).toHaveLength(2);
    const p2 = await post('tmca', `${PATHS.journalDataTables}?length=2&start=2`, { incidentSubFormId: n9.subformId });
    expect(p2.json().body.rows.map((r: { pkJournalEntryId: number }) => r.pkJournalEntryId)).toEqual([tmcaEntryId]);
    const byIncident = await post('tmca', PATHS.journalDataTables, { incidentId: n9.id });
    expect(byIncident.json().body.recordCount).toBe(3);
    const empty = await post('tmca', PATHS.journalDataTables, { incidentId: n9Other.id });
    expect(empty.json().body).toMatchObject({ rows: [], recordCount: 0 });
    expect((await post('tmca', PATHS.journalDataTables, {})).statusCode).toBe(400);
    expect((await post('tmca', PATHS.journalDataTables, { incidentSubFormId: n9.subformId, incidentId: n9Other.id })).statusCode).toBe(400);
  });

  it('the read mark of §4.4 is appended once per TMC reader; other roles are refused', async () => {
    const mark = await post('tmcs', PATHS.journalEntryUpdateStatus, { pkJournalEntryId: prEntryId, readStatus: 829 });
    expect(mark.statusCode).toBe(200);
    const text = mark.json().body.entry as string;
    expect(text).toMatch(
      /^Peronda tiba di lokasi\. Dua kenderaan, tiada kecederaan\.\nRead by: Rajendran a\/l Muniandy \(TMCS\) Read Date: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    expect(mark.json().body.readStatus).toBe(830);
    const again = await post('tmcs', PATHS.journalEntryUpdateStatus, { pkJournalEntryId: prEntryId });
    expect(again.statusCode).toBe(200);
    expect(again.json().body.entry).toBe(text);
    const second = await post('tmca', PATHS.journalEntryUpdateStatus, { pkJournalEntryId: prEntryId });
    expect(second.json().body.entry.match(/Read by:/g)).toHaveLength(2);
    expect(second.json().body.entry).toContain('Read by: Nurul Huda binti Ismail (TMCA) Read Date: ');
    for (const who of ['pr', 'sectmgr', 'superadmin']) {
      expect((await post(who, PATHS.journalEntryUpdateStatus, { pkJournalEntryId: prEntryId })).statusCode, who).toBe(403);
    }
    expect((await post('tmcs', PATHS.journalEntryUpdateStatus, { pkJournalEntryId: 999999 })).statusCode).toBe(404);
  });

  it('journal/save links an entry to a subform of its case, idempotently', async () => {
    const loose = await post('tmca', PATHS.journalEntrySave, { entry: 'Nota kes kedua', pkIncidentId: n9Other.id });
    const entryId = loose.json().body.pkJournalEntryId;
    await app.ctx.db.update(journalEntry).set({ subformId: null }).where(eq(journalEntry.id, entryId));
    for (let i = 0; i < 2; i++) {
      const res = await post('tmca', PATHS.journalSave, { journalEntryId: entryId, staffId: staffOf.tmca, incidentSubFormId: n9Other.subformId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        statusMsg: 'Jurnal telah berjaya disimpan',
        body: { pkJournalEntryId: entryId, incidentSubFormId: n9Other.subformId },
      });
    }
    const foreign = await post('tmca', PATHS.journalSave, { journalEntryId: entryId, incidentSubFormId: n9.subformId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().body.field).toBe('journalEntryId');
    const notWriter = await post('tmca', PATHS.journalSave, { journalEntryId: entryId, staffId: staffOf.pr, incidentSubFormId: n9Other.subformId });
    expect(notWriter.statusCode).toBe(400);
    expect((await post('tmca', PATHS.journalSave, { journalEntryId: 999999, incidentSubFormId: n9Other.subformId })).statusCode).toBe(404);
    expect((await post('tmca', PATHS.journalSave, { journalEntryId: entryId })).statusCode).toBe(400);
  });

  it('the journal by ticket number; an unknown ticket 404', async () => {
    const res = await get('tmca', PATHS.journalByTicket(n9.ticket.toLowerCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toHaveLength(3);
    expect((await get('tmca', PATHS.journalByTicket('N9-20260101-0000'))).statusCode).toBe(404);
  });

  it('a Tutup case takes journal entries (the record goes on)', async () => {
    const res = await post('tmcs', PATHS.journalEntrySave, {
      entry: 'Susulan selepas kes ditutup: kenderaan telah ditunda.',
      incidentSubFormId: closed.subformId,
    });
    expect(res.statusCode).toBe(200);
    expect(await entriesOf(closed.id)).toBe(1);
  });

  it('a case of another region is 403 on every journal call, both ways; national roles read it', async () => {
    const foreignEntry = await post('tmca.utara', PATHS.journalEntrySave, { entry: 'Kes di Utara', incidentSubFormId: utara.subformId });
    expect(foreignEntry.statusCode).toBe(200);
    const utaraEntryId = foreignEntry.json().body.pkJournalEntryId;

    const attempts: [string, () => Promise<{ statusCode: number }>][] = [
      ['save by subform', () => post('tmca.utara', PATHS.journalEntrySave, { entry: 'Cubaan', incidentSubFormId: n9.subformId })],
      ['save by incident', () => post('tmca.utara', PATHS.journalEntrySave, { entry: 'Cubaan', pkIncidentId: n9.id })],
      ['get', () => get('tmca.utara', PATHS.journalEntryGet(tmcaEntryId))],
      ['read mark', () => post('tmca.utara', PATHS.journalEntryUpdateStatus, { pkJournalEntryId: prEntryId })],
      ['link', () => post('tmca.utara', PATHS.journalSave, { journalEntryId: tmcaEntryId, incidentSubFormId: n9.subformId })],
      ['dataTables by subform', () => post('tmca.utara', PATHS.journalDataTables, { incidentSubFormId: n9.subformId })],
      ['dataTables by incident', () => post('tmca.utara', PATHS.journalDataTables, { incidentId: n9.id })],
      ['all by incident', () => get('tmca.utara', PATHS.journalByIncident(n9.id))],
      ['by ticket', () => get('tmca.utara', PATHS.journalByTicket(n9.ticket))],
      ['tmca on Utara: save', () => post('tmca', PATHS.journalEntrySave, { entry: 'Cubaan', incidentSubFormId: utara.subformId })],
      ['tmca on Utara: get', () => get('tmca', PATHS.journalEntryGet(utaraEntryId))],
      ['tmca on Utara: list', () => get('tmca', PATHS.journalByIncident(utara.id))],
    ];
    for (const [name, attempt] of attempts) {
      const res = await attempt();
      expect(res.statusCode, name).toBe(403);
    }
    expect(await entriesOf(n9.id)).toBe(3);
    const national = await get('opsmgmt', PATHS.journalByIncident(utara.id));
    expect(national.statusCode).toBe(200);
    expect(national.json().body).toHaveLength(1);
  });

  it('roles without case access are refused; no token is 401', async () => {
    expect((await get('others', PATHS.journalByIncident(n9.id))).statusCode).toBe(403);
    expect((await post('others', PATHS.journalEntrySave, { entry: 'x', pkIncidentId: n9.id })).statusCode).toBe(403);
    expect((await call(app, null, { method: 'GET', url: PATHS.journalByIncident(n9.id) })).statusCode).toBe(401);
    const rows = await app.ctx.db
      .select({ n: count() })
      .from(journalEntry)
      .where(and(eq(journalEntry.incidentId, n9.id), eq(journalEntry.roleName, 'OTHERS')));
    expect(rows[0].n).toBe(0);
  });
});
