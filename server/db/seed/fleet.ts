/**
 * Demo fleet data (issue #16), written by seedDemoData right after the vehicles: the vehicle models the seeded
 * vehicles use (each vehicle then points at its own), the checklist master (15 active items over the seven
 * assetCategory keys 2901–2907) and a few tagged assets (radios, fire extinguishers) on the N9 patrol vehicles.
 * Deterministic: no randomness, fixed names and tags.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { asset, assetChecklistMaster, section, vehicle, vehicleModel } from '../schema';
import { PATROL_MODELS, TOW_MODELS, VEHICLE_TYPE } from './data/people';

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;

/** The checklist master: [assetCategory key, name, unit, measurable, default quantity]. */
export const DEMO_CHECKLIST_MASTER: readonly [number, string, string, boolean, number][] = [
  [2901, 'Kon trafik', 'unit', true, 10],
  [2901, "Papan tanda 'Awas'", 'unit', true, 2],
  [2901, 'Lampu isyarat (beacon)', 'unit', true, 2],
  [2901, 'Segitiga amaran', 'unit', true, 2],
  [2902, 'Jaket keselamatan', 'helai', true, 3],
  [2902, 'Topi keselamatan', 'unit', true, 3],
  [2903, 'Kit pertolongan cemas', 'set', false, 1],
  [2903, 'Pemadam api', 'unit', true, 1],
  [2904, 'Radio walkie-talkie', 'unit', true, 2],
  [2905, 'Lampu suluh', 'unit', true, 2],
  [2905, 'Tali tunda', 'unit', false, 1],
  [2905, 'Jek dan spanar', 'set', false, 1],
  [2906, 'Penyapu', 'unit', true, 1],
  [2907, "Kad Touch 'n Go", 'keping', false, 1],
  [2907, 'Kad bahan api', 'keping', false, 1],
];

export async function seedFleet(tx: Tx): Promise<{ models: number; masterItems: number; assets: number }> {
  // vehicle models: the seed's own, then each vehicle points at its model (by name)
  const models = [
    ...PATROL_MODELS.map((name) => ({ name, vehicleType: VEHICLE_TYPE.PATROL })),
    ...TOW_MODELS.map((name) => ({ name, vehicleType: VEHICLE_TYPE.TOW })),
  ];
  await tx.insert(vehicleModel).values(models).onConflictDoNothing();
  await tx
    .update(vehicle)
    .set({ vehicleModelId: sql`(select ${vehicleModel.id} from ${vehicleModel} where lower(${vehicleModel.name}) = lower(${vehicle.vehicleModel}))` })
    .where(sql`${vehicle.vehicleModelId} is null`);

  // the checklist master: ten by ten in each category
  const perCategory = new Map<number, number>();
  const items = DEMO_CHECKLIST_MASTER.map(([assetCategoryId, name, unitLabel, isMeasurable, defaultQuantity]) => {
    const sortOrder = ((perCategory.get(assetCategoryId) ?? 0) + 1) * 10;
    perCategory.set(assetCategoryId, sortOrder / 10);
    return { assetCategoryId, name, unitLabel, isMeasurable, defaultQuantity, sortOrder };
  });
  await tx.insert(assetChecklistMaster).values(items);

  // tagged assets on the N9 patrol vehicles: a radio and a fire extinguisher each
  const n9Patrols = await tx
    .select({ id: vehicle.id, sectionId: vehicle.sectionId })
    .from(vehicle)
    .innerJoin(section, eq(section.id, vehicle.sectionId))
    .where(and(eq(section.name, 'N9'), eq(vehicle.vehicleType, VEHICLE_TYPE.PATROL), eq(vehicle.isActive, true)))
    .orderBy(asc(vehicle.plateNumber));
  const assets: (typeof asset.$inferInsert)[] = n9Patrols.flatMap((v, i) => {
    const n = String(i + 1).padStart(2, '0');
    return [
      { sectionId: v.sectionId, assetCategoryId: 2904, name: 'Radio walkie-talkie Motorola', tagNo: `N9-RAD-${n}`, vehicleId: v.id },
      { sectionId: v.sectionId, assetCategoryId: 2903, name: 'Pemadam api 2 kg', tagNo: `N9-PMA-${n}`, vehicleId: v.id },
    ];
  });
  if (n9Patrols.length) {
    // and one spare radio in the N9 store
    assets.push({
      sectionId: n9Patrols[0].sectionId,
      assetCategoryId: 2904,
      name: 'Radio walkie-talkie Motorola (ganti)',
      tagNo: `N9-RAD-${String(n9Patrols.length + 1).padStart(2, '0')}`,
      vehicleId: null,
    });
    await tx.insert(asset).values(assets);
  }
  return { models: models.length, masterItems: items.length, assets: assets.length };
}
