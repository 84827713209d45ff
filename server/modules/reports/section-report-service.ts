/**
 * report/Report1Section/{id} (issue #17 item 8): one section's figures of every report for a period. The scope is
 * checked first (reportScope with the section: 404 unknown, 403 outside the caller's region). The roster parts (DLU
 * now and before, rondas, vehicles) come from roster-service.ts; the incident parts (cases, categories, statuses,
 * response steps, TIM KPIs, other assistance) from incident-service.ts, called with { dateFrom, dateTo, sectionId },
 * so a section's page shows exactly the figures its report screens show for that section.
 */
import { eq } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { REPORT_MESSAGES, type Report1Section, type Report1SectionQuery } from '../../../contract/reports';
import type { Db } from '../../db/client';
import { region, section } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { assistanceChart, incidentCountChart, incidentKpi } from './incident-service';
import { sectionRosterParts } from './roster-service';
import { reportScope } from './scope';

export async function report1Section(db: Db, user: TokenClaims, sectionId: number, q: Report1SectionQuery): Promise<Report1Section> {
  const f = { dateFrom: q.dateFrom, dateTo: q.dateTo, sectionId };
  const sc = await reportScope(db, user, f);
  const [s] = await db
    .select({ id: section.id, name: section.name, regionName: region.name })
    .from(section)
    .innerJoin(region, eq(region.id, section.regionId))
    .where(eq(section.id, sectionId));
  if (!s) throw notFound(REPORT_MESSAGES.sectionNotFound);
  const [rosters, kpi, byCategory, byStatus, assistance] = await Promise.all([
    sectionRosterParts(db, sc),
    incidentKpi(db, user, f),
    incidentCountChart(db, user, f, 'category'),
    incidentCountChart(db, user, f, 'status'),
    assistanceChart(db, user, f, 'type'),
  ]);
  return {
    period: sc.period,
    previousPeriod: sc.previousPeriod,
    section: s,
    cases: kpi.cases,
    previousCases: kpi.previousCases,
    byCategory: byCategory.items,
    byStatus: byStatus.items,
    steps: kpi.steps,
    tim: kpi.tim,
    ...rosters,
    assistance: { total: assistance.total, previousTotal: assistance.previousTotal },
  };
}
