/**
 * The reports of issue #17 (§7.7): the incident reports (incident-routes.ts: IncidentAndResponseTimeReport,
 * IncidentStatusReport, LaporanBantuanLainLainReport) and the roster reports (roster-routes.ts:
 * PRAverageTimeOnMainline, PRTotalWorkDurationReport, VehicleUsageReport, LoopingReportV2, report/Report1Section);
 * and one case's secondary-crash flag (secondary-case-routes.ts, with the case's own access check).
 * Every route checks the caller's scope first (scope.ts) and computes its figures in SQL.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { incidentReportRoutes } from './incident-routes';
import { rosterReportRoutes } from './roster-routes';
import { secondaryCaseRoutes } from './secondary-case-routes';

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  await incidentReportRoutes(app, ctx);
  await rosterReportRoutes(app, ctx);
  await secondaryCaseRoutes(app, ctx);
}
