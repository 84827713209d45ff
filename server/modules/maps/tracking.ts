/**
 * Vehicle positions by plate (§7.8 internal/integration/findPRVehicle, findPRVehicleByCarPlateNumbers).
 *
 * With TRACKING_URL set, the external tracking service is asked first:
 *
 *   GET ${TRACKING_URL}/vehicles/{plate}          plate without spaces, upper case, URL-encoded
 *   200 { "plateNumber": "WVB1234", "latitude": 2.95, "longitude": 101.7, "recordedAt": "2026-11-23T08:00:00Z",
 *         "heading": 180, "speed": 22.5 }             heading (degrees) and speed (m/s) optional
 *   404 when it does not know the vehicle or has no position for it
 *
 * within INTEGRATION_TIMEOUT_MS (§9: 30 s). An answer that is late, not 200, or not that shape counts as none, and
 * the tablets' positions (roster_latest_position of the newest roster driving the vehicle) are used instead. When
 * neither has one: 404 'Oncore service not available' (§8).
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normalisePlate } from '../../../contract/map-rules';
import type { VehicleLocation } from '../../../contract/maps';
import type { Db } from '../../db/client';
import { dutyRoster, rosterLatestPosition, section, vehicle } from '../../db/schema';
import { derive, latestColumns, toLocation } from './positions';
import type { GeoIndex } from './geo-index';

const TrackingAnswerSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  recordedAt: z.iso.datetime({ offset: true }),
  heading: z.number().min(0).max(360).nullable().optional(),
  speed: z.number().min(0).nullable().optional(),
});

export interface TrackingOptions {
  url?: string;
  timeoutMs: number;
}

/** The tracking service's position of a plate, or null (unset, unknown, failed or late). */
export async function trackedPosition(
  geo: GeoIndex,
  plate: string,
  opts: TrackingOptions,
  log?: { warn: (o: object, m: string) => void },
): Promise<VehicleLocation | null> {
  if (!opts.url) return null;
  try {
    const res = await fetch(`${opts.url}/vehicles/${encodeURIComponent(plate)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      return null;
    }
    const parsed = TrackingAnswerSchema.safeParse(await res.json());
    if (!parsed.success) {
      log?.warn({ plate }, 'tracking service answered an unexpected shape');
      return null;
    }
    const p = parsed.data;
    const d = derive(geo, p, null);
    return toLocation(geo, { latitude: p.latitude, longitude: p.longitude, recordedAt: new Date(p.recordedAt), ...d }, 'oncore');
  } catch (err) {
    log?.warn({ plate, err: (err as Error).name }, 'tracking service unavailable');
    return null;
  }
}

const plateKey = sql<string>`upper(replace(${vehicle.plateNumber}, ' ', ''))`;

/** The vehicles of these (normalised) plates with their region. */
export async function vehiclesByPlate(db: Db, plates: string[]) {
  if (!plates.length) return [];
  return db
    .select({ id: vehicle.id, plateNumber: vehicle.plateNumber, key: plateKey, regionId: section.regionId })
    .from(vehicle)
    .innerJoin(section, eq(section.id, vehicle.sectionId))
    .where(inArray(plateKey, plates));
}

/** The newest tablet position of each vehicle (of the rosters it was driven on). */
export async function tabletPositions(db: Db, geo: GeoIndex, vehicleIds: number[]): Promise<Map<number, VehicleLocation>> {
  const out = new Map<number, VehicleLocation>();
  if (!vehicleIds.length) return out;
  const rows = await db
    .selectDistinctOn([dutyRoster.vehicleId], { vehicleId: dutyRoster.vehicleId, ...latestColumns })
    .from(rosterLatestPosition)
    .innerJoin(dutyRoster, eq(dutyRoster.id, rosterLatestPosition.dutyRosterId))
    .where(inArray(dutyRoster.vehicleId, vehicleIds))
    .orderBy(dutyRoster.vehicleId, desc(rosterLatestPosition.recordedAt));
  for (const r of rows) if (r.vehicleId) out.set(r.vehicleId, toLocation(geo, r));
  return out;
}

/** Runs `fn` over the items with at most `limit` at a time. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

export { normalisePlate };
