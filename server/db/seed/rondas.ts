/**
 * Rondas and neighbouring sections on an already seeded database (issue #14 item 6), called by build() on every
 * start and idempotent:
 *
 * - neighbouring section pairs are geography: two sections of the same highway whose kilometre ranges touch (the
 *   end of one is the start of the other) without overlapping — so N8 and N9, N6 and N8 (across the Utara/Tengah
 *   border), N3 and the combined N1+N2; never a combined section and one of its own parts. Both directions are
 *   stored. Missing pairs are added on every start (a database seeded before this existed gets them too).
 * - demo rondas (only with the demo data): a few patrol loops between interchanges and toll plazas of N9, S1, N5
 *   and S4, their checkpoints at the named places in between, placed on the GPS kilometre markers. Written once
 *   (app_meta `demo_rondas`), so rondas a user deletes do not come back.
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { appMeta, eventLocation, gpsKmMarker, neighbouringSection, rondaCheckpoint, rondaLoop, section } from '../schema';
import { HIGHWAY_ID } from './data/geography';
import { LOCATION_TYPE } from './data/lookups';

export const DEMO_RONDAS_KEY = 'demo_rondas';

interface SectionRange {
  id: number;
  highwayId: number;
  kmStart: number | null;
  kmEnd: number | null;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.05;

/** The neighbouring pairs (both directions) of a set of sections: same highway, ranges touching, not overlapping. */
export function neighbourPairs(sections: readonly SectionRange[]): { sectionId: number; neighbourId: number }[] {
  const ranged = sections.filter((s) => s.kmStart !== null && s.kmEnd !== null) as (SectionRange & { kmStart: number; kmEnd: number })[];
  const out: { sectionId: number; neighbourId: number }[] = [];
  for (const a of ranged) {
    for (const b of ranged) {
      if (a.id === b.id || a.highwayId !== b.highwayId) continue;
      const [a0, a1] = [Math.min(a.kmStart, a.kmEnd), Math.max(a.kmStart, a.kmEnd)];
      const [b0, b1] = [Math.min(b.kmStart, b.kmEnd), Math.max(b.kmStart, b.kmEnd)];
      const touch = near(a1, b0) || near(b1, a0);
      const overlap = Math.min(a1, b1) - Math.max(a0, b0) > 0.05;
      if (touch && !overlap) out.push({ sectionId: a.id, neighbourId: b.id });
    }
  }
  return out;
}

/** cardinalDirection keys (server/db/seed/data/lookups.ts) */
const DIRECTION = { NORTH: 1201, SOUTH: 1202, EAST: 1203, WEST: 1204 } as const;
/** the way a patrol faces going up the kilometres: E1 runs north to south, E2 south to north, E15 west to east */
const UP_THE_KM: Record<number, number> = { [HIGHWAY_ID.E1]: DIRECTION.SOUTH, [HIGHWAY_ID.E2]: DIRECTION.NORTH, [HIGHWAY_ID.E15]: DIRECTION.EAST };
const DOWN_THE_KM: Record<number, number> = { [HIGHWAY_ID.E1]: DIRECTION.NORTH, [HIGHWAY_ID.E2]: DIRECTION.SOUTH, [HIGHWAY_ID.E15]: DIRECTION.WEST };

type DemoRonda = { section: string; name: string; kmFrom: number; kmTo: number };

/** Demo loops: a section, a name, and the kilometres of point A and point B (named places of the geography). */
const DEMO_RONDAS: readonly DemoRonda[] = [
  { section: 'N9', name: 'Ronda Rawang – Sungai Buloh', kmFrom: 437.6, kmTo: 453.8 },
  { section: 'N9', name: 'Ronda Lembah Beringin – Rawang', kmFrom: 408, kmTo: 437.6 },
  { section: 'S1', name: 'Ronda Sungai Besi – Nilai Utara', kmFrom: 311, kmTo: 286.5 },
  { section: 'N5', name: 'Ronda Taiping – Kuala Kangsar', kmFrom: 208.2, kmTo: 243.6 },
  { section: 'S4', name: 'Ronda Pagoh – Jasin', kmFrom: 140.5, kmTo: 185.6 },
];

/** Named places a checkpoint may be put at, in order of preference for a kilometre shared by several. */
const CHECKPOINT_PLACES: number[] = [
  LOCATION_TYPE.TOLL_PLAZA,
  LOCATION_TYPE.INTERCHANGE,
  LOCATION_TYPE.REST_AREA,
  LOCATION_TYPE.LAYBY,
  LOCATION_TYPE.BRIDGE,
  LOCATION_TYPE.TUNNEL,
];

