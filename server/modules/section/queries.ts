import { and, asc, desc, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Section } from '../../../contract/sections';
import type { Db } from '../../db/client';
import { region, section } from '../../db/schema';

const columns = {
  id: section.id,
  name: section.name,
  description: section.description,
  regionId: section.regionId,
  regionCode: region.code,
  regionName: region.name,
  highwayId: section.highwayId,
  isCombined: section.isCombined,
  combinedSectionId: section.combinedSectionId,
  kmStart: section.kmStart,
  kmEnd: section.kmEnd,
  mapCenter: section.mapCenter,
  mapZoom: section.mapZoom,
};

export const SECTION_ORDER: Record<string, typeof section.id | typeof section.name | typeof region.name> = {
  pkSectionId: section.id,
  sectionId: section.id,
  sectionName: section.name,
  regionName: region.name,
};

export interface SectionQuery {
  regionId?: number;
  regionCode?: string;
  listed?: boolean;
  ids?: number[];
}

function where(q: SectionQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.regionId) parts.push(eq(section.regionId, q.regionId));
  if (q.regionCode) parts.push(eq(region.code, q.regionCode));
  if (q.ids) parts.push(inArray(section.id, q.ids.length ? q.ids : [-1]));
  if (q.listed) {
    // §5: lists drop sections whose name contains G; specific parts of combined sections are chosen inside them
    parts.push(not(sql`${section.name} like '%G%'`));
    parts.push(isNull(section.combinedSectionId));
  }
  return parts.length ? and(...parts) : undefined;
}

export async function findSections(
  db: Db,
  q: SectionQuery,
  paging?: { orderColumn?: string; direction: 'asc' | 'desc'; length: number; start: number },
): Promise<{ rows: Section[]; recordCount: number }> {
  const order = SECTION_ORDER[paging?.orderColumn ?? 'sectionName'] ?? section.name;
  const base = db.select(columns).from(section).innerJoin(region, eq(region.id, section.regionId)).where(where(q));
  const [rows, [{ count }]] = await Promise.all([
    paging
      ? base
          .orderBy(paging.direction === 'desc' ? desc(order) : asc(order), asc(section.id))
          .limit(paging.length)
          .offset(paging.start)
      : base.orderBy(asc(section.name)),
    db.select({ count: sql<number>`count(*)::int` }).from(section).innerJoin(region, eq(region.id, section.regionId)).where(where(q)),
  ]);
  const combinedIds = rows.filter((r) => r.isCombined).map((r) => r.id);
  const parts = combinedIds.length
    ? await db
        .select({ id: section.id, name: section.name, description: section.description, combinedSectionId: section.combinedSectionId })
        .from(section)
        .where(inArray(section.combinedSectionId, combinedIds))
        .orderBy(asc(section.name))
    : [];
  return {
    recordCount: count,
    rows: rows.map((r) => ({
      pkSectionId: r.id,
      sectionId: r.id,
      sectionName: r.name,
      description: r.description,
      regionId: r.regionId,
      regionCode: r.regionCode,
      regionName: r.regionName,
      highwayId: r.highwayId,
      isCombined: r.isCombined,
      combinedSectionId: r.combinedSectionId,
      specificSections: parts
        .filter((p) => p.combinedSectionId === r.id)
        .map((p) => ({ pkSectionId: p.id, sectionName: p.name, description: p.description })),
      kmStart: r.kmStart,
      kmEnd: r.kmEnd,
      mapcenter: r.mapCenter,
      mapzoom: r.mapZoom,
    })),
  };
}

/** A section and, for a combined one, its specific sections: the ids whose data belong to it. */
export async function sectionFamilyIds(db: Db, sectionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: section.id })
    .from(section)
    .where(sql`${section.id} = ${sectionId} or ${section.combinedSectionId} = ${sectionId}`);
  return rows.map((r) => r.id);
}
