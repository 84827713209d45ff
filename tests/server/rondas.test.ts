import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_PATHS, type ChangeRecord } from '../../contract/admin';
import { RONDA_PATHS, type CheckpointRow, type NeighbourRow, type RondaDetail, type RondaRow } from '../../contract/rondas';
import { adminChange, gpsKmMarker, neighbouringSection, rondaCheckpoint, rondaLoop, section } from '../../server/db/schema';
import { ensureRondas, neighbourPairs } from '../../server/db/seed/rondas';
import { buildTestApp, call, login } from './support/build';

const ARAH_SELATAN = 1202;

describe('rondas, checkpoints and neighbouring sections (issue #14 item 6, server)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const token: Record<string, string> = {};
  const sectionId: Record<string, number> = {};
  const sectionRange: Record<string, { kmStart: number; kmEnd: number }> = {};

  beforeAll(async () => {
    app = await buildTestApp();
    for (const u of ['superadmin', 'sectmgr', 'regionmgmt', 'opsmgmt', 'admin', 'primeadmin', 'tmca', 'tmca.utara', 'pr', 'pengguna', 'others']) {
      token[u] = (await login(app, u)).token;
    }
    for (const s of await app.ctx.db.select().from(section)) {
      sectionId[s.name] = s.id;
      if (s.kmStart !== null && s.kmEnd !== null) sectionRange[s.name] = { kmStart: s.kmStart, kmEnd: s.kmEnd };
    }
  });
  afterAll(async () => app?.cleanup());

  const post = (who: string | null, url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
    call(app, who ? token[who] : null, { method: 'POST', url, payload: payload as object, headers });
  const get = (who: string | null, url: string) => call(app, who ? token[who] : null, { method: 'GET', url });
  const rondas = async (who: string, filter: object = {}, query = '') => {
    const res = await post(who, `${RONDA_PATHS.dataTables}${query}`, filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: RondaRow[]; recordCount: number; size: number };
  };
  const checkpointsOf = async (rondaLoopId: number) =>
    app.ctx.db.select().from(rondaCheckpoint).where(eq(rondaCheckpoint.rondaLoopId, rondaLoopId)).orderBy(rondaCheckpoint.seq);
  /** the coordinates of a section's GPS kilometre marker */
  const at = async (name: string, km: number) => {
    const [m] = await app.ctx.db
      .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(and(eq(gpsKmMarker.sectionId, sectionId[name]), eq(gpsKmMarker.km, km)));
    if (!m) throw new Error(`no marker ${name} KM ${km}`);
    return m;
  };
  const newRonda = (over: object = {}) => ({
    sectionId: sectionId.N9,
    rondaName: 'Ronda Ujian Bukit Tagar',
    pointAName: 'Persimpangan Bertingkat Bukit Tagar',
    pointBName: 'Plaza Tol Sungai Buaya',
    kmFrom: 418.4,
    kmTo: 431.1,
    ...over,
  });
  const saveRonda = async (who: string, body: object) => post(who, RONDA_PATHS.save, body);
  const createRonda = async (over: object = {}) => {
    const res = await saveRonda('sectmgr', newRonda(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as RondaRow;
  };
  const checkpoint = async (rondaLoopId: number, name: string, km: number, over: object = {}) => ({
    rondaLoopId,
    checkpointName: name,
    km,
    directionId: ARAH_SELATAN,
    ...(await at('N9', km)),
    ...over,
  });
  const history = async (who: string, entity: 'ronda' | 'checkpoint', id: number) => get(who, ADMIN_PATHS.history(entity, id));
  const rowCount = async () => {
    const [r] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(rondaLoop);
    const [c] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(rondaCheckpoint);
    const [h] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(adminChange);
    return { rondas: Number(r.n), checkpoints: Number(c.n), changes: Number(h.n) };
  };

  // ------------------------------------------------------------------------------------------------ roles

  describe('who may call', () => {
    it('reads need readOrg: managers, operators, administrators yes; User and OTHERS 403; no token 401', async () => {
      for (const who of ['sectmgr', 'tmca', 'pr', 'admin', 'primeadmin', 'superadmin']) {
        expect((await post(who, RONDA_PATHS.dataTables)).statusCode, who).toBe(200);
        expect((await post(who, RONDA_PATHS.checkpointDataTables)).statusCode, who).toBe(200);
        expect((await post(who, RONDA_PATHS.neighbourDataTables)).statusCode, who).toBe(200);
      }
      for (const who of ['pengguna', 'others']) {
        expect((await post(who, RONDA_PATHS.dataTables)).statusCode, who).toBe(403);
        expect((await post(who, RONDA_PATHS.checkpointDataTables)).statusCode, who).toBe(403);
        expect((await post(who, RONDA_PATHS.neighbourDataTables)).statusCode, who).toBe(403);
      }
      expect((await post(null, RONDA_PATHS.dataTables)).statusCode).toBe(401);
      expect((await post(null, RONDA_PATHS.neighbourDataTables)).statusCode).toBe(401);
      expect((await get(null, RONDA_PATHS.get(1))).statusCode).toBe(401);
    });

    it('writes need adminOrg: SECTMGR, REGIONMGMT, OPSMGMT, SUPERADMIN yes; administrators and operators 403', async () => {
      const before = await rowCount();
      for (const who of ['admin', 'primeadmin', 'tmca', 'pr', 'pengguna']) {
        expect((await saveRonda(who, newRonda({ rondaName: `Ronda ${who}` }))).statusCode, who).toBe(403);
      }
      expect((await saveRonda(null as unknown as string, newRonda())).statusCode).toBe(401);
      expect(await rowCount()).toEqual(before);
      for (const who of ['sectmgr', 'regionmgmt', 'opsmgmt', 'superadmin']) {
        const res = await saveRonda(who, newRonda({ rondaName: `Ronda peranan ${who}` }));
        expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      }
      const [cp] = await app.ctx.db.select({ id: rondaCheckpoint.id }).from(rondaCheckpoint).limit(1);
      expect((await post('tmca', RONDA_PATHS.checkpointDelete, [cp.id])).statusCode).toBe(403);
      expect((await post('admin', RONDA_PATHS.checkpointReorder, { pkRondaLoopCheckpointId: cp.id, seq: 1 })).statusCode).toBe(403);
      expect((await post('pr', RONDA_PATHS.delete, [1])).statusCode).toBe(403);
    });
  });

  // ------------------------------------------------------------------------------------------------ lists

  describe('lists', () => {
    it('rondaloop/dataTables answers 50 a page by default (§9), with the demo rondas and their checkpoint counts', async () => {
      const page = await rondas('opsmgmt');
      expect(page.size).toBe(50);
      const rawang = page.rows.find((r) => r.rondaName === 'Ronda Rawang – Sungai Buloh');
      expect(rawang).toMatchObject({ sectionName: 'N9', regionName: 'Tengah', kmFrom: 437.6, kmTo: 453.8, isActive: true });
      expect(rawang!.checkpointCount).toBe((await checkpointsOf(rawang!.pkRondaLoopId)).length);
      expect(rawang!.checkpointCount).toBeGreaterThanOrEqual(4);
      const cps = await post('opsmgmt', RONDA_PATHS.checkpointDataTables, { rondaLoopId: rawang!.pkRondaLoopId });
      const body = cps.json().body as { rows: CheckpointRow[]; size: number };
      expect(body.size).toBe(50);
      expect(body.rows.map((c) => c.seq)).toEqual(body.rows.map((_, i) => i + 1));
      expect(body.rows[0]).toMatchObject({ directionName: 'Arah Selatan', sectionName: 'N9' });
      // increasing KM along E1 going south
      expect(body.rows.map((c) => c.km)).toEqual([...body.rows.map((c) => c.km)].sort((a, b) => a - b));
    });

    it('filters by section, active and search, sorts by a whitelisted column and refuses another', async () => {
      const n9 = await rondas('opsmgmt', { sectionId: sectionId.N9 });
      expect(n9.rows.length).toBeGreaterThan(0);
      expect(n9.rows.every((r) => r.sectionName === 'N9')).toBe(true);
      const found = await rondas('opsmgmt', { search: 'kangsar' });
      expect(found.rows.map((r) => r.rondaName)).toEqual(['Ronda Taiping – Kuala Kangsar']);
      const inactive = await rondas('opsmgmt', { active: false });
      expect(inactive.rows.every((r) => !r.isActive)).toBe(true);
      const sorted = await rondas('opsmgmt', {}, '?orderColumn=kmFrom&direction=desc');
      expect(sorted.rows.map((r) => r.kmFrom)).toEqual([...sorted.rows.map((r) => r.kmFrom)].sort((a, b) => b - a));
      const bad = await post('opsmgmt', `${RONDA_PATHS.dataTables}?orderColumn=password`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().body.field).toBe('orderColumn');
    });

    it('CSV of the filtered list', async () => {
      const res = await post('sectmgr', RONDA_PATHS.csv, { sectionId: sectionId.N9 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ronda-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"Nama Ronda","Wilayah","Seksyen","Titik A","Titik B","KM Dari","KM Hingga","Bilangan Pusat Semakan","Aktif"');
      expect(lines.slice(1).every((l) => l.includes('"N9"'))).toBe(true);
      expect(lines.some((l) => l.startsWith('"Ronda Rawang – Sungai Buloh"'))).toBe(true);
      const cps = await post('sectmgr', RONDA_PATHS.checkpointCsv, { sectionId: sectionId.N9 });
      expect(cps.statusCode).toBe(200);
      expect(cps.body).toContain('"Nama Pusat Semakan"');
    });
  });

  // ------------------------------------------------------------------------------------------------ region scope

  describe('region scope', () => {
    it('a manager lists only its region’s rondas and checkpoints; a national role all', async () => {
      const tengah = await rondas('sectmgr');
      expect(tengah.rows.length).toBeGreaterThan(0);
      expect(new Set(tengah.rows.map((r) => r.regionName))).toEqual(new Set(['Tengah']));
      const utara = await rondas('tmca.utara');
      expect(new Set(utara.rows.map((r) => r.regionName))).toEqual(new Set(['Utara']));
      const all = await rondas('opsmgmt');
      expect(new Set(all.rows.map((r) => r.regionName))).toEqual(new Set(['Tengah', 'Utara', 'Selatan']));
      const cps = (await post('sectmgr', RONDA_PATHS.checkpointDataTables)).json().body as { rows: CheckpointRow[] };
      expect(cps.rows.every((c) => ['N9', 'S1', 'N8', 'S2'].includes(c.sectionName))).toBe(true);
    });

    it('another region’s ronda: 403 on get, save, delete, its checkpoints and its history; nothing written', async () => {
      const taiping = (await rondas('opsmgmt', { search: 'Taiping' })).rows[0];
      const [cp] = await checkpointsOf(taiping.pkRondaLoopId);
      const before = await rowCount();
      expect((await get('sectmgr', RONDA_PATHS.get(taiping.pkRondaLoopId))).statusCode).toBe(403);
      expect((await get('sectmgr', RONDA_PATHS.checkpointGet(cp.id))).statusCode).toBe(403);
      expect((await post('sectmgr', RONDA_PATHS.checkpointDataTables, { rondaLoopId: taiping.pkRondaLoopId })).statusCode).toBe(403);
      const edit = await saveRonda('sectmgr', {
        ...newRonda(),
        pkRondaLoopId: taiping.pkRondaLoopId,
        sectionId: sectionId.N5,
        kmFrom: 210,
        kmTo: 240,
      });
      expect(edit.statusCode).toBe(403);
      const create = await saveRonda('regionmgmt', newRonda({ sectionId: sectionId.N5, kmFrom: 210, kmTo: 240 }));
      expect(create.statusCode).toBe(403);
      expect(create.json().statusMsg).toMatch(/wilayah/);
      expect((await post('sectmgr', RONDA_PATHS.delete, [taiping.pkRondaLoopId])).statusCode).toBe(403);
      const m = await at('N5', 220.6);
      const add = await post('sectmgr', RONDA_PATHS.checkpointSave, {
        rondaLoopId: taiping.pkRondaLoopId,
        checkpointName: 'X',
        km: 220.6,
        directionId: ARAH_SELATAN,
        ...m,
      });
      expect(add.statusCode).toBe(403);
      expect((await post('sectmgr', RONDA_PATHS.checkpointReorder, { pkRondaLoopCheckpointId: cp.id, seq: 2 })).statusCode).toBe(403);
      expect((await post('sectmgr', RONDA_PATHS.checkpointDelete, [cp.id])).statusCode).toBe(403);
      expect((await history('sectmgr', 'ronda', taiping.pkRondaLoopId)).statusCode).toBe(403);
      expect((await history('sectmgr', 'checkpoint', cp.id)).statusCode).toBe(403);
      expect(await rowCount()).toEqual(before);
      // moving an own-region ronda into another region's section is refused too
      const own = await createRonda({ rondaName: 'Ronda ke Utara' });
      const move = await saveRonda('sectmgr', { ...newRonda({ sectionId: sectionId.N5, kmFrom: 210, kmTo: 240 }), pkRondaLoopId: own.pkRondaLoopId });
      expect(move.statusCode).toBe(403);
      const [still] = await app.ctx.db.select().from(rondaLoop).where(eq(rondaLoop.id, own.pkRondaLoopId));
      expect(still.sectionId).toBe(sectionId.N9);
    });
  });

  // ------------------------------------------------------------------------------------------------ bad input

  describe('ronda bad input', () => {
    it('KM Dari or KM Hingga outside the section’s range: 400 naming the field, nothing written', async () => {
      const before = await rowCount();
      const { kmStart, kmEnd } = sectionRange.N9;
      const low = await saveRonda('sectmgr', newRonda({ kmFrom: kmStart - 5 }));
      expect(low.statusCode).toBe(400);
      expect(low.json().body.field).toBe('kmFrom');
      expect(low.json().statusMsg).toBe(
        `KM Dari ${(kmStart - 5).toFixed(1)} di luar julat seksyen N9 (KM ${kmStart.toFixed(1)} – KM ${kmEnd.toFixed(1)}).`,
      );
      const high = await saveRonda('sectmgr', newRonda({ kmTo: kmEnd + 0.5 }));
      expect(high.statusCode).toBe(400);
      expect(high.json().body.field).toBe('kmTo');
      // S1's kilometres are not N9's
      const other = await saveRonda('sectmgr', newRonda({ sectionId: sectionId.S1 }));
      expect(other.statusCode).toBe(400);
      expect(other.json().body.field).toBe('kmFrom');
      expect(await rowCount()).toEqual(before);
    });

    it('equal KMs, empty names, a section without a KM range or that does not exist: 400', async () => {
      const before = await rowCount();
      const equal = await saveRonda('sectmgr', newRonda({ kmTo: 418.4 }));
      expect(equal.statusCode).toBe(400);
      expect(equal.json().body.field).toBe('kmTo');
      const blank = await saveRonda('sectmgr', newRonda({ pointAName: '   ' }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json().body.field).toBe('pointAName');
      const noRange = await saveRonda('opsmgmt', newRonda({ sectionId: sectionId['N3+N7'] }));
      expect(noRange.statusCode).toBe(400);
      expect(noRange.json().body.field).toBe('sectionId');
      const missing = await saveRonda('opsmgmt', newRonda({ sectionId: 9999 }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().body.field).toBe('sectionId');
      expect(await rowCount()).toEqual(before);
    });
  });

  describe('checkpoints', () => {
    it('a checkpoint outside its section (coordinates far from the line, KM out of range or not matching): 400, nothing written', async () => {
      const ronda = await createRonda({ rondaName: 'Ronda sempadan' });
      const before = await rowCount();
      // Ipoh (N5) is far from N9's line
      const far = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(ronda.pkRondaLoopId, 'Jauh', 420, await at('N5', 230)));
      expect(far.statusCode).toBe(400);
      expect(far.json().body.field).toBe('latitude');
      expect(far.json().statusMsg).toMatch(/km dari lebuh raya seksyen N9/);
      // 5 km east of the line at KM 420
      const m = await at('N9', 420);
      const off = await post(
        'sectmgr',
        RONDA_PATHS.checkpointSave,
        await checkpoint(ronda.pkRondaLoopId, 'Luar', 420, { latitude: m.latitude, longitude: m.longitude + 0.045 }),
      );
      expect(off.statusCode).toBe(400);
      expect(off.json().body.field).toBe('latitude');
      // on the line but its KM outside N9's range
      const outKm = await post(
        'sectmgr',
        RONDA_PATHS.checkpointSave,
        await checkpoint(ronda.pkRondaLoopId, 'KM luar', 420, { km: sectionRange.N9.kmEnd + 3 }),
      );
      expect(outKm.statusCode).toBe(400);
      expect(outKm.json().body.field).toBe('km');
      // in range, on the line, but KM 460 typed for a point at KM 420
      const mismatch = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(ronda.pkRondaLoopId, 'Salah KM', 420, { km: 460 }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().body.field).toBe('km');
      expect(mismatch.json().statusMsg).toMatch(/KM 420/);
      // a direction that is not a cardinalDirection key
      const dir = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(ronda.pkRondaLoopId, 'Arah', 420, { directionId: 184 }));
      expect(dir.statusCode).toBe(400);
      expect(dir.json().body.field).toBe('directionId');
      const noRonda = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(999999, 'Tiada', 420));
      expect(noRonda.statusCode).toBe(400);
      expect(noRonda.json().body.field).toBe('rondaLoopId');
      expect(await rowCount()).toEqual(before);
      // a point beside the line, inside the tolerance, is accepted
      const ok = await post(
        'sectmgr',
        RONDA_PATHS.checkpointSave,
        await checkpoint(ronda.pkRondaLoopId, 'Tepi', 420, { latitude: m.latitude, longitude: m.longitude + 0.005 }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('order: three added go 1, 2, 3; a move shifts the others; save with seq moves; delete closes the gap', async () => {
      const ronda = await createRonda({ rondaName: 'Ronda susunan' });
      const ids: number[] = [];
      for (const [name, km] of [
        ['Satu', 419],
        ['Dua', 424],
        ['Tiga', 429],
      ] as const) {
        const res = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(ronda.pkRondaLoopId, name, km));
        expect(res.statusCode, res.body).toBe(200);
        ids.push((res.json().body as CheckpointRow).pkRondaLoopCheckpointId);
      }
      const names = async () => (await checkpointsOf(ronda.pkRondaLoopId)).map((c) => `${c.seq}:${c.name}`);
      expect(await names()).toEqual(['1:Satu', '2:Dua', '3:Tiga']);

      const moved = await post('sectmgr', RONDA_PATHS.checkpointReorder, { pkRondaLoopCheckpointId: ids[2], seq: 1 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json().body as CheckpointRow[]).map((c) => c.checkpointName)).toEqual(['Tiga', 'Satu', 'Dua']);
      expect(await names()).toEqual(['1:Tiga', '2:Satu', '3:Dua']);

      // a place past the end means last
      await post('sectmgr', RONDA_PATHS.checkpointReorder, { pkRondaLoopCheckpointId: ids[2], seq: 99 });
      expect(await names()).toEqual(['1:Satu', '2:Dua', '3:Tiga']);

      // save with seq: Satu to place 2 and renamed
      const edit = await post('sectmgr', RONDA_PATHS.checkpointSave, {
        ...(await checkpoint(ronda.pkRondaLoopId, 'Satu A', 419)),
        pkRondaLoopCheckpointId: ids[0],
        seq: 2,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await names()).toEqual(['1:Dua', '2:Satu A', '3:Tiga']);

      // a new one at place 1
      const first = await post('sectmgr', RONDA_PATHS.checkpointSave, { ...(await checkpoint(ronda.pkRondaLoopId, 'Mula', 418.5)), seq: 1 });
      expect(first.statusCode).toBe(200);
      expect(await names()).toEqual(['1:Mula', '2:Dua', '3:Satu A', '4:Tiga']);

      const del = await post('sectmgr', RONDA_PATHS.checkpointDelete, [ids[1]]);
      expect(del.statusCode, del.body).toBe(200);
      expect(await names()).toEqual(['1:Mula', '2:Satu A', '3:Tiga']);

      // the list answers the same order
      const list = (await post('sectmgr', RONDA_PATHS.checkpointDataTables, { rondaLoopId: ronda.pkRondaLoopId })).json().body as {
        rows: CheckpointRow[];
      };
      expect(list.rows.map((c) => c.checkpointName)).toEqual(['Mula', 'Satu A', 'Tiga']);

      // a checkpoint cannot move to another ronda
      const other = await createRonda({ rondaName: 'Ronda lain' });
      const hop = await post('sectmgr', RONDA_PATHS.checkpointSave, {
        ...(await checkpoint(other.pkRondaLoopId, 'Tiga', 429)),
        pkRondaLoopCheckpointId: ids[2],
      });
      expect(hop.statusCode).toBe(400);
      expect(hop.json().body.field).toBe('rondaLoopId');
    });

    it('rondaloop/get carries the section’s range and alignment for the map', async () => {
      const ronda = (await rondas('sectmgr', { search: 'Rawang – Sungai Buloh' })).rows[0];
      const res = await get('tmca', RONDA_PATHS.get(ronda.pkRondaLoopId));
      expect(res.statusCode).toBe(200);
      const body = res.json().body as RondaDetail;
      expect(body.section).toMatchObject({ sectionName: 'N9', kmStart: sectionRange.N9.kmStart, kmEnd: sectionRange.N9.kmEnd });
      expect(body.section.alignment.length).toBeGreaterThan(2);
      expect((await get('sectmgr', RONDA_PATHS.get(999999))).statusCode).toBe(404);
    });
  });

  // ------------------------------------------------------------------------------------------------ delete

  describe('delete', () => {
    it('a ronda with checkpoints is deactivated, one without is deleted', async () => {
      const used = await createRonda({ rondaName: 'Ronda berguna' });
      await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(used.pkRondaLoopId, 'CP', 425));
      const unused = await createRonda({ rondaName: 'Ronda kosong' });
      const res = await post('sectmgr', RONDA_PATHS.delete, [used.pkRondaLoopId, unused.pkRondaLoopId]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().body).toEqual({ deleted: [unused.pkRondaLoopId], deactivated: [used.pkRondaLoopId] });
      const [kept] = await app.ctx.db.select().from(rondaLoop).where(eq(rondaLoop.id, used.pkRondaLoopId));
      expect(kept.isActive).toBe(false);
      expect(await app.ctx.db.select().from(rondaLoop).where(eq(rondaLoop.id, unused.pkRondaLoopId))).toEqual([]);
      // an inactive ronda takes no new checkpoint
      const add = await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(used.pkRondaLoopId, 'CP2', 426));
      expect(add.statusCode).toBe(400);
      expect(add.json().body.field).toBe('rondaLoopId');
      // the deleted one's history stays readable (judged by its section)
      const h = await history('sectmgr', 'ronda', unused.pkRondaLoopId);
      expect(h.statusCode).toBe(200);
      expect((h.json().body as ChangeRecord[]).map((c) => c.action)).toEqual(['delete', 'create']);
    });

    it('a delete with one id of another region deletes none', async () => {
      const mine = await createRonda({ rondaName: 'Ronda campur' });
      const utara = (await rondas('opsmgmt', { search: 'Taiping' })).rows[0];
      const res = await post('sectmgr', RONDA_PATHS.delete, [mine.pkRondaLoopId, utara.pkRondaLoopId]);
      expect(res.statusCode).toBe(403);
      expect(await app.ctx.db.select().from(rondaLoop).where(eq(rondaLoop.id, mine.pkRondaLoopId))).toHaveLength(1);
    });
  });

  // ------------------------------------------------------------------------------------------------ history

  describe('change history', () => {
    it('records create, update, activate/deactivate of a ronda and create, move of a checkpoint, with who and the old and new values', async () => {
      const ronda = await createRonda({ rondaName: 'Ronda sejarah' });
      const upd = await saveRonda('regionmgmt', { ...newRonda({ rondaName: 'Ronda sejarah', kmTo: 430 }), pkRondaLoopId: ronda.pkRondaLoopId });
      expect(upd.statusCode, upd.body).toBe(200);
      const off = await saveRonda('sectmgr', {
        ...newRonda({ rondaName: 'Ronda sejarah', kmTo: 430, isActive: false }),
        pkRondaLoopId: ronda.pkRondaLoopId,
      });
      expect(off.statusCode).toBe(200);
      // saving the same again records nothing
      await saveRonda('sectmgr', { ...newRonda({ rondaName: 'Ronda sejarah', kmTo: 430, isActive: false }), pkRondaLoopId: ronda.pkRondaLoopId });

      const res = await history('sectmgr', 'ronda', ronda.pkRondaLoopId);
      expect(res.statusCode, res.body).toBe(200);
      const records = res.json().body as ChangeRecord[];
      expect(records.map((r) => r.action)).toEqual(['deactivate', 'update', 'create']);
      expect(records[1].changes).toEqual([{ field: 'kmTo', old: 431.1, new: 430 }]);
      expect(records[1].by.displayName).toBe('Haslinda binti Omar');
      expect(records[2].changes).toContainEqual({ field: 'rondaName', old: null, new: 'Ronda sejarah' });
      // operators may not read the history; an administrator may
      expect((await history('tmca', 'ronda', ronda.pkRondaLoopId)).statusCode).toBe(403);
      expect((await history('admin', 'ronda', ronda.pkRondaLoopId)).statusCode).toBe(200);

      const live = await createRonda({ rondaName: 'Ronda sejarah CP' });
      const a = (await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(live.pkRondaLoopId, 'A', 420))).json().body as CheckpointRow;
      await post('sectmgr', RONDA_PATHS.checkpointSave, await checkpoint(live.pkRondaLoopId, 'B', 425));
      await post('sectmgr', RONDA_PATHS.checkpointReorder, { pkRondaLoopCheckpointId: a.pkRondaLoopCheckpointId, seq: 2 });
      const cpHistory = (await history('sectmgr', 'checkpoint', a.pkRondaLoopCheckpointId)).json().body as ChangeRecord[];
      expect(cpHistory.map((r) => r.action)).toEqual(['update', 'create']);
      expect(cpHistory[0].changes).toEqual([{ field: 'seq', old: 1, new: 2 }]);
      expect(cpHistory[1].changes).toContainEqual({ field: 'km', old: null, new: 420 });

      await post('sectmgr', RONDA_PATHS.checkpointDelete, [a.pkRondaLoopCheckpointId]);
      const gone = (await history('sectmgr', 'checkpoint', a.pkRondaLoopCheckpointId)).json().body as ChangeRecord[];
      expect(gone[0].action).toBe('delete');
      expect((await history('tmca.utara', 'checkpoint', a.pkRondaLoopCheckpointId)).statusCode).toBe(403);
    });

    it('a refused write records nothing', async () => {
      const [{ n: before }] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(adminChange).where(eq(adminChange.entity, 'ronda'));
      await saveRonda('sectmgr', newRonda({ kmFrom: 1 }));
      await saveRonda('tmca', newRonda());
      const [{ n: after }] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(adminChange).where(eq(adminChange.entity, 'ronda'));
      expect(after).toBe(before);
    });
  });

  // ------------------------------------------------------------------------------------------------ idempotency

  it('a queued save sent twice with its Idempotency-Key creates one ronda', async () => {
    const headers = { 'Idempotency-Key': 'ronda-test-key-0001' };
    const body = newRonda({ rondaName: 'Ronda sekali sahaja' });
    const one = await post('sectmgr', RONDA_PATHS.save, body, headers);
    const two = await post('sectmgr', RONDA_PATHS.save, body, headers);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json().body.pkRondaLoopId).toBe(one.json().body.pkRondaLoopId);
    expect(await app.ctx.db.select().from(rondaLoop).where(eq(rondaLoop.name, 'Ronda sekali sahaja'))).toHaveLength(1);
  });

  // ------------------------------------------------------------------------------------------------ neighbours

  describe('neighbouring sections', () => {
    const neighbours = async (filter: object) => {
      const res = await post('tmca', RONDA_PATHS.neighbourDataTables, filter);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().body as { rows: NeighbourRow[]; size: number; recordCount: number };
    };

    it('lists a known pair both ways (N8 ↔ N9), across a region border (N6 ↔ N8), 100 a page', async () => {
      const n8 = await neighbours({ sectionId: sectionId.N8 });
      expect(n8.size).toBe(100);
      expect(n8.rows.map((r) => r.neighbourSectionName).sort()).toEqual(['N6', 'N9']);
      expect(n8.rows.find((r) => r.neighbourSectionName === 'N6')).toMatchObject({ neighbourRegionName: 'Utara', sectionName: 'N8' });
      const n9 = await neighbours({ sectionId: sectionId.N9 });
      expect(n9.rows.map((r) => r.neighbourSectionName)).toEqual(['N8']);
      const s1 = await neighbours({ sectionId: sectionId.S1 });
      expect(s1.rows.map((r) => r.neighbourSectionName)).toEqual(['S2']);
      // a combined section neighbours what touches it, never its own parts
      const n3 = await neighbours({ sectionId: sectionId.N3 });
      expect(n3.rows.map((r) => r.neighbourSectionName).sort()).toEqual(['N1+N2', 'N2', 'N4']);
      const n1n2 = await neighbours({ sectionId: sectionId['N1+N2'] });
      expect(n1n2.rows.map((r) => r.neighbourSectionName)).toEqual(['N3']);
      // the separate BKE (E15) has none
      expect((await neighbours({ sectionId: sectionId.N7 })).rows).toEqual([]);
      // every pair is stored both ways
      const all = await neighbours({});
      for (const r of all.rows) expect(all.rows.some((x) => x.sectionId === r.neighbourSectionId && x.neighbourSectionId === r.sectionId)).toBe(true);
    });

    it('neighbourPairs: touching ranges of one highway only; ensureRondas adds nothing twice', async () => {
      const pairs = neighbourPairs([
        { id: 1, highwayId: 1, kmStart: 0, kmEnd: 10 },
        { id: 2, highwayId: 1, kmStart: 10, kmEnd: 20 },
        { id: 3, highwayId: 1, kmStart: 25, kmEnd: 30 },
        { id: 4, highwayId: 2, kmStart: 20, kmEnd: 25 },
        { id: 5, highwayId: 1, kmStart: null, kmEnd: null },
      ]);
      expect(pairs).toEqual([
        { sectionId: 1, neighbourId: 2 },
        { sectionId: 2, neighbourId: 1 },
      ]);
      const [{ n: before }] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(neighbouringSection);
      const again = await ensureRondas(app.ctx.db, { demo: true });
      expect(again).toEqual({ neighbours: 0, rondas: 0 });
      const [{ n: after }] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(neighbouringSection);
      expect(after).toBe(before);
    });
  });
});