/** Writes demo loops once per app_meta `key`; a loop whose ends are not named places of its section is left out. */
async function seedDemoRondas(db: Db, key: string, loops: () => Promise<readonly DemoRonda[]>): Promise<number> {
  // the loops are worked out before the transaction (PGlite has one connection: a query beside it would wait forever)
  const [seeded] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
  if (seeded) return 0;
  const list = await loops();
  return db.transaction(async (tx) => {
    const [done] = await tx.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, key));
    if (done) return 0;
    let added = 0;
    for (const demo of list) {
      const [sec] = await tx.select({ id: section.id, highwayId: section.highwayId }).from(section).where(eq(section.name, demo.section));
      if (!sec) continue;
      const lo = Math.min(demo.kmFrom, demo.kmTo);
      const hi = Math.max(demo.kmFrom, demo.kmTo);
      const places = await tx
        .select({ name: eventLocation.name, km: eventLocation.km, type: eventLocation.locationTypeId })
        .from(eventLocation)
        .where(
          and(
            eq(eventLocation.sectionId, sec.id),
            inArray(eventLocation.locationTypeId, CHECKPOINT_PLACES),
            gte(eventLocation.km, lo - 0.05),
            lte(eventLocation.km, hi + 0.05),
          ),
        )
        .orderBy(asc(eventLocation.km));
      // one place per kilometre, the preferred kind first
      const byKm = new Map<number, { name: string; km: number }>();
      for (const p of [...places].sort((a, b) => CHECKPOINT_PLACES.indexOf(a.type ?? 0) - CHECKPOINT_PLACES.indexOf(b.type ?? 0))) {
        const k = Math.round((p.km ?? 0) * 10);
        if (!byKm.has(k)) byKm.set(k, { name: p.name, km: k / 10 });
      }
      const stops = [...byKm.values()].sort((a, b) => (demo.kmFrom <= demo.kmTo ? a.km - b.km : b.km - a.km));
      const pointA = stops.find((s) => near(s.km, demo.kmFrom));
      const pointB = stops.find((s) => near(s.km, demo.kmTo));
      if (!pointA || !pointB || stops.length < 2) continue;
      const [ronda] = await tx
        .insert(rondaLoop)
        .values({ sectionId: sec.id, name: demo.name, pointAName: pointA.name, pointBName: pointB.name, kmFrom: demo.kmFrom, kmTo: demo.kmTo })
        .returning({ id: rondaLoop.id });
      const direction = (demo.kmFrom <= demo.kmTo ? UP_THE_KM : DOWN_THE_KM)[sec.highwayId] ?? DIRECTION.NORTH;
      let seq = 0;
      for (const stop of stops) {
        const [marker] = await tx
          .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
          .from(gpsKmMarker)
          .where(and(eq(gpsKmMarker.sectionId, sec.id), eq(gpsKmMarker.km, stop.km)));
        if (!marker) continue;
        await tx
          .insert(rondaCheckpoint)
          .values({ rondaLoopId: ronda.id, seq: ++seq, name: stop.name, km: stop.km, directionId: direction, ...marker });
      }
      added++;
    }
    await tx
      .insert(appMeta)
      .values({ key, value: String(added) })
      .onConflictDoNothing();
    return added;
  });
}

/** How many loops a section's plan gets on the full demo: five (a patrol drives five or six in a 12-hour shift), three on a part of a combined section (N1+N2 plans both). */
const LOOPS_PER_SECTION = 5;
const LOOPS_PER_PART = 3;

/**
 * The full demo's plan for every other section (issue #31: with loops on four sections only, every other roster's
 * rondas counted as work beyond a plan it did not have): the section's named places in kilometre order, cut into
 * consecutive stretches, each a loop from its first place to its last; the sections of DEMO_RONDAS are topped up to
 * the same count. Not on combined sections (their plan is their parts' loops).
 */
async function loopsForEverySection(db: Db): Promise<DemoRonda[]> {
  const sections = await db
    .select({ id: section.id, name: section.name, part: section.combinedSectionId })
    .from(section)
    .where(eq(section.isCombined, false))
    .orderBy(asc(section.id));
  const out: DemoRonda[] = [];
  for (const sec of sections) {
    // the hand-made loops of N9, S1, N5 and S4 count towards their section's plan
    const handMade = DEMO_RONDAS.filter((d) => d.section === sec.name).length;
    const places = await db
      .select({ name: eventLocation.name, km: eventLocation.km })
      .from(eventLocation)
      .where(and(eq(eventLocation.sectionId, sec.id), inArray(eventLocation.locationTypeId, CHECKPOINT_PLACES)))
      .orderBy(asc(eventLocation.km));
    const byKm = new Map<number, { name: string; km: number }>();
    for (const p of places) if (p.km !== null && !byKm.has(Math.round(p.km * 10))) byKm.set(Math.round(p.km * 10), { name: p.name, km: p.km });
    const stops = [...byKm.values()];
    const loops = Math.min((sec.part ? LOOPS_PER_PART : LOOPS_PER_SECTION) - handMade, Math.floor(stops.length / 2));
    const size = Math.floor(stops.length / Math.max(loops, 1));
    for (let i = 0; i < loops; i++) {
      const first = stops[i * size];
      const last = stops[i === loops - 1 ? stops.length - 1 : (i + 1) * size - 1];
      if (!first || !last || first === last) continue;
      out.push({ section: sec.name, name: `Ronda ${first.name} – ${last.name}`, kmFrom: first.km, kmTo: last.km });
    }
  }
  return out;
}

/** app_meta key of the full demo's loops for every section (written once, as DEMO_RONDAS_KEY). */
export const DEMO_RONDAS_ALL_KEY = 'demo_rondas_every_section';

/**
 * Neighbouring pairs always; the demo rondas once, when `demo` (config.seedDemo) and the sections exist; with
 * `everySection` (the full demo: more history than the fortnight the server tests use), a plan for every section.
 */
export async function ensureRondas(db: Db, opts: { demo: boolean; everySection?: boolean }): Promise<{ neighbours: number; rondas: number }> {
  const sections = await db.select({ id: section.id, highwayId: section.highwayId, kmStart: section.kmStart, kmEnd: section.kmEnd }).from(section);
  if (!sections.length) return { neighbours: 0, rondas: 0 };
  const pairs = neighbourPairs(sections);
  const inserted = pairs.length
    ? await db.insert(neighbouringSection).values(pairs).onConflictDoNothing().returning({ id: neighbouringSection.sectionId })
    : [];
  const rondas = opts.demo ? await seedDemoRondas(db, DEMO_RONDAS_KEY, async () => DEMO_RONDAS) : 0;
  const more = opts.demo && opts.everySection ? await seedDemoRondas(db, DEMO_RONDAS_ALL_KEY, () => loopsForEverySection(db)) : 0;
  return { neighbours: inserted.length, rondas: rondas + more };
}
