/**
 * The daily vehicle and asset checklist (issue #16): the patrol's PRE then POST on its roster's vehicle; every refusal
 * (bad odometer or quantity, readings going back, another vehicle, a PR off the roster or on the portal, missing
 * items, POST before PRE, PRE after POST, locked once the end-of-duty report is verified) a clear 4xx with nothing
 * written; a short item alerts each manager once and marks the vehicle; a photo and its bytes; the list, the items;
 * the report (flags, defects, CSV, §6 roles, region scope) and the end-of-duty report's checklist part.
 */
import { and, asc, eq, inArray, like, notInArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PATHS, type EndOfDutyReport } from '../../contract/activity-log';
import {
  CHECKLIST_MESSAGES,
  CHECKLIST_PATHS,
  type ChecklistDetail,
  type ChecklistForm,
  type ChecklistItemInput,
  type ChecklistMasterItem,
  type ChecklistRow,
} from '../../contract/checklist';
import { alertNotification, appUser, assetChecklistMaster, dailyAssetChecklist, dutyRoster, region, section, vehicle } from '../../server/db/schema';
import { localDate, localDmy } from '../../server/lib/time';
import { checklistReportQuery } from '../../server/modules/checklist/queries';
import { buildTestApp, call, login } from './support/build';
import { countOf, makeRoster, min } from './support/activity-log-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Roster = Awaited<ReturnType<typeof makeRoster>>;

