/**
 * The secondary-crash flag of one case (issue #17: "flagged on both cases"): GET
 * IncidentAndResponseTimeReport/secondaryCrash/case/{id} answers the pairs the case is part of, as the secondary
 * (its primary) and as the primary (its secondaries), computed by the one definition of incident-queries.ts
 * (pairsSelect, through caseSecondaryQuery) in the caller's report scope.
 *
 * Access is the case's own: the permission to read a case (viewCase, as incidentView/get) and, first of all, before
 * anything else is read, the case check of every case route (incidentAccess: 404 no such case, 403 another region).
 */
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../../../contract/auth';
import { envelope, IdParamSchema } from '../../../contract/envelope';
import { CaseSecondarySchema, REPORT_PATHS, type CaseSecondary, type SecondaryPair } from '../../../contract/reports';
import type { Db } from '../../db/client';
import { typed, type AppContext } from '../../lib/context';
import { ok } from '../../lib/reply';
import { regionScopeOf } from '../../lib/scope';
import { requireUser } from '../../plugins/auth';
import { incidentAccess } from '../incident/access';
import { reportErrors } from './http';
import { caseSecondaryQuery, rowsOf } from './incident-queries';

/** The pairs of one case; the case's access check first. */
export async function caseSecondary(db: Db, user: TokenClaims, caseId: number): Promise<CaseSecondary> {
  await incidentAccess(db, user, caseId);
  const rows = await rowsOf<SecondaryPair & { asSecondary: boolean }>(db, caseSecondaryQuery(caseId, regionScopeOf(user)));
  const pair = ({ asSecondary: _role, ...p }: SecondaryPair & { asSecondary: boolean }): SecondaryPair => p;
  return {
    caseId,
    asSecondary: rows.filter((r) => r.asSecondary).map(pair),
    asPrimary: rows.filter((r) => !r.asSecondary).map(pair),
  };
}

export async function secondaryCaseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  r.get(REPORT_PATHS.incidentSecondaryCasePattern, {
    config: { permission: 'viewCase' },
    schema: {
      security: [{ bearerAuth: [] }],
      tags: ['report'],
      summary:
        "The secondary-crash pairs one case is part of (its flag): as the secondary, with its primary; as the primary, with its secondaries. Read with the case's own access",
      params: IdParamSchema,
      response: { 200: envelope(CaseSecondarySchema), ...reportErrors },
    },
    handler: async (request) => ok(await caseSecondary(db, requireUser(request), request.params.id)),
  });
}
