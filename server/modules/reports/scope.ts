/**
 * The scope of a report request (issue #17), checked before anything is read: the region a user is limited to
 * (server/lib/scope.ts), the region and section asked for (404 unknown, 403 outside the caller's region, 400 a
 * section of another region than the one chosen), and the period with its previous period as UTC instants of the
 * local (Asia/Brunei) days. Every report module starts from `reportScope`.
 */
import { eq } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { REPORT_MESSAGES, previousPeriod, type Period } from '../../../contract/reports';
import type { Db } from '../../db/client';
import { region, section } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { regionScopeOf } from '../../lib/scope';
import { dayjs, localInstant, TZ } from '../../lib/time';
import { sectionFamilyIds } from '../section/queries';

export interface Range {
  /** first instant of the first local day */
  from: Date;
  /** first instant after the last local day (exclusive) */
  to: Date;
}

export interface ReportScope {
  /** the region the figures are limited to (the one asked for, else the caller's own when limited), null: all */
  regionId: number | null;
  /** the section asked for and the parts of a combined one (N1+N2 → N1+N2, N1, N2), null: every section */
  sectionIds: number[] | null;
  sectionId: number | null;
  period: Period;
  previousPeriod: Period;
  range: Range;
  previousRange: Range;
}

/** The instants of a local date range, both days included. */
export function rangeOfDays(p: Period): Range {
  return { from: localInstant(p.from), to: localInstant(dayjs.tz(p.to, TZ).add(1, 'day').format('YYYY-MM-DD')) };
}

/** Checks the caller may read the region and section asked for and resolves the report's scope and periods. */
export async function reportScope(
  db: Db,
  user: TokenClaims,
  f: { dateFrom: string; dateTo: string; regionId?: number; sectionId?: number },
): Promise<ReportScope> {
  const limit = regionScopeOf(user);
  if (f.regionId !== undefined) {
    const [r] = await db.select({ id: region.id }).from(region).where(eq(region.id, f.regionId));
    if (!r) throw notFound(REPORT_MESSAGES.regionNotFound);
    if (limit !== null && f.regionId !== limit) throw forbidden(REPORT_MESSAGES.outOfRegion);
  }
  let sectionIds: number[] | null = null;
  if (f.sectionId !== undefined) {
    const [s] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.id, f.sectionId));
    if (!s) throw notFound(REPORT_MESSAGES.sectionNotFound);
    if (limit !== null && s.regionId !== limit) throw forbidden(REPORT_MESSAGES.outOfRegion);
    if (f.regionId !== undefined && s.regionId !== f.regionId) throw badRequest(REPORT_MESSAGES.sectionNotInRegion, 'sectionId');
    sectionIds = await sectionFamilyIds(db, f.sectionId);
  }
  const period = { from: f.dateFrom, to: f.dateTo };
  const prev = previousPeriod(f.dateFrom, f.dateTo);
  return {
    regionId: f.regionId ?? limit,
    sectionIds,
    sectionId: f.sectionId ?? null,
    period,
    previousPeriod: prev,
    range: rangeOfDays(period),
    previousRange: rangeOfDays(prev),
  };
}