describe('daily vehicle and asset checklist (issue #16)', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const uid: Record<string, number> = {};
  let masters: ChecklistMasterItem[];
  /** an active N9 vehicle no roster uses (its readings are the test's own) */
  let vehicleId: number;
  let plate: string;
  let otherVehicleId: number;
  /** PAGI-A, ended 2 h ago: PRE, POST, then verified */
  let done: Roster;
  /** PAGI-A on shift now, same vehicle */
  let live: Roster;
  let base: number;
  let doneId: number;
  let liveId: number;

  const post = (who: string, url: string, payload: object, headers: Record<string, string> = {}) =>
    call(app, tok[who], { method: 'POST', url, payload, headers });
  const get = (who: string, url: string) => call(app, tok[who], { method: 'GET', url });
  const itemsOk = (over: Partial<Record<number, Partial<ChecklistItemInput>>> = {}): ChecklistItemInput[] =>
    masters.map((m) => ({
      assetChecklistMasterId: m.pkAssetChecklistMasterId,
      quantity: m.defaultQuantity,
      ...(over[m.pkAssetChecklistMasterId] ?? {}),
    }));
  const at = (r: Roster, minutes: number) => new Date(r.startsAt.getTime() + min(minutes)).toISOString();
  const kon = () => masters.find((m) => m.isMeasurable && m.defaultQuantity >= 2)!;
  const notMeasured = () => masters.find((m) => !m.isMeasurable);
  const checklistsNow = () => countOf(app, 'daily_asset_checklist');
  const alertsOf = (prefix: string) =>
    app.ctx.db
      .select()
      .from(alertNotification)
      .where(like(alertNotification.eventKey, `${prefix}%`));

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of [
      'pr',
      'pr.malam',
      'sc',
      'sectmgr',
      'regionmgmt',
      'opsmgmt',
      'superadmin',
      'tmca',
      'tmcs',
      'tsta',
      'tste',
      'others',
      'tmca.utara',
    ]) {
      const s = await login(app, u);
      tok[u] = s.token;
    }
    for (const u of await app.ctx.db.select({ id: appUser.id, username: appUser.username }).from(appUser)) uid[u.username] = u.id;
    const db = app.ctx.db;
    // the checklist master: the fleet seed's items, or a few of the test's own when there are none
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(assetChecklistMaster).where(eq(assetChecklistMaster.isActive, true));
    if (!n) {
      await db.insert(assetChecklistMaster).values([
        { assetCategoryId: 2901, name: 'Kon trafik', unitLabel: 'unit', isMeasurable: true, defaultQuantity: 10, sortOrder: 10 },
        { assetCategoryId: 2904, name: 'Radio', unitLabel: 'unit', isMeasurable: true, defaultQuantity: 2, sortOrder: 10 },
        { assetCategoryId: 2903, name: 'Kit pertolongan cemas', unitLabel: 'set', isMeasurable: false, defaultQuantity: 1, sortOrder: 10 },
      ]);
    }
    const now = nowMs();
    done = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(now - min(10 * 60)), hours: 8 });
    live = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(now - min(60)), hours: 8 });
    const used = db
      .select({ id: sql<number>`${dutyRoster.vehicleId}` })
      .from(dutyRoster)
      .where(sql`${dutyRoster.vehicleId} is not null`);
    const free = await db
      .select({ id: vehicle.id, plate: vehicle.plateNumber })
      .from(vehicle)
      .where(and(eq(vehicle.sectionId, done.sectionId), eq(vehicle.isActive, true), notInArray(vehicle.id, used)))
      .orderBy(asc(vehicle.id));
    expect(free.length).toBeGreaterThanOrEqual(1);
    [{ id: vehicleId, plate }] = free;
    const [other] = await db
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(eq(vehicle.sectionId, done.sectionId), eq(vehicle.isActive, true), sql`${vehicle.id} <> ${vehicleId}`))
      .limit(1);
    otherVehicleId = other.id;
    await db
      .update(dutyRoster)
      .set({ vehicleId })
      .where(inArray(dutyRoster.id, [done.id, live.id]));
  });
  afterAll(async () => app?.cleanup());

  it('forRoster gives the patrol its roster, vehicle, the active master items in order and no checklist yet', async () => {
    const res = await get('pr', CHECKLIST_PATHS.forRoster(done.id));
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().body as ChecklistForm;
    masters = form.masterItems;
    expect(masters.length).toBeGreaterThanOrEqual(3);
    expect(form.roster).toMatchObject({ pkDutyRosterId: done.id, startsAt: done.startsAt.toISOString(), locked: false });
    expect(form.vehicle).toMatchObject({ pkVehicleId: vehicleId, plateNumber: plate, needsAttention: false, lastOdometer: null });
    expect(form.checklist).toBeNull();
    expect(form.can.save).toBe(true);
    base = 52_000;
    // another region's user cannot read it; a patrol of another team neither
    expect((await get('tmca.utara', CHECKLIST_PATHS.forRoster(done.id))).statusCode).toBe(403);
    expect((await get('pr.malam', CHECKLIST_PATHS.forRoster(done.id))).statusCode).toBe(403);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await checklistsNow();
    const good = { phase: 'PRE', dutyRosterId: done.id, vehicleId, odometer: base, recordedAt: at(done, 5), items: itemsOk() };
    const expect400 = async (payload: object, field?: string, message?: string) => {
      const res = await post('pr', CHECKLIST_PATHS.save, payload);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json().statusMsg).toContain(message);
      if (field) expect(res.json().body.field ?? res.body).toContain(field);
      return res;
    };
    await expect400({ ...good, odometer: -1 });
    await expect400({ ...good, odometer: 'abc' });
    await expect400({ ...good, items: itemsOk({ [kon().pkAssetChecklistMasterId]: { quantity: 10_001 } }) });
    await expect400({ ...good, items: itemsOk({ [kon().pkAssetChecklistMasterId]: { quantity: -2 } }) });
    const missing = masters[masters.length - 1];
    const res = await expect400({ ...good, items: itemsOk().filter((i) => i.assetChecklistMasterId !== missing.pkAssetChecklistMasterId) });
    expect(res.json().statusMsg).toBe(CHECKLIST_MESSAGES.missingItems([missing.name]));
    await expect400({ ...good, items: [...itemsOk(), { assetChecklistMasterId: 999_999, quantity: 1 }] }, undefined, CHECKLIST_MESSAGES.unknownItem);
    const nm = notMeasured();
    if (nm)
      await expect400(
        { ...good, items: itemsOk({ [nm.pkAssetChecklistMasterId]: { quantity: 2 } }) },
        undefined,
        CHECKLIST_MESSAGES.quantityNotMeasurable(nm.name),
      );
    await expect400({ ...good, vehicleId: otherVehicleId }, 'vehicleId', CHECKLIST_MESSAGES.vehicleNotOnRoster);
    await expect400({ ...good, recordedAt: new Date(nowMs() + min(30)).toISOString() }, 'recordedAt');
    // a PR not on the roster; a PR through the portal; a role without checklistWrite
    const off = await post('pr.malam', CHECKLIST_PATHS.save, good);
    expect(off.statusCode).toBe(403);
    expect(off.json().statusMsg).toBe(CHECKLIST_MESSAGES.notOnRoster);
    expect((await post('pr', CHECKLIST_PATHS.portalSave, good)).statusCode).toBe(403);
    expect((await post('tmca', CHECKLIST_PATHS.save, good)).statusCode).toBe(403);
    expect((await post('tmca.utara', CHECKLIST_PATHS.portalSave, good)).statusCode).toBe(403);
    // POST before PRE
    const early = await post('pr', CHECKLIST_PATHS.save, { ...good, phase: 'POST' });
    expect(early.statusCode).toBe(409);
    expect(early.json().statusMsg).toBe(CHECKLIST_MESSAGES.preMissing);
    expect(await checklistsNow()).toBe(before);
  });

  it('the patrol records PRE with a short item: one alert per manager, the vehicle marked; a re-save alerts nobody again', async () => {
    const short = kon();
    const payload = {
      phase: 'PRE',
      dutyRosterId: done.id,
      vehicleId,
      odometer: base,
      noKadTng: 'TNG-77',
      noKadBahanApi: 'BA-88',
      recordedAt: at(done, 5),
      items: itemsOk({ [short.pkAssetChecklistMasterId]: { quantity: short.defaultQuantity - 2, remark: 'Dua hilang' } }),
    };
    const res = await post('pr', CHECKLIST_PATHS.save, payload, { 'Idempotency-Key': 'chk-pre-1' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().body as ChecklistDetail;
    doneId = d.pkDailyAssetChecklistId;
    expect(d).toMatchObject({
      dutyRosterId: done.id,
      vehicleId,
      odometerPre: base,
      odometerPost: null,
      noKadTng: 'TNG-77',
      preDefects: 1,
      postDefects: 0,
      itemCount: masters.length,
    });
    expect(d.preAt).toBe(at(done, 5));
    expect(d.defectSummary).toBe(`${short.name} (kurang)`);
    const item = d.items.find((i) => i.assetChecklistMasterId === short.pkAssetChecklistMasterId)!;
    expect(item).toMatchObject({
      expectedQuantity: short.defaultQuantity,
      preQuantity: short.defaultQuantity - 2,
      preStatus: 'SHORT',
      postStatus: null,
      remark: 'Dua hilang',
    });

    const alerts = await alertsOf(`checklist:${doneId}:`);
    expect(alerts.map((a) => a.eventKey)).toEqual(alerts.map(() => `checklist:${doneId}:${short.pkAssetChecklistMasterId}:PRE`));
    const recipients = alerts.map((a) => a.userId).sort();
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const u of ['sectmgr', 'sc', 'regionmgmt']) expect(recipients).toContain(uid[u]);
    for (const u of ['pr', 'tmca', 'opsmgmt', 'tmca.utara']) expect(recipients).not.toContain(uid[u]);
    expect(alerts[0]).toMatchObject({ category: 'KENDERAAN', dutyRosterId: done.id, sectionId: done.sectionId });
    expect(alerts[0].description).toContain(plate);
    expect(alerts[0].description).toContain(short.name);
    const [v] = await app.ctx.db.select().from(vehicle).where(eq(vehicle.id, vehicleId));
    expect(v.attentionSince).not.toBeNull();
    expect(v.attentionReason).toContain(short.name);

    // the same request again (idempotency key) and a correction with the same defect: no second alert
    const replay = await post('pr', CHECKLIST_PATHS.save, payload, { 'Idempotency-Key': 'chk-pre-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await post('pr', CHECKLIST_PATHS.save, { ...payload, noKadTng: 'TNG-78' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().body.noKadTng).toBe('TNG-78');
    expect((await alertsOf(`checklist:${doneId}:`)).length).toBe(alerts.length);
    const [v2] = await app.ctx.db.select().from(vehicle).where(eq(vehicle.id, vehicleId));
    expect(v2.attentionSince?.getTime()).toBe(v.attentionSince?.getTime());
    expect(await countOf(app, `daily_asset_checklist where duty_roster_id = ${done.id}`)).toBe(1);
  });

  it('POST below PRE is refused; POST records the end and covers every item; PRE cannot change after it', async () => {
    const payload = { phase: 'POST', dutyRosterId: done.id, vehicleId, odometer: base - 1, recordedAt: at(done, 470), items: itemsOk() };
    const low = await post('pr', CHECKLIST_PATHS.save, payload);
    expect(low.statusCode).toBe(400);
    expect(low.json().statusMsg).toBe(CHECKLIST_MESSAGES.odometerBelowPre(base - 1, base));
    expect(low.json().body.field).toBe('odometer');
    const partial = await post('pr', CHECKLIST_PATHS.save, { ...payload, odometer: base + 80, items: itemsOk().slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().statusMsg).toContain(masters[0].name);
    const ok = await post('pr', CHECKLIST_PATHS.save, { ...payload, odometer: base + 80 });
    expect(ok.statusCode, ok.body).toBe(200);
    const d = ok.json().body as ChecklistDetail;
    expect(d).toMatchObject({ odometerPost: base + 80, km: 80, postDefects: 0, preDefects: 1, postStaffName: expect.any(String) });
    const pre = await post('pr', CHECKLIST_PATHS.save, {
      phase: 'PRE',
      dutyRosterId: done.id,
      vehicleId,
      odometer: base,
      recordedAt: at(done, 5),
      items: itemsOk(),
    });
    expect(pre.statusCode).toBe(409);
    expect(pre.json().statusMsg).toBe(CHECKLIST_MESSAGES.postRecorded);
  });

  it('a PRE below the vehicle’s last reading is refused with that reading and its date; the next shift starts above it', async () => {
    const form = (await get('pr', CHECKLIST_PATHS.forRoster(live.id))).json().body as ChecklistForm;
    expect(form.vehicle).toMatchObject({ lastOdometer: base + 80, needsAttention: true });
    const payload = { phase: 'PRE', dutyRosterId: live.id, vehicleId, odometer: base + 50, items: itemsOk() };
    const low = await post('pr', CHECKLIST_PATHS.save, payload);
    expect(low.statusCode).toBe(400);
    expect(low.json().statusMsg).toBe(CHECKLIST_MESSAGES.odometerBelowLast(base + 50, base + 80, localDmy(at(done, 470))));
    expect(low.json().body.field).toBe('odometer');
    // the section coordinator records it from the portal, 20 km above the last reading (a gap)
    const res = await post('sc', CHECKLIST_PATHS.portalSave, { ...payload, odometer: base + 100 });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().body as ChecklistDetail;
    liveId = d.pkDailyAssetChecklistId;
    expect(d).toMatchObject({ previousOdometer: base + 80, gapKm: 20, jumpKm: null, preDefects: 0, defectSummary: null });
  });

  it('a photo of a counted item is stored re-encoded and served to who may read the checklist', async () => {
    const item = masters[0];
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const body = {
      dutyRosterId: live.id,
      vehicleId,
      assetChecklistMasterId: item.pkAssetChecklistMasterId,
      phase: 'PRE',
      documentName: 'kon.png',
      fileContent: png.toString('base64'),
    };
    const notCounted = await post('pr', CHECKLIST_PATHS.photoSave, { ...body, phase: 'POST' });
    expect(notCounted.statusCode).toBe(400);
    expect(notCounted.json().statusMsg).toBe(CHECKLIST_MESSAGES.itemNotCounted);
    expect(
      (await post('pr', CHECKLIST_PATHS.photoSave, { ...body, fileContent: Buffer.from('not an image at all').toString('base64') })).statusCode,
    ).toBe(400);
    expect((await post('pr.malam', CHECKLIST_PATHS.photoSave, body)).statusCode).toBe(403);
    const res = await post('pr', CHECKLIST_PATHS.photoSave, body);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().body;
    expect(photo).toMatchObject({ phase: 'PRE', fileName: 'kon.jpg', byteSize: expect.any(Number) });
    const bytes = await get('pr', CHECKLIST_PATHS.photo(photo.pkChecklistPhotoId));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(String(bytes.headers['cache-control'])).toContain('private');
    expect((await sharp(bytes.rawPayload).metadata()).format).toBe('jpeg');
    expect((await get('sectmgr', CHECKLIST_PATHS.photo(photo.pkChecklistPhotoId))).statusCode).toBe(200);
    expect((await get('pr.malam', CHECKLIST_PATHS.photo(photo.pkChecklistPhotoId))).statusCode).toBe(404);
    expect((await get('tmca.utara', CHECKLIST_PATHS.photo(photo.pkChecklistPhotoId))).statusCode).toBe(404);
    const form = (await get('pr', CHECKLIST_PATHS.forRoster(live.id))).json().body as ChecklistForm;
    expect(form.checklist?.items.find((i) => i.assetChecklistMasterId === item.pkAssetChecklistMasterId)?.photos).toHaveLength(1);
  });

  it('the items alone: a coordinator marks an item damaged from the portal; it alerts and updates the vehicle’s reason', async () => {
    const item = masters[masters.length - 1];
    const res = await post('sc', CHECKLIST_PATHS.itemsPortalSave, {
      phase: 'PRE',
      dutyRosterId: live.id,
      vehicleId,
      items: itemsOk({ [item.pkAssetChecklistMasterId]: { damaged: true } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().body as ChecklistDetail;
    expect(d).toMatchObject({ preDefects: 1, defectSummary: `${item.name} (rosak)`, odometerPre: base + 100 });
    expect(d.items.find((i) => i.assetChecklistMasterId === item.pkAssetChecklistMasterId)?.preStatus).toBe('DAMAGED');
    const alerts = await alertsOf(`checklist:${liveId}:${item.pkAssetChecklistMasterId}:PRE`);
    expect(alerts.filter((a) => a.userId === uid.sectmgr)).toHaveLength(1);
    const [v] = await app.ctx.db.select().from(vehicle).where(eq(vehicle.id, vehicleId));
    expect(v.attentionReason).toContain(item.name);
    // the items alone need the checklist; a patrol cannot use the portal
    expect((await post('pr', CHECKLIST_PATHS.itemsPortalSave, { phase: 'PRE', dutyRosterId: live.id, vehicleId, items: itemsOk() })).statusCode).toBe(
      403,
    );
  });

  it('lists: a patrol sees its own rosters’ checklists; the items come 5 a page', async () => {
    const mine = await post('pr', CHECKLIST_PATHS.dataTables, { vehicleId });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().body.rows.map((r: ChecklistRow) => r.pkDailyAssetChecklistId)).toEqual([liveId, doneId]);
    expect((await post('pr.malam', CHECKLIST_PATHS.dataTables, { vehicleId })).json().body.recordCount).toBe(0);
    expect((await post('tmca.utara', CHECKLIST_PATHS.dataTables, { vehicleId })).json().body.recordCount).toBe(0);
    expect((await post('tmca.utara', CHECKLIST_PATHS.dataTables, { dutyRosterId: done.id })).statusCode).toBe(403);
    const items = await post('sectmgr', CHECKLIST_PATHS.itemsDataTables, { pkDailyAssetChecklistId: doneId });
    expect(items.json().body).toMatchObject({ recordCount: masters.length, size: 5 });
    expect(items.json().body.rows.length).toBe(Math.min(5, masters.length));
    const defects = await post('sectmgr', CHECKLIST_PATHS.itemsDataTables, { pkDailyAssetChecklistId: doneId, onlyDefects: true });
    expect(defects.json().body.rows.map((r: { name: string }) => r.name)).toEqual([kon().name]);
  });

  it('the report lists them with their flags and defects, filters, pages 10 and exports CSV', async () => {
    const range = { dateFrom: localDate(done.startsAt), dateTo: localDate() };
    const res = await post('sectmgr', CHECKLIST_PATHS.reportDataTables, { ...range, vehicleId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.size).toBe(10);
    const rows = res.json().body.rows as ChecklistRow[];
    expect(rows.map((r) => r.pkDailyAssetChecklistId)).toEqual([liveId, doneId]);
    expect(rows[0]).toMatchObject({ previousOdometer: base + 80, gapKm: 20, plateNumber: plate });
    expect(rows[1]).toMatchObject({ km: 80, preDefects: 1, defectSummary: `${kon().name} (kurang)`, gapKm: null });
    const defectsOnly = await post('regionmgmt', CHECKLIST_PATHS.reportDataTables, { ...range, vehicleId, defectsOnly: true });
    expect(defectsOnly.json().body.rows.map((r: ChecklistRow) => r.pkDailyAssetChecklistId)).toEqual([liveId, doneId]);
    const noDefects = await post('regionmgmt', CHECKLIST_PATHS.reportDataTables, {
      ...range,
      vehicleId,
      defectsOnly: true,
      dateFrom: localDate(),
      dateTo: localDate(),
    });
    expect(noDefects.json().body.rows.every((r: ChecklistRow) => r.preDefects + r.postDefects > 0)).toBe(true);
    const flagged = await post('opsmgmt', CHECKLIST_PATHS.reportDataTables, { ...range, vehicleId, flaggedOnly: true });
    expect(flagged.json().body.rows.map((r: ChecklistRow) => r.pkDailyAssetChecklistId)).toEqual([liveId]);
    // §7.7's bare POST laporanSenaraiSemakData answers what /dataTables does, paged by the same query string
    const bare = await post('sectmgr', CHECKLIST_PATHS.report, { ...range, vehicleId });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().body).toEqual(res.json().body);
    const bare2 = await post('sectmgr', `${CHECKLIST_PATHS.report}?length=1&start=1`, { ...range, vehicleId });
    expect(bare2.json().body).toMatchObject({ recordCount: 2, page: 1, size: 1 });
    expect(bare2.json().body.rows.map((r: ChecklistRow) => r.pkDailyAssetChecklistId)).toEqual([doneId]);
    // the seeded week is in the report too (N9 day shift)
    const week = await post(
      'superadmin',
      CHECKLIST_PATHS.reportDataTables,
      { dateFrom: localDate(nowMs() - 8 * 86_400_000), dateTo: localDate() },
      {},
    );
    expect(week.statusCode).toBe(200);
    expect(week.json().body.recordCount).toBeGreaterThanOrEqual(2);

    const csv = await post('tsta', CHECKLIST_PATHS.reportCsv, { ...range, vehicleId });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('"No. Plat"');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`"${localDmy(at(done, 5))}"`);
    expect(lines[2]).toContain(`"${plate}"`);
    expect(lines[2]).toContain(`"${kon().name} (kurang)"`);
    expect(lines[1]).toContain('"20"');

    // the bench's query builder runs through the driver
    const direct = (await app.ctx.db.execute(
      checklistReportQuery({ from: done.startsAt, to: clockNow(), vehicleId, limit: 10, offset: 0 }),
    )) as unknown as { rows: { id: number }[] };
    expect(direct.rows.map((r) => Number(r.id))).toEqual([liveId, doneId]);
  });

  it('the report is for the §6 roles only, within their region, for at most 366 days', async () => {
    const range = { dateFrom: localDate(done.startsAt), dateTo: localDate() };
    for (const who of ['tmca', 'tmcs', 'pr', 'others']) {
      expect((await post(who, CHECKLIST_PATHS.reportDataTables, range)).statusCode, who).toBe(403);
      expect((await post(who, CHECKLIST_PATHS.reportCsv, range)).statusCode, who).toBe(403);
      expect((await post(who, CHECKLIST_PATHS.report, range)).statusCode, who).toBe(403);
    }
    const backwards = await post('sectmgr', CHECKLIST_PATHS.report, { dateFrom: range.dateTo, dateTo: '2020-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().statusMsg).not.toMatch(/at |stack/i);
    expect((await post('sectmgr', CHECKLIST_PATHS.report, {})).statusCode).toBe(400);
    const [other] = await app.ctx.db.select({ id: region.id }).from(region).where(sql`${region.id} <> ${done.regionId}`).limit(1);
    expect((await post('regionmgmt', CHECKLIST_PATHS.reportDataTables, { ...range, regionId: other.id })).statusCode).toBe(403);
    const [otherSection] = await app.ctx.db.select({ id: section.id }).from(section).where(eq(section.regionId, other.id)).limit(1);
    expect((await post('sectmgr', CHECKLIST_PATHS.reportCsv, { ...range, sectionId: otherSection.id })).statusCode).toBe(403);
    expect((await post('opsmgmt', CHECKLIST_PATHS.reportDataTables, { ...range, regionId: other.id, vehicleId })).json().body.recordCount).toBe(0);
    const long = await post('sectmgr', CHECKLIST_PATHS.reportDataTables, { dateFrom: '2025-01-01', dateTo: '2026-01-02' });
    expect(long.statusCode).toBe(400);
    expect(long.json().statusMsg).toBe(CHECKLIST_MESSAGES.rangeTooLong);
    expect((await post('sectmgr', CHECKLIST_PATHS.reportDataTables, { dateFrom: '2025-01-01', dateTo: '2025-12-31' })).statusCode).toBe(200);
  });

  it('the end-of-duty report shows the checklist; once verified the checklist is locked', async () => {
    const rep = (await get('sectmgr', ACTIVITY_PATHS.report(done.id))).json().body as EndOfDutyReport;
    expect(rep.checklist).toMatchObject({
      pkDailyAssetChecklistId: doneId,
      plateNumber: plate,
      odometerPre: base,
      odometerPost: base + 80,
      km: 80,
      preDefects: 1,
      postDefects: 0,
    });
    const verify = await post('sectmgr', ACTIVITY_PATHS.updateAck, { pkDutyRosterId: done.id, action: 'verify' });
    expect(verify.statusCode, verify.body).toBe(200);
    const res = await post('pr', CHECKLIST_PATHS.save, {
      phase: 'POST',
      dutyRosterId: done.id,
      vehicleId,
      odometer: base + 90,
      recordedAt: at(done, 470),
      items: itemsOk(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().statusMsg).toBe(CHECKLIST_MESSAGES.locked);
    expect(
      (await post('sc', CHECKLIST_PATHS.itemsPortalSave, { phase: 'POST', dutyRosterId: done.id, vehicleId, items: itemsOk() })).statusCode,
    ).toBe(409);
    const form = (await get('pr', CHECKLIST_PATHS.forRoster(done.id))).json().body as ChecklistForm;
    expect(form.roster.locked).toBe(true);
    expect(form.can.save).toBe(false);
    const [row] = await app.ctx.db.select().from(dailyAssetChecklist).where(eq(dailyAssetChecklist.id, doneId));
    expect(row.odometerPost).toBe(base + 80);
  });

  it('the demo seed: a completed checklist for each N9 day-shift roster of the past week, one with a defect, one with a gap', async () => {
    const today = localDate();
    const week = { dateFrom: localDate(nowMs() - 8 * 86_400_000), dateTo: today };
    const [n9] = await app.ctx.db.select({ id: section.id }).from(section).where(eq(section.name, 'N9'));
    const res = await post('sectmgr', `${CHECKLIST_PATHS.reportDataTables}?length=100`, { ...week, sectionId: n9.id });
    const seeded = (res.json().body.rows as ChecklistRow[]).filter((r) => r.rosterDate < today && r.vehicleId !== vehicleId);
    expect(seeded.length).toBeGreaterThanOrEqual(7);
    for (const r of seeded) expect(r.odometerPost).not.toBeNull();
    expect(seeded.filter((r) => r.postDefects > 0)).toHaveLength(1);
    expect(seeded.filter((r) => r.gapKm !== null)).toHaveLength(1);
  });

  it('a roster without a vehicle cannot have a checklist', async () => {
    const r = await makeRoster(app, { teamName: 'N9-PAGI-A', startsAt: new Date(nowMs() - min(120)), hours: 8 });
    const res = await post('pr', CHECKLIST_PATHS.save, { phase: 'PRE', dutyRosterId: r.id, vehicleId, odometer: base + 500, items: itemsOk() });
    expect(res.statusCode).toBe(409);
    expect(res.json().statusMsg).toBe(CHECKLIST_MESSAGES.rosterNoVehicle);
  });
});
