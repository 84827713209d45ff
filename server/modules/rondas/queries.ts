/**
 * Neighbouring sections (§3.12 "there are also neighbouring section pairs"; §7.5 neighboringSection/dataTables,
 * page size 100). Geography, not a region's own data: every reader sees every pair (a pair may cross a region's
 * border, N6 of Utara and N8 of Tengah). Both directions are stored, so a section's neighbours are the rows with
 * its id as `sectionId`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataTablesQuery } from '../../../contract/envelope';
import type { NeighbourFilter, NeighbourRow } from '../../../contract/rondas';
import type { Db } from '../../db/client';
import { neighbouringSection, region, section } from '../../db/schema';
import { listPage, orderOf, totalOver, type Sortable } from '../../lib/data-table';

const neighbour = alias(section, 'neighbour');
const neighbourRegion = alias(region, 'neighbour_region');

export const NEIGHBOUR_SORTABLE: Sortable = {
  sectionId: section.id,
  sectionName: section.name,
  neighbourSectionId: neighbour.id,
  neighbourSectionName: neighbour.name,
  neighbourRegionName: neighbourRegion.name,
};

export async function listNeighbours(db: Db, f: NeighbourFilter, q: DataTablesQuery): Promise<{ rows: NeighbourRow[]; recordCount: number }> {
  const parts: SQL[] = [];
  if (f.sectionId) parts.push(eq(neighbouringSection.sectionId, f.sectionId));
  if (f.regionId) parts.push(eq(section.regionId, f.regionId));
  const qb = db
    .select({
      sectionId: section.id,
      sectionName: section.name,
      regionId: section.regionId,
      neighbourSectionId: neighbour.id,
      neighbourSectionName: neighbour.name,
      neighbourRegionId: neighbour.regionId,
      neighbourRegionName: neighbourRegion.name,
      total: totalOver(),
    })
    .from(neighbouringSection)
    .innerJoin(section, eq(section.id, neighbouringSection.sectionId))
    .innerJoin(neighbour, eq(neighbour.id, neighbouringSection.neighbourId))
    .innerJoin(neighbourRegion, eq(neighbourRegion.id, neighbour.regionId))
    .where(parts.length ? and(...parts) : undefined)
    .$dynamic();
  return listPage<typeof qb, NeighbourRow & { total: number }>(qb, q, orderOf(q, NEIGHBOUR_SORTABLE, 'sectionName', [neighbour.name]));
}
