import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type ChangeRecord } from '../../contract/admin';
import {
  ASSET_PATHS,
  CALLSIGN_PATHS,
  CHECKLIST_MASTER_PATHS,
  FLEET_MESSAGES,
  VEHICLE_PAGE_SIZE,
  VEHICLE_PATHS,
  type AssetRow,
  type CallSignOption,
  type CallSignRow,
  type ChecklistMasterRow,
  type VehicleModelRow,
  type VehicleOption,
  type VehicleRow,
  VehicleRowSchema,
} from '../../contract/fleet';
import { ROSTER_PATHS } from '../../contract/rosters';
import {
  asset,
  assetChecklistMaster,
  callSign,
  dailyAssetChecklist,
  dailyAssetChecklistItem,
  dutyRoster,
  section,
  staff,
  vehicle,
  vehicleModel,
} from '../../server/db/schema';
import { DEMO_CHECKLIST_MASTER } from '../../server/db/seed/fleet';
import { VEHICLE_ASSETS_SECTION } from '../../server/modules/fleet/vehicles';
import { buildTestApp, call, login } from './support/build';

type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('Fleet and equipment (issue #16): vehicles, models, call signs, assets, checklist master', () => {
  let app: App;
  const tok: Record<string, string> = {};
  const sectionId: Record<string, number> = {};
  const modelId: Record<string, number> = {};
  let patrolModel: number;
  let towModel: number;

  const post = (who: string | null, url: string, payload: unknown = {}) =>
    call(app, who ? tok[who] : null, { method: 'POST', url, payload: payload as object });
  const get = (who: string | null, url: string) => call(app, who ? tok[who] : null, { method: 'GET', url });
  const db = () => app.ctx.db;
  const okBody = async <T>(res: Promise<{ statusCode: number; body: string; json: () => { body: T } }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().body;
  };
  const refused = async (
    res: Promise<{ statusCode: number; body: string; json: () => { statusMsg: string; body: Record<string, unknown> } }>,
    status: number,
    message?: string,
  ) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    if (message) expect(r.json().statusMsg).toContain(message);
    return r;
  };
  const list = async (who: string, url: string, filter: Record<string, unknown> = {}, query = '') =>
    okBody<{ rows: VehicleRow[]; recordCount: number; page: number; size: number }>(post(who, `${url}${query ? `?${query}` : ''}`, filter));
  let seq = 0;
  const newCallSign = async (who: string, section: string) => {
    seq++;
    return okBody<CallSignRow>(post(who, CALLSIGN_PATHS.save, { sectionId: sectionId[section], callsign: `uji ${section}-${seq}` }));
  };
  const newVehicle = async (who: string, section: string, extra: Record<string, unknown> = {}) => {
    seq++;
    return okBody<VehicleRow>(
      post(who, VEHICLE_PATHS.save, { sectionId: sectionId[section], vehicleModelId: patrolModel, plateNumber: `UJI ${1000 + seq}`, ...extra }),
    );
  };
  const history = async (entity: 'vehicle' | 'callsign' | 'asset' | 'checklistMaster' | 'vehicleModel', id: number) =>
    okBody<ChangeRecord[]>(get('opsmgmt', ADMIN_PATHS.history(entity, id)));

  /** a checklist of a vehicle on one of its section's rosters (the checklist helper's tables, written directly) */
  const addChecklist = async (vehicleId: number, opts: { pre: number; post: number | null; at: Date; rosterOffset?: number }) => {
    const [v] = await db().select({ sectionId: vehicle.sectionId }).from(vehicle).where(eq(vehicle.id, vehicleId));
    const rosters = await db()
      .select({ id: dutyRoster.id })
      .from(dutyRoster)
      .where(eq(dutyRoster.sectionId, v.sectionId))
      .orderBy(asc(dutyRoster.id));
    const [s] = await db().select({ id: staff.id }).from(staff).where(eq(staff.sectionId, v.sectionId)).limit(1);
    const [row] = await db()
      .insert(dailyAssetChecklist)
      .values({
        vehicleId,
        dutyRosterId: rosters[opts.rosterOffset ?? 0].id,
        staffId: s.id,
        odometerPre: opts.pre,
        odometerPost: opts.post,
        preAt: opts.at,
      })
      .returning({ id: dailyAssetChecklist.id });
    return row.id;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin', 'tmca', 'tmca.utara', 'pr', 'sc', 'others'])
      tok[u] = (await login(app, u)).token;
    for (const s of await db().select({ id: section.id, name: section.name }).from(section)) sectionId[s.name] = s.id;
    for (const m of await db().select().from(vehicleModel)) modelId[m.name] = m.id;
    patrolModel = modelId['Toyota Hilux 2.4'];
    towModel = modelId['Hino 300 (Trak Tunda)'];
  });
  afterAll(async () => app?.cleanup());

  // ---------------------------------------------------------------------------------------------- seed

  it('the seed gives every vehicle its model, 15 active checklist master items over 2901–2907 and the N9 patrols’ tagged assets', async () => {
    const vehicles = await db().select().from(vehicle);
    expect(vehicles.length).toBeGreaterThan(0);
    const models = new Map((await db().select().from(vehicleModel)).map((m) => [m.id, m]));
    for (const v of vehicles) {
      expect(v.vehicleModelId, v.plateNumber).not.toBeNull();
      expect(models.get(v.vehicleModelId!)?.name).toBe(v.vehicleModel);
      expect(models.get(v.vehicleModelId!)?.vehicleType).toBe(v.vehicleType);
    }
    const master = await db().select().from(assetChecklistMaster);
    expect(master).toHaveLength(15);
    expect(master.every((m) => m.isActive)).toBe(true);
    expect(new Set(master.map((m) => m.assetCategoryId))).toEqual(new Set([2901, 2902, 2903, 2904, 2905, 2906, 2907]));
    expect(master.every((m) => m.isMeasurable || m.defaultQuantity === 1)).toBe(true);
    expect(master.find((m) => m.name === 'Kon trafik')?.defaultQuantity).toBe(10);
    expect(DEMO_CHECKLIST_MASTER).toHaveLength(15);
    const assets = await db().select({ tagNo: asset.tagNo, vehicleId: asset.vehicleId, sectionId: asset.sectionId }).from(asset);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    expect(assets.every((a) => a.sectionId === sectionId.N9)).toBe(true);
    expect(assets.some((a) => a.tagNo.startsWith('N9-RAD-') && a.vehicleId !== null)).toBe(true);
    expect(assets.some((a) => a.tagNo.startsWith('N9-PMA-'))).toBe(true);
  });

  // ---------------------------------------------------------------------------------------------- access

  it('readOrg roles read; writes need fleetManage (tmca, pr, sc: 403, nothing written); no token 401', async () => {
    for (const who of ['sectmgr', 'opsmgmt', 'tmca', 'pr', 'sc']) {
      expect((await post(who, VEHICLE_PATHS.dataTables)).statusCode, who).toBe(200);
      expect((await post(who, VEHICLE_PATHS.modelDataTables)).statusCode, who).toBe(200);
      expect((await post(who, CALLSIGN_PATHS.dataTables)).statusCode, who).toBe(200);
      expect((await post(who, ASSET_PATHS.dataTables)).statusCode, who).toBe(200);
      expect((await post(who, CHECKLIST_MASTER_PATHS.dataTables)).statusCode, who).toBe(200);
      expect((await get(who, VEHICLE_PATHS.bySection(sectionId.N9))).statusCode, who).toBe(200);
    }
    expect((await post('others', VEHICLE_PATHS.dataTables)).statusCode).toBe(403);
    const [v] = await db().select().from(vehicle).where(eq(vehicle.sectionId, sectionId.N9)).limit(1);
    const before = {
      vehicles: await db().$count(vehicle),
      callSigns: await db().$count(callSign),
      assets: await db().$count(asset),
      master: await db().$count(assetChecklistMaster),
      models: await db().$count(vehicleModel),
    };
    for (const who of ['tmca', 'pr', 'sc']) {
      await refused(post(who, VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: patrolModel, plateNumber: 'TAK 1' }), 403);
      await refused(post(who, VEHICLE_PATHS.delete, { pkVehicleId: v.id }), 403);
      await refused(post(who, VEHICLE_PATHS.setActive, { pkVehicleId: v.id, isActive: false }), 403);
      await refused(post(who, VEHICLE_PATHS.clearAttention, { pkVehicleId: v.id, remark: 'x' }), 403);
      await refused(post(who, VEHICLE_PATHS.modelSave, { name: 'Proton X70', vehicleType: 'Peronda' }), 403);
      await refused(post(who, CALLSIGN_PATHS.save, { sectionId: sectionId.N9, callsign: 'TAK BOLEH' }), 403);
      await refused(post(who, CALLSIGN_PATHS.delete, { pkCallSignId: v.callSignId }), 403);
      await refused(post(who, ASSET_PATHS.save, { sectionId: sectionId.N9, assetCategoryId: 2904, name: 'Radio', tagNo: 'TAK-1' }), 403);
      await refused(post(who, ASSET_PATHS.delete, { pkAssetId: 1 }), 403);
      await refused(
        post(who, CHECKLIST_MASTER_PATHS.save, { assetCategoryId: 2901, name: 'Tak', unitLabel: 'unit', isMeasurable: true, defaultQuantity: 1 }),
        403,
      );
      await refused(post(who, CHECKLIST_MASTER_PATHS.delete, { pkAssetChecklistMasterId: 1 }), 403);
    }
    expect({
      vehicles: await db().$count(vehicle),
      callSigns: await db().$count(callSign),
      assets: await db().$count(asset),
      master: await db().$count(assetChecklistMaster),
      models: await db().$count(vehicleModel),
    }).toEqual(before);
    expect((await post(null, VEHICLE_PATHS.dataTables)).statusCode).toBe(401);
    expect((await post(null, VEHICLE_PATHS.save, {})).statusCode).toBe(401);
  });

  it('region scope: a manager reads and writes only their region; another region’s vehicle, call sign, asset or section is refused 403', async () => {
    const rows = (await list('sectmgr', VEHICLE_PATHS.dataTablesAllStatus)).rows;
    expect(rows.length).toBeGreaterThan(0);
    const tengah = rows[0].regionId;
    expect(rows.every((r) => r.regionId === tengah)).toBe(true);
    const all = (await list('opsmgmt', VEHICLE_PATHS.dataTablesAllStatus)).rows;
    expect(new Set(all.map((r) => r.regionId)).size).toBeGreaterThan(1);
    const utara = all.find((r) => r.sectionName === 'N5' && r.isActive)!;
    expect(utara.regionId).not.toBe(tengah);

    await refused(get('sectmgr', VEHICLE_PATHS.get(utara.pkVehicleId)), 403);
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        pkVehicleId: utara.pkVehicleId,
        sectionId: utara.sectionId,
        vehicleModelId: patrolModel,
        plateNumber: utara.plateNumber,
      }),
      403,
    );
    await refused(post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N5, vehicleModelId: patrolModel, plateNumber: 'LUAR 1' }), 403);
    await refused(post('sectmgr', VEHICLE_PATHS.delete, { pkVehicleId: utara.pkVehicleId }), 403);
    await refused(post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: utara.pkVehicleId, isActive: false }), 403);
    await refused(post('sectmgr', CALLSIGN_PATHS.save, { sectionId: sectionId.N5, callsign: 'LUAR 1' }), 403);
    await refused(post('sectmgr', CALLSIGN_PATHS.delete, { pkCallSignId: utara.callSignId }), 403);
    await refused(get('sectmgr', CALLSIGN_PATHS.get(utara.callSignId!)), 403);
    await refused(get('sectmgr', CALLSIGN_PATHS.notAssigned(sectionId.N5)), 403);
    await refused(get('sectmgr', CALLSIGN_PATHS.unAssigned(utara.pkVehicleId)), 403);
    await refused(get('sectmgr', VEHICLE_PATHS.bySection(sectionId.N5)), 403);
    await refused(post('sectmgr', ASSET_PATHS.save, { sectionId: sectionId.N5, assetCategoryId: 2904, name: 'Radio', tagNo: 'LUAR-1' }), 403);
    expect(await db().$count(vehicle, eq(vehicle.isActive, false))).toBe(all.filter((r) => !r.isActive).length);
    // the national roles and the Utara operator see it
    expect((await get('opsmgmt', VEHICLE_PATHS.get(utara.pkVehicleId))).statusCode).toBe(200);
    expect((await get('tmca.utara', VEHICLE_PATHS.get(utara.pkVehicleId))).statusCode).toBe(200);
    await refused(get('sectmgr', VEHICLE_PATHS.get(999999)), 404);
  });

  // ---------------------------------------------------------------------------------------------- vehicles

  it('save: plate normalised and unique without spaces or case (409), an active model (400), the model’s name and type copied', async () => {
    const v = await okBody<VehicleRow>(
      post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: towModel, plateNumber: '  wxy   1234 ' }),
    );
    expect(v.plateNumber).toBe('WXY 1234');
    expect(v.vehicleModel).toBe('Hino 300 (Trak Tunda)');
    expect(v.vehicleType).toBe('Tunda');
    expect(v).toMatchObject({
      isActive: true,
      status: 'Aktif',
      version: 1,
      needsAttention: false,
      rosterCount: 0,
      checklistCount: 0,
      assetCount: 0,
      lastOdometer: null,
    });
    for (const plate of ['WXY1234', 'wxy 1234', 'W XY 12 34']) {
      await refused(
        post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: patrolModel, plateNumber: plate }),
        409,
        FLEET_MESSAGES.duplicatePlate('WXY 1234'),
      );
    }
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: patrolModel, plateNumber: 'ABC!1' }),
      400,
      FLEET_MESSAGES.plateFormat,
    );
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: 999999, plateNumber: 'BARU 1' }),
      400,
      FLEET_MESSAGES.modelNotFound,
    );
    const off = await okBody<VehicleModelRow>(
      post('opsmgmt', VEHICLE_PATHS.modelSave, { name: 'Model Lama', vehicleType: 'Peronda', isActive: false }),
    );
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, { sectionId: sectionId.N9, vehicleModelId: off.pkVehicleModelId, plateNumber: 'BARU 1' }),
      400,
      FLEET_MESSAGES.modelNotFound,
    );
    expect(await db().$count(vehicle, sql`replace(${vehicle.plateNumber}, ' ', '') in ('WXY1234', 'BARU1')`)).toBe(1);

    // an edit: the version it read; the model's name and type follow
    const edited = await okBody<VehicleRow>(
      post('sectmgr', VEHICLE_PATHS.save, {
        pkVehicleId: v.pkVehicleId,
        sectionId: sectionId.N9,
        vehicleModelId: patrolModel,
        plateNumber: 'WXY1234',
        version: 1,
      }),
    );
    expect(edited).toMatchObject({ plateNumber: 'WXY1234', vehicleModel: 'Toyota Hilux 2.4', vehicleType: 'Peronda', version: 2 });
    const stale = await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        pkVehicleId: v.pkVehicleId,
        sectionId: sectionId.N9,
        vehicleModelId: towModel,
        plateNumber: 'WXY1234',
        version: 1,
      }),
      409,
      FLEET_MESSAGES.staleVehicle,
    );
    expect(stale.json().body.current).toMatchObject({ pkVehicleId: v.pkVehicleId, version: 2 });
    const [row] = await db().select().from(vehicle).where(eq(vehicle.id, v.pkVehicleId));
    expect(row).toMatchObject({ vehicleModelId: patrolModel, vehicleModel: 'Toyota Hilux 2.4', vehicleType: 'Peronda', version: 2 });
    const h = await history('vehicle', v.pkVehicleId);
    expect(h.map((c) => c.action)).toEqual(['update', 'create']);
    expect(h[0].changes.map((c) => c.field).sort()).toEqual(['plateNumber', 'vehicleModel', 'vehicleType']);
  });

  it('call sign of a vehicle: of its own section (400), active (400), not carried by another active vehicle (409)', async () => {
    const free = await newCallSign('sectmgr', 'N9');
    const other = await newCallSign('sectmgr', 'S1');
    const v = await newVehicle('sectmgr', 'N9', { callSignId: free.pkCallSignId });
    expect(v.callSign).toBe(free.callsign);
    expect(v.callSignId).toBe(free.pkCallSignId);
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        sectionId: sectionId.N9,
        vehicleModelId: patrolModel,
        plateNumber: 'CS 1',
        callSignId: other.pkCallSignId,
      }),
      400,
      FLEET_MESSAGES.callsignOtherSection(other.callsign, 'S1'),
    );
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        sectionId: sectionId.N9,
        vehicleModelId: patrolModel,
        plateNumber: 'CS 2',
        callSignId: free.pkCallSignId,
      }),
      409,
      FLEET_MESSAGES.callsignTaken(free.callsign, v.plateNumber),
    );
    const inactive = await newCallSign('sectmgr', 'N9');
    await okBody(
      post('sectmgr', CALLSIGN_PATHS.save, {
        pkCallSignId: inactive.pkCallSignId,
        sectionId: sectionId.N9,
        callsign: inactive.callsign,
        isActive: false,
      }),
    );
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        sectionId: sectionId.N9,
        vehicleModelId: patrolModel,
        plateNumber: 'CS 3',
        callSignId: inactive.pkCallSignId,
      }),
      400,
      FLEET_MESSAGES.callsignInactive(inactive.callsign),
    );
    // an inactive vehicle may keep a call sign another active vehicle carries; activating it then is refused
    const parked = await newVehicle('sectmgr', 'N9', { isActive: false, callSignId: free.pkCallSignId });
    expect(parked.isActive).toBe(false);
    await refused(
      post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: parked.pkVehicleId, isActive: true }),
      409,
      FLEET_MESSAGES.callsignTaken(free.callsign, v.plateNumber),
    );
    const off = await okBody<VehicleRow>(post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: v.pkVehicleId, isActive: false }));
    expect(off).toMatchObject({ isActive: false, status: 'Tidak Aktif', version: 2 });
    const on = await okBody<VehicleRow>(post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: parked.pkVehicleId, isActive: true }));
    expect(on).toMatchObject({ isActive: true, callSign: free.callsign, version: 2 });
    expect((await history('vehicle', parked.pkVehicleId))[0].action).toBe('activate');
  });

  it('delete: an unused vehicle is erased; one with rosters, schedules, checklists or assets is deactivated', async () => {
    const unused = await newVehicle('sectmgr', 'N9');
    const gone = await okBody<{ id: number; outcome: string }>(post('sectmgr', VEHICLE_PATHS.delete, { pkVehicleId: unused.pkVehicleId }));
    expect(gone).toEqual({ id: unused.pkVehicleId, outcome: 'deleted' });
    expect(await db().$count(vehicle, eq(vehicle.id, unused.pkVehicleId))).toBe(0);
    await refused(post('sectmgr', VEHICLE_PATHS.delete, { pkVehicleId: unused.pkVehicleId }), 404);
    expect((await history('vehicle', unused.pkVehicleId).catch(() => [])).length).toBe(0);

    const [used] = await db()
      .select()
      .from(vehicle)
      .where(
        and(
          eq(vehicle.sectionId, sectionId.N9),
          eq(vehicle.isActive, true),
          sql`exists (select 1 from duty_roster d where d.vehicle_id = ${vehicle.id})`,
        ),
      )
      .limit(1);
    const res = await post('sectmgr', VEHICLE_PATHS.delete, { pkVehicleId: used.id });
    expect(res.json()).toMatchObject({ statusMsg: FLEET_MESSAGES.vehicleDeactivated, body: { id: used.id, outcome: 'deactivated' } });
    const [after] = await db().select().from(vehicle).where(eq(vehicle.id, used.id));
    expect(after.isActive).toBe(false);
    expect(after.version).toBe(used.version + 1);
    // with only an asset
    const withAsset = await newVehicle('sectmgr', 'N9');
    await okBody(
      post('sectmgr', ASSET_PATHS.save, {
        sectionId: sectionId.N9,
        assetCategoryId: 2904,
        name: 'Radio',
        tagNo: `DEL-${withAsset.pkVehicleId}`,
        vehicleId: withAsset.pkVehicleId,
      }),
    );
    expect((await okBody<{ outcome: string }>(post('sectmgr', VEHICLE_PATHS.delete, { pkVehicleId: withAsset.pkVehicleId }))).outcome).toBe(
      'deactivated',
    );
    // put back for the other tests
    await okBody(post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: used.id, isActive: true }));
  });

  it('clearAttention: 400 when not set; clears attentionSince and attentionReason, keeps the remark in the history', async () => {
    const v = await newVehicle('sectmgr', 'N9');
    await refused(
      post('sectmgr', VEHICLE_PATHS.clearAttention, { pkVehicleId: v.pkVehicleId, remark: 'Diganti' }),
      400,
      FLEET_MESSAGES.attentionNotSet,
    );
    await refused(post('sectmgr', VEHICLE_PATHS.clearAttention, { pkVehicleId: v.pkVehicleId, remark: '  ' }), 400, FLEET_MESSAGES.attentionRemark);
    const since = new Date('2026-11-20T01:30:00Z');
    await db().update(vehicle).set({ attentionSince: since, attentionReason: 'Kon trafik: 8 daripada 10' }).where(eq(vehicle.id, v.pkVehicleId));
    const flagged = await okBody<VehicleRow>(get('tmca', VEHICLE_PATHS.get(v.pkVehicleId)));
    expect(flagged).toMatchObject({ needsAttention: true, attentionSince: since.toISOString(), attentionReason: 'Kon trafik: 8 daripada 10' });
    const options = await okBody<VehicleOption[]>(get('pr', VEHICLE_PATHS.bySection(sectionId.N9)));
    expect(options.find((o) => o.key === v.pkVehicleId)).toMatchObject({
      needsAttention: true,
      attentionReason: 'Kon trafik: 8 daripada 10',
      value: v.plateNumber,
    });
    const attention = await list('sectmgr', VEHICLE_PATHS.dataTables, { needsAttention: true });
    expect(attention.rows.map((r) => r.pkVehicleId)).toContain(v.pkVehicleId);
    // the roster form's vehicle options show it too
    const form = await okBody<{ vehicles: { key: number; needsAttention: boolean; attentionReason: string | null }[] }>(
      get('sectmgr', ROSTER_PATHS.formOptions(sectionId.N9)),
    );
    expect(form.vehicles.find((o) => o.key === v.pkVehicleId)).toMatchObject({ needsAttention: true, attentionReason: 'Kon trafik: 8 daripada 10' });

    const cleared = await okBody<VehicleRow>(post('sectmgr', VEHICLE_PATHS.clearAttention, { pkVehicleId: v.pkVehicleId, remark: 'Kon ditambah' }));
    expect(cleared).toMatchObject({ needsAttention: false, attentionSince: null, attentionReason: null, version: 2 });
    const h = await history('vehicle', v.pkVehicleId);
    expect(h[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'attentionRemark', old: null, new: 'Kon ditambah' },
        { field: 'attentionReason', old: 'Kon trafik: 8 daripada 10', new: null },
      ]),
    );
    await refused(post('sectmgr', VEHICLE_PATHS.clearAttention, { pkVehicleId: v.pkVehicleId, remark: 'Lagi' }), 400, FLEET_MESSAGES.attentionNotSet);
  });

  it('lists: dataTables active only, dataTablesAllStatus every status; 5,000 a page by default; filters, sort, counts and odometer', async () => {
    const active = await list('opsmgmt', VEHICLE_PATHS.dataTables);
    const all = await list('opsmgmt', VEHICLE_PATHS.dataTablesAllStatus);
    expect(active.size).toBe(VEHICLE_PAGE_SIZE);
    expect(active.rows.every((r) => r.isActive && r.status === 'Aktif')).toBe(true);
    expect(all.recordCount).toBe(await db().$count(vehicle));
    // written as the database built it (no per-call schema check): every row still parses with the schema
    for (const r of [...active.rows, ...all.rows]) expect(VehicleRowSchema.strict().parse(r)).toEqual(r);
    expect(active.recordCount).toBe(await db().$count(vehicle, eq(vehicle.isActive, true)));
    expect(all.rows.some((r) => !r.isActive && r.status === 'Tidak Aktif')).toBe(true);
    // the active list ignores the filter's isActive; the all-status list uses it
    expect((await list('opsmgmt', VEHICLE_PATHS.dataTables, { isActive: false })).recordCount).toBe(active.recordCount);
    expect((await list('opsmgmt', VEHICLE_PATHS.dataTablesAllStatus, { isActive: false })).recordCount).toBe(all.recordCount - active.recordCount);
    expect((await post('opsmgmt', `${VEHICLE_PATHS.dataTables}?length=5001`)).statusCode).toBe(400);
    expect((await post('opsmgmt', `${VEHICLE_PATHS.dataTables}?orderColumn=nope`)).statusCode).toBe(400);

    const v = await newVehicle('sectmgr', 'N9');
    await addChecklist(v.pkVehicleId, { pre: 1000, post: 1100, at: new Date('2026-11-01T00:00:00Z'), rosterOffset: 0 });
    await addChecklist(v.pkVehicleId, { pre: 1250, post: null, at: new Date('2026-11-02T00:00:00Z'), rosterOffset: 1 });
    const row = await okBody<VehicleRow>(get('sectmgr', VEHICLE_PATHS.get(v.pkVehicleId)));
    expect(row).toMatchObject({ lastOdometer: 1250, lastChecklistAt: '2026-11-02T00:00:00.000Z', checklistCount: 2, rosterCount: 0, assetCount: 0 });
    const seeded = all.rows.find((r) => r.sectionName === 'N9' && r.rosterCount > 0 && r.assetCount > 0);
    expect(seeded, 'an N9 patrol with rosters and assets').toBeTruthy();

    // text: plate without spaces, call sign, model
    const byPlate = await list('sectmgr', VEHICLE_PATHS.dataTablesAllStatus, { text: v.plateNumber.replace(' ', '').toLowerCase() });
    expect(byPlate.rows.map((r) => r.pkVehicleId)).toEqual([v.pkVehicleId]);
    const byCall = await list('sectmgr', VEHICLE_PATHS.dataTablesAllStatus, { text: 'RONDA N9' });
    expect(byCall.rows.length).toBeGreaterThan(0);
    expect(byCall.rows.every((r) => r.callSign?.includes('N9'))).toBe(true);
    const tows = await list('opsmgmt', VEHICLE_PATHS.dataTables, { vehicleType: 'tunda' });
    expect(tows.rows.length).toBeGreaterThan(0);
    expect(tows.rows.every((r) => r.vehicleType === 'Tunda')).toBe(true);
    const n9 = await list(
      'opsmgmt',
      VEHICLE_PATHS.dataTables,
      { sectionId: sectionId.N9 },
      'orderColumn=plateNumber&direction=desc&length=3&start=0',
    );
    expect(n9.rows).toHaveLength(3);
    expect(n9.rows.every((r) => r.sectionName === 'N9')).toBe(true);
    const plates = n9.rows.map((r) => r.plateNumber);
    expect([...plates].sort().reverse()).toEqual(plates);
    const byCount = (await list('opsmgmt', VEHICLE_PATHS.dataTablesAllStatus, {}, 'orderColumn=checklistCount&direction=desc')).rows.map(
      (r) => r.checklistCount,
    );
    expect([...byCount].sort((a, b) => b - a)).toEqual(byCount);
    const byOdo = (await list('opsmgmt', VEHICLE_PATHS.dataTablesAllStatus, { sectionId: sectionId.N9 }, 'orderColumn=lastOdometer&direction=asc'))
      .rows;
    expect(byOdo.filter((r) => r.lastOdometer !== null).map((r) => r.lastOdometer)).toEqual(
      byOdo
        .filter((r) => r.lastOdometer !== null)
        .map((r) => r.lastOdometer)
        .sort((a, b) => a! - b!),
    );
  });

  it('CSV: the filtered vehicles of every status, UTF-8 with a BOM and a header', async () => {
    const res = await post('sectmgr', VEHICLE_PATHS.csv, { sectionId: sectionId.N9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/kenderaan-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Wilayah","Seksyen","Jenis Kenderaan","Model","Callsign","No. Plat","Status","Perlu Perhatian","Sebab Perhatian","Odometer Terakhir (km)","Senarai Semak Terakhir","Bil. Jadual Tugas","Bil. Senarai Semak","Bil. Aset"',
    );
    const count = await db().$count(vehicle, eq(vehicle.sectionId, sectionId.N9));
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes('"N9"'))).toBe(true);
    expect(lines.some((l) => l.includes('"Tidak Aktif"'))).toBe(true);
    const assets = await post('sectmgr', ASSET_PATHS.csv, {});
    expect(assets.statusCode).toBe(200);
    expect(assets.body.startsWith('\uFEFF"Wilayah","Seksyen","Kategori","Nama Aset","No. Tag"')).toBe(true);
  });

  // ---------------------------------------------------------------------------------------------- models

  it('vehicle models: 3,000 a page, name unique ignoring case (409); renaming a model renames its vehicles’ copies', async () => {
    const page = await okBody<{ rows: VehicleModelRow[]; size: number }>(post('tmca', VEHICLE_PATHS.modelDataTables));
    expect(page.size).toBe(3000);
    expect(page.rows.find((m) => m.name === 'Toyota Hilux 2.4')?.vehicleCount).toBeGreaterThan(0);
    await refused(post('sectmgr', VEHICLE_PATHS.modelSave, { name: 'toyota HILUX 2.4', vehicleType: 'Peronda' }), 409, FLEET_MESSAGES.duplicateModel);
    await refused(post('sectmgr', VEHICLE_PATHS.modelSave, { name: ' ', vehicleType: 'Peronda' }), 400, FLEET_MESSAGES.modelName);
    const m = await okBody<VehicleModelRow>(post('sectmgr', VEHICLE_PATHS.modelSave, { name: 'Proton X70', vehicleType: 'Peronda' }));
    const v = await newVehicle('sectmgr', 'N9', { vehicleModelId: m.pkVehicleModelId });
    const renamed = await okBody<VehicleModelRow>(
      post('opsmgmt', VEHICLE_PATHS.modelSave, { pkVehicleModelId: m.pkVehicleModelId, name: 'Proton X70 1.8', vehicleType: 'Peronda' }),
    );
    expect(renamed).toMatchObject({ name: 'Proton X70 1.8', vehicleCount: 1 });
    const [row] = await db().select().from(vehicle).where(eq(vehicle.id, v.pkVehicleId));
    expect(row.vehicleModel).toBe('Proton X70 1.8');
    // the model's history: created, then renamed (old and new name)
    const changes = await history('vehicleModel', m.pkVehicleModelId);
    expect(changes.map((c) => c.action)).toEqual(['update', 'create']);
    expect(changes[0].changes).toContainEqual({ field: 'name', old: 'Proton X70', new: 'Proton X70 1.8' });
  });

  // ---------------------------------------------------------------------------------------------- call signs

  it('call signs: normalised and unique (409); section locked while a vehicle refers to it; delete 409 / deactivated / erased', async () => {
    const cs = await okBody<CallSignRow>(post('sectmgr', CALLSIGN_PATHS.save, { sectionId: sectionId.N9, callsign: '  ronda   uji-9 ' }));
    expect(cs).toMatchObject({ callsign: 'RONDA UJI-9', sectionName: 'N9', isActive: true, vehicleId: null, plateNumber: null });
    await refused(
      post('sectmgr', CALLSIGN_PATHS.save, { sectionId: sectionId.S1, callsign: 'Ronda Uji-9' }),
      409,
      FLEET_MESSAGES.duplicateCallsign('RONDA UJI-9'),
    );
    await refused(post('sectmgr', CALLSIGN_PATHS.save, { sectionId: sectionId.N9, callsign: 'RONDA#1' }), 400, FLEET_MESSAGES.callsignFormat);
    // free: it may move section; then back
    await okBody(post('sectmgr', CALLSIGN_PATHS.save, { pkCallSignId: cs.pkCallSignId, sectionId: sectionId.S1, callsign: cs.callsign }));
    await okBody(post('sectmgr', CALLSIGN_PATHS.save, { pkCallSignId: cs.pkCallSignId, sectionId: sectionId.N9, callsign: cs.callsign }));

    const free = await okBody<CallSignOption[]>(get('tmca', CALLSIGN_PATHS.notAssigned(sectionId.N9)));
    expect(free.map((o) => o.key)).toContain(cs.pkCallSignId);
    const v = await newVehicle('sectmgr', 'N9', { callSignId: cs.pkCallSignId });
    const freeAfter = await okBody<CallSignOption[]>(get('tmca', CALLSIGN_PATHS.notAssigned(sectionId.N9)));
    expect(freeAfter.map((o) => o.key)).not.toContain(cs.pkCallSignId);
    const carried = (
      await db()
        .select({ id: vehicle.callSignId })
        .from(vehicle)
        .where(and(eq(vehicle.isActive, true), eq(vehicle.sectionId, sectionId.N9)))
    ).map((r) => r.id);
    expect(freeAfter.every((o) => !carried.includes(o.key))).toBe(true);
    const own = await okBody<CallSignOption[]>(get('sectmgr', CALLSIGN_PATHS.unAssigned(v.pkVehicleId)));
    expect(own.map((o) => o.key).sort()).toEqual([...freeAfter.map((o) => o.key), cs.pkCallSignId].sort());

    const row = await okBody<CallSignRow>(get('tmca', CALLSIGN_PATHS.get(cs.pkCallSignId)));
    expect(row).toMatchObject({ vehicleId: v.pkVehicleId, plateNumber: v.plateNumber });
    expect(await okBody<CallSignRow>(post('tmca', CALLSIGN_PATHS.getDetails, { callsign: 'ronda uji-9' }))).toEqual(row);
    await refused(post('tmca', CALLSIGN_PATHS.getDetails, { callsign: 'TIADA 0' }), 404, FLEET_MESSAGES.callsignNotFound);
    const carriedList = await okBody<{ rows: CallSignRow[] }>(post('sectmgr', CALLSIGN_PATHS.dataTables, { text: 'uji-9' }));
    expect(carriedList.rows.map((r) => r.pkCallSignId)).toEqual([cs.pkCallSignId]);
    const unassigned = await okBody<{ rows: CallSignRow[] }>(
      post('sectmgr', `${CALLSIGN_PATHS.dataTables}?length=1000`, { sectionId: sectionId.N9, unassigned: true }),
    );
    expect(unassigned.rows.every((r) => r.vehicleId === null)).toBe(true);
    expect(unassigned.rows.map((r) => r.pkCallSignId)).not.toContain(cs.pkCallSignId);

    await refused(
      post('sectmgr', CALLSIGN_PATHS.save, { pkCallSignId: cs.pkCallSignId, sectionId: sectionId.S1, callsign: cs.callsign }),
      409,
      FLEET_MESSAGES.callsignSectionLocked,
    );
    await refused(
      post('sectmgr', CALLSIGN_PATHS.delete, { pkCallSignId: cs.pkCallSignId }),
      409,
      FLEET_MESSAGES.callsignTaken(cs.callsign, v.plateNumber),
    );
    // the vehicle deactivated: the call sign is deactivated, not erased (a vehicle refers to it)
    await okBody(post('sectmgr', VEHICLE_PATHS.setActive, { pkVehicleId: v.pkVehicleId, isActive: false }));
    expect(await okBody<{ outcome: string }>(post('sectmgr', CALLSIGN_PATHS.delete, { pkCallSignId: cs.pkCallSignId }))).toEqual({
      id: cs.pkCallSignId,
      outcome: 'deactivated',
    });
    const [after] = await db().select().from(callSign).where(eq(callSign.id, cs.pkCallSignId));
    expect(after.isActive).toBe(false);
    // one no vehicle ever carried is erased
    const lone = await newCallSign('sectmgr', 'N9');
    expect(await okBody<{ outcome: string }>(post('sectmgr', CALLSIGN_PATHS.delete, { pkCallSignId: lone.pkCallSignId }))).toEqual({
      id: lone.pkCallSignId,
      outcome: 'deleted',
    });
    expect((await history('callsign', cs.pkCallSignId)).map((c) => c.action)).toEqual(['deactivate', 'update', 'update', 'create']);
  });

  // ---------------------------------------------------------------------------------------------- assets

  it('assets: a valid category (400), a unique tag (409), a vehicle of the same section (400) and active (400); delete deactivates an assigned one', async () => {
    const v = await newVehicle('sectmgr', 'N9');
    const a = await okBody<AssetRow>(
      post('sectmgr', ASSET_PATHS.save, {
        sectionId: sectionId.N9,
        assetCategoryId: 2904,
        name: 'Radio Motorola',
        tagNo: ' uji-rad-1 ',
        vehicleId: v.pkVehicleId,
        remark: 'Baharu',
      }),
    );
    expect(a).toMatchObject({
      tagNo: 'UJI-RAD-1',
      assetCategoryName: 'Peralatan Komunikasi',
      plateNumber: v.plateNumber,
      sectionName: 'N9',
      isActive: true,
      remark: 'Baharu',
    });
    await refused(
      post('sectmgr', ASSET_PATHS.save, { sectionId: sectionId.N9, assetCategoryId: 2904, name: 'Radio lain', tagNo: 'UJI-RAD-1' }),
      409,
      FLEET_MESSAGES.duplicateAssetTag('UJI-RAD-1'),
    );
    await refused(
      post('sectmgr', ASSET_PATHS.save, { sectionId: sectionId.N9, assetCategoryId: 184, name: 'Radio', tagNo: 'UJI-RAD-2' }),
      400,
      FLEET_MESSAGES.assetCategory,
    );
    await refused(
      post('sectmgr', ASSET_PATHS.save, {
        sectionId: sectionId.S1,
        assetCategoryId: 2904,
        name: 'Radio',
        tagNo: 'UJI-RAD-2',
        vehicleId: v.pkVehicleId,
      }),
      400,
      FLEET_MESSAGES.assetVehicleSection,
    );
    const parked = await newVehicle('sectmgr', 'N9', { isActive: false });
    await refused(
      post('sectmgr', ASSET_PATHS.save, {
        sectionId: sectionId.N9,
        assetCategoryId: 2904,
        name: 'Radio',
        tagNo: 'UJI-RAD-2',
        vehicleId: parked.pkVehicleId,
      }),
      400,
      FLEET_MESSAGES.assetVehicleInactive,
    );
    expect(await db().$count(asset, eq(asset.tagNo, 'UJI-RAD-2'))).toBe(0);

    expect(await okBody<AssetRow>(get('tmca', ASSET_PATHS.get(a.pkAssetId)))).toEqual(a);
    const listed = await okBody<{ rows: AssetRow[] }>(post('tmca', ASSET_PATHS.dataTables, { vehicleId: v.pkVehicleId }));
    expect(listed.rows.map((r) => r.pkAssetId)).toEqual([a.pkAssetId]);
    expect((await okBody<VehicleRow>(get('sectmgr', VEHICLE_PATHS.get(v.pkVehicleId)))).assetCount).toBe(1);
    // the vehicle cannot leave its section while it carries the asset
    await refused(
      post('sectmgr', VEHICLE_PATHS.save, {
        pkVehicleId: v.pkVehicleId,
        sectionId: sectionId.S1,
        vehicleModelId: patrolModel,
        plateNumber: v.plateNumber,
      }),
      409,
      VEHICLE_ASSETS_SECTION,
    );

    expect(await okBody<{ outcome: string }>(post('sectmgr', ASSET_PATHS.delete, { pkAssetId: a.pkAssetId }))).toEqual({
      id: a.pkAssetId,
      outcome: 'deactivated',
    });
    const store = await okBody<AssetRow>(
      post('sectmgr', ASSET_PATHS.save, { sectionId: sectionId.N9, assetCategoryId: 2905, name: 'Lampu suluh', tagNo: 'UJI-LS-1' }),
    );
    expect(store.vehicleId).toBeNull();
    expect(await okBody<{ outcome: string }>(post('sectmgr', ASSET_PATHS.delete, { pkAssetId: store.pkAssetId }))).toEqual({
      id: store.pkAssetId,
      outcome: 'deleted',
    });
    expect((await history('asset', a.pkAssetId)).map((c) => c.action)).toEqual(['deactivate', 'create']);
  });

  // ---------------------------------------------------------------------------------------------- checklist master

  it('checklist master: name required, quantity ≤ 10,000, not-measurable = 1, a valid category, unique per category (409); sorted; delete of a used item deactivates', async () => {
    const base = { assetCategoryId: 2901, unitLabel: 'unit', isMeasurable: true, defaultQuantity: 4 };
    await refused(post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: '' }), 400, FLEET_MESSAGES.masterName);
    await refused(post('opsmgmt', CHECKLIST_MASTER_PATHS.save, base), 400, FLEET_MESSAGES.masterName);
    await refused(
      post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'Kon besar', defaultQuantity: 10_001 }),
      400,
      FLEET_MESSAGES.masterQuantity,
    );
    await refused(
      post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'Kon besar', isMeasurable: false, defaultQuantity: 2 }),
      400,
      FLEET_MESSAGES.masterNotMeasurable,
    );
    await refused(
      post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'Kon besar', assetCategoryId: 2999 }),
      400,
      FLEET_MESSAGES.assetCategory,
    );
    await refused(post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'KON TRAFIK' }), 409, FLEET_MESSAGES.duplicateMaster);
    const before = await db().$count(assetChecklistMaster);
    expect(before).toBe(15);

    // any fleetManage role writes it (national)
    const item = await okBody<ChecklistMasterRow>(post('sectmgr', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'Kon besar', sortOrder: 5 }));
    expect(item).toMatchObject({ name: 'Kon besar', assetCategoryName: 'Peralatan Kawalan Trafik', usedCount: 0, isActive: true });
    // the same name in another category is fine
    await okBody(post('sectmgr', CHECKLIST_MASTER_PATHS.save, { ...base, assetCategoryId: 2906, name: 'Kon besar' }));

    const rows = (await okBody<{ rows: ChecklistMasterRow[] }>(post('pr', CHECKLIST_MASTER_PATHS.dataTables))).rows;
    const keys = rows.map((r) => [r.assetCategoryId, r.sortOrder, r.name.toLowerCase()] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
    expect(keys).toEqual(sorted);
    expect(rows[0].name).toBe('Kon besar');
    const cat = (await okBody<{ rows: ChecklistMasterRow[] }>(post('pr', CHECKLIST_MASTER_PATHS.dataTables, { assetCategoryId: 2907 }))).rows;
    expect(cat.map((r) => r.name)).toEqual(["Kad Touch 'n Go", 'Kad bahan api']);

    // used by a checklist: deactivated; then a new active item may take the name
    const [v] = await db()
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(eq(vehicle.sectionId, sectionId.N9), eq(vehicle.isActive, true)))
      .limit(1);
    const checklistId = await addChecklist(v.id, { pre: 500, post: null, at: new Date('2026-11-03T00:00:00Z'), rosterOffset: 2 });
    await db()
      .insert(dailyAssetChecklistItem)
      .values({ dailyAssetChecklistId: checklistId, assetChecklistMasterId: item.pkAssetChecklistMasterId, expectedQuantity: 4, preQuantity: 4 });
    expect(
      (await okBody<{ rows: ChecklistMasterRow[] }>(post('pr', CHECKLIST_MASTER_PATHS.dataTables, { text: 'besar', assetCategoryId: 2901 }))).rows[0]
        .usedCount,
    ).toBe(1);
    expect(
      await okBody<{ outcome: string }>(post('opsmgmt', CHECKLIST_MASTER_PATHS.delete, { pkAssetChecklistMasterId: item.pkAssetChecklistMasterId })),
    ).toEqual({ id: item.pkAssetChecklistMasterId, outcome: 'deactivated' });
    const again = await okBody<ChecklistMasterRow>(post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, name: 'kon BESAR' }));
    expect(again.pkAssetChecklistMasterId).not.toBe(item.pkAssetChecklistMasterId);
    // re-activating the old one now clashes
    await refused(
      post('opsmgmt', CHECKLIST_MASTER_PATHS.save, { ...base, pkAssetChecklistMasterId: item.pkAssetChecklistMasterId, name: 'Kon besar' }),
      409,
      FLEET_MESSAGES.duplicateMaster,
    );
    expect(
      await okBody<{ outcome: string }>(post('opsmgmt', CHECKLIST_MASTER_PATHS.delete, { pkAssetChecklistMasterId: again.pkAssetChecklistMasterId })),
    ).toEqual({ id: again.pkAssetChecklistMasterId, outcome: 'deleted' });
    expect((await history('checklistMaster', item.pkAssetChecklistMasterId)).map((c) => c.action)).toEqual(['deactivate', 'create']);
  });
});
