/**
 * rondaGps/save in batches (issue #18 item 3; server/modules/maps/positions.ts writeBatch): a batch is stored as one
 * multi-row insert with the latest-position upsert in the same statement: every fix a history row with its own
 * derived section/km/carriageway, one receivedAt, the latest the newest fix (the newest row's id), never replaced by
 * an older batch; a repeated Idempotency-Key stores nothing more; a refused batch stores nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_BATCH_MAX } from '../../contract/map-rules';
import { PATHS } from '../../contract/paths';
import { dutyRoster, gpsKmMarker, idempotencyKey, rosterLatestPosition, rosterPosition } from '../../server/db/schema';
import { geoIndex } from '../../server/modules/maps/geo-index';
import { derive, writeBatch, type FixRow } from '../../server/modules/maps/positions';
import { buildTestApp, call, login } from './support/build';
import { demoPatrolOnShift } from './support/incident-fixtures';
import { now as clockNow, nowMs } from '../../server/lib/clock';

type App = Awaited<ReturnType<typeof buildTestApp>>;
const iso = (ms: number) => new Date(ms).toISOString();

describe('rondaGps/save in batches (issue #18)', () => {
  let app: App;
  let token: string;
  let userId: number;
  let roster: { id: number; sectionId: number };
  let markers: { km: number; latitude: number; longitude: number }[];

  const save = (payload: object, headers: Record<string, string> = {}) =>
    call(app, token, { method: 'POST', url: PATHS.rondaGpsSave, payload, headers });
  const history = () => app.ctx.db.select().from(rosterPosition).where(eq(rosterPosition.dutyRosterId, roster.id)).orderBy(asc(rosterPosition.id));
  const latest = async () => (await app.ctx.db.select().from(rosterLatestPosition).where(eq(rosterLatestPosition.dutyRosterId, roster.id)))[0];

  beforeAll(async () => {
    app = await buildTestApp({
      positions: { staleSeconds: 300, historyDays: 90, pruneEveryHours: 0, shiftGraceMinutes: 15, integrationTimeoutMs: 30_000 },
    });
    const r = await demoPatrolOnShift(app);
    roster = r;
    userId = r.userId;
    token = (await login(app, r.username)).token;
    await app.ctx.db
      .update(dutyRoster)
      .set({ startsAt: new Date(nowMs() - 3 * 3600_000), endsAt: new Date(nowMs() + 2 * 3600_000) })
      .where(eq(dutyRoster.id, roster.id));
    // a clean slate for this roster: no position yet (the first fix is derived from none)
    await app.ctx.db.delete(rosterLatestPosition).where(eq(rosterLatestPosition.dutyRosterId, roster.id));
    await app.ctx.db.delete(rosterPosition).where(eq(rosterPosition.dutyRosterId, roster.id));
    markers = await app.ctx.db
      .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
      .from(gpsKmMarker)
      .where(eq(gpsKmMarker.sectionId, roster.sectionId))
      .orderBy(asc(gpsKmMarker.km));
  });
  afterAll(async () => app?.cleanup());

  it('a batch of the largest size: one history row per fix with its own derivation, one receivedAt, the latest the newest', async () => {
    const t = nowMs() - 2 * 3600_000;
    // in the order taken, moving towards increasing km, a fix every 10 s, with optional fields on some
    const fixes = Array.from({ length: POSITION_BATCH_MAX }, (_, i) => {
      const m = markers[(i * 3) % markers.length];
      return {
        latitude: m.latitude,
        longitude: m.longitude,
        recordedAt: iso(t + i * 10_000),
        ...(i % 2 ? { accuracy: 5 + i, heading: 90, speed: 20 } : {}),
      };
    });
    const res = await save({ pkDutyRosterId: roster.id, positions: fixes }, { 'Idempotency-Key': 'batch-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.accepted).toBe(POSITION_BATCH_MAX);
    const rows = await history();
    expect(rows).toHaveLength(POSITION_BATCH_MAX);
    // one statement: one receivedAt for the batch, the caller's user id on every row
    expect(new Set(rows.map((r) => r.receivedAt.getTime())).size).toBe(1);
    expect(rows.every((r) => r.userId === userId && r.dutyRosterId === roster.id)).toBe(true);
    // each row derived from the one before it (the first from none: the roster had no position)
    const geo = await geoIndex(app.ctx.db);
    const byTime = [...rows].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    let prev: Parameters<typeof derive>[2] = null;
    for (const [i, r] of byTime.entries()) {
      const f = fixes[i];
      expect(r.recordedAt.toISOString()).toBe(f.recordedAt);
      expect([r.latitude, r.longitude]).toEqual([f.latitude, f.longitude]);
      const d = derive(geo, f, prev);
      expect({ sectionId: r.sectionId, directionId: r.directionId }).toEqual({ sectionId: d.sectionId, directionId: d.directionId });
      expect(r.km).toBeCloseTo(d.km!, 3);
      expect(r.accuracy).toBe(i % 2 ? 5 + i : null);
      prev = { ...d, recordedAt: new Date(f.recordedAt) };
    }
    const l = await latest();
    const newest = byTime.at(-1)!;
    expect(l.positionId).toBe(newest.id);
    expect(l.recordedAt.toISOString()).toBe(fixes.at(-1)!.recordedAt);
    expect(res.json().body.latest.lastSeen).toBe(fixes.at(-1)!.recordedAt);

    // the same key again: the first answer, nothing stored
    const again = await save({ pkDutyRosterId: roster.id, positions: fixes }, { 'Idempotency-Key': 'batch-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    expect(await history()).toHaveLength(POSITION_BATCH_MAX);
  });

  it('the key goes in the same statement as the fixes: twins sent at once store the batch once and get one answer; the key with another batch is 422', async () => {
    const before = (await history()).length;
    const t = nowMs() - 30 * 60_000;
    const fixes = Array.from({ length: 5 }, (_, i) => ({
      latitude: markers[i].latitude,
      longitude: markers[i].longitude,
      recordedAt: iso(t + i * 10_000),
    }));
    const twins = await Promise.all(
      Array.from({ length: 4 }, () => save({ pkDutyRosterId: roster.id, positions: fixes }, { 'Idempotency-Key': 'twin-1' })),
    );
    for (const r of twins) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(twins.map((r) => r.body)).size).toBe(1);
    expect(twins.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await history()).toHaveLength(before + 5);
    const keys = await app.ctx.db
      .select()
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, 'twin-1')));
    expect(keys).toHaveLength(1);
    expect(keys[0].statusCode).toBe(200);
    expect(keys[0].response).toEqual(twins[0].json());
    const other = await save({ pkDutyRosterId: roster.id, positions: fixes.slice(1) }, { 'Idempotency-Key': 'twin-1' });
    expect(other.statusCode).toBe(422);
    expect(await history()).toHaveLength(before + 5);
  });

  it('an older batch is stored but leaves the latest position, and answers it; a newer batch replaces it', async () => {
    const before = await latest();
    const old = nowMs() - 2.5 * 3600_000;
    const res = await save({
      pkDutyRosterId: roster.id,
      positions: [0, 1, 2].map((i) => ({ latitude: markers[i].latitude, longitude: markers[i].longitude, recordedAt: iso(old + i * 1000) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.latest.lastSeen).toBe(before.recordedAt.toISOString());
    expect(await latest()).toEqual(before);
    const n = (await history()).length;
    const fresh = await save({
      pkDutyRosterId: roster.id,
      positions: [{ latitude: markers[9].latitude, longitude: markers[9].longitude, recordedAt: iso(nowMs() - 1000) }],
    });
    expect(fresh.statusCode).toBe(200);
    const after = await latest();
    expect(after.recordedAt.getTime()).toBeGreaterThan(before.recordedAt.getTime());
    expect(after.positionId).toBe((await history()).at(-1)!.id);
    expect(await history()).toHaveLength(n + 1);
  });

  it('fixes of the same instant: the latest is the last of them (highest id); nulls stored as nulls', async () => {
    const at = new Date(nowMs() - 500);
    const rows: FixRow[] = [3, 4, 5].map((i) => ({
      latitude: markers[i].latitude,
      longitude: markers[i].longitude,
      recordedAt: at,
      accuracy: null,
      heading: null,
      speed: null,
      sectionId: null,
      km: null,
      offsetMetres: null,
      directionId: null,
    }));
    const { latest: l } = await writeBatch(app.ctx.db, roster.id, userId, clockNow(), rows);
    expect([l.latitude, l.longitude]).toEqual([markers[5].latitude, markers[5].longitude]);
    expect(l).toMatchObject({ sectionId: null, km: null, offsetMetres: null, directionId: null });
    const stored = await latest();
    const last3 = (await history()).slice(-3);
    expect(stored.positionId).toBe(last3[2].id);
    expect(last3.every((r) => r.km === null && r.heading === null)).toBe(true);
  });

  it('a refused batch stores nothing: one fix from the future, or a roster the caller is not on', async () => {
    const n = (await history()).length;
    const bad = await save({
      pkDutyRosterId: roster.id,
      positions: [
        { latitude: markers[1].latitude, longitude: markers[1].longitude, recordedAt: iso(nowMs() - 1000) },
        { latitude: markers[2].latitude, longitude: markers[2].longitude, recordedAt: iso(nowMs() + 3600_000) },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.field).toBe('positions.1.recordedAt');
    const tmca = (await login(app, 'tmca')).token;
    const notMine = await call(app, tmca, {
      method: 'POST',
      url: PATHS.rondaGpsSave,
      payload: {
        pkDutyRosterId: roster.id,
        positions: [{ latitude: markers[1].latitude, longitude: markers[1].longitude, recordedAt: iso(nowMs()) }],
      },
    });
    expect(notMine.statusCode).toBe(403);
    expect(await history()).toHaveLength(n);
  });
});
