/**
 * Incident calls of §7.3: the main record (incident/…), its views (incidentView/…), the seven subforms
 * (incidentAccident/…, …) and the audit trail (incidentAudit/…). Every call checks the case's region first
 * (access.ts); the role permissions of contract/roles.ts are enforced by the route config.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  AuditFilterSchema,
  AuditRowSchema,
  AuditSaveSchema,
  AuditSavedSchema,
  IdsSchema,
  IncidentSavedSchema,
  IncidentSaveSchema,
  IncidentSchema,
  IncidentViewFilterSchema,
  IncidentViewRowSchema,
  IncidentViewSchema,
  SUBFORM_SAVE_SCHEMAS,
  SubformRecordSchema,
} from '../../../contract/incidents';
import { EVENT_TYPE_IDS, SUBFORMS } from '../../../contract/incident-rules';
import { PAGE_SIZE } from '../../../contract/lookups';
import { MANAGE_BASE, PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { auditTrail, saveAudit } from './audit';
import { getIncident, getIncidentView, incidentIdBySubform, incidentIdByTicket, incidentViewRows } from './queries';
import { saveIncident } from './service';
import { deleteSubforms, getSubform, saveSubform, type SubformInput } from './subforms';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
const security = [{ bearerAuth: [] }];
const TicketParamSchema = z.object({ ticket: z.string().trim().min(1).max(40) });
/** §9: the incident audit list pages by 30. */
const AuditQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(1000).default(PAGE_SIZE.incidentAudit) });
/**
 * incident/save takes only the fields of IncidentSaveSchema: anything else (createdBy, a status, the ticket number,
 * the times, …: what the server owns) is refused with 400 naming the field, never silently dropped.
 */
const INCIDENT_SAVE_FIELDS = new Set(Object.keys(IncidentSaveSchema.shape));
const IncidentSaveStrictSchema = IncidentSaveSchema.loose().superRefine((body, ctx) => {
  for (const key of Object.keys(body)) {
    if (!INCIDENT_SAVE_FIELDS.has(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'Medan tidak dibenarkan: ia ditetapkan oleh pelayan atau tidak wujud.' });
    }
  }
});

export async function incidentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;

  // ---------------------------------------------------------------- main record
  r.post(PATHS.incidentSave, {
    config: { permission: ['newCase', 'editCase'] },
    schema: {
      tags: ['incident'],
      summary: 'Save a case: new (TMCA/TMCS; ticket, date/time now, 203 to the roster) or an edit (pkIncidentId)',
      security,
      body: IncidentSaveStrictSchema,
      response: { 200: envelope(IncidentSavedSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const { saved, statusMsg } = await saveIncident(db, requireUser(request), request.body);
        return ok(saved, statusMsg);
      }),
  });

  r.get(PATHS.incidentGetPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      tags: ['incident'],
      summary: 'One case (§3.1 read side)',
      security,
      params: IdParamSchema,
      response: { 200: envelope(IncidentSchema), ...errors },
    },
    handler: async (request) => ok(await getIncident(db, requireUser(request), request.params.id)),
  });

  r.get(PATHS.incidentByTicketPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      tags: ['incident'],
      summary: 'One case by its ticket number',
      security,
      params: TicketParamSchema,
      response: { 200: envelope(IncidentSchema), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return ok(await getIncident(db, user, await incidentIdByTicket(db, request.params.ticket)));
    },
  });

  // ---------------------------------------------------------------- views
  r.get(PATHS.incidentViewGetPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      tags: ['incident'],
      summary: 'A case with its list times and the flags the detail page decides its buttons with',
      security,
      params: IdParamSchema,
      response: { 200: envelope(IncidentViewSchema), ...errors },
    },
    handler: async (request) => ok(await getIncidentView(db, requireUser(request), request.params.id)),
  });

  r.get(PATHS.incidentViewBySubformPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      tags: ['incident'],
      summary: 'The case a subform belongs to (also a replaced subform)',
      security,
      params: IdParamSchema,
      response: { 200: envelope(IncidentViewSchema), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return ok(await getIncidentView(db, user, await incidentIdBySubform(db, request.params.id)));
    },
  });

  r.post(PATHS.incidentViewDataTables, {
    config: { permission: 'viewCase', read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      tags: ['incident'],
      summary: "Cases by incident id or section (newest first), scoped to the caller's region",
      security,
      querystring: DataTablesQuerySchema,
      body: IncidentViewFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(IncidentViewRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await incidentViewRows(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  // ---------------------------------------------------------------- subforms (§3.4)
  for (const typeId of EVENT_TYPE_IDS) {
    const def = SUBFORMS[typeId];
    const tags = ['incident-subform'];
    r.post(PATHS.subformSave(def.path), {
      config: { permission: 'editSubform' },
      schema: {
        tags,
        summary: `Save the ${def.kind} subform of a case (event type ${typeId}); answers ${def.idField}`,
        security,
        body: SUBFORM_SAVE_SCHEMAS[def.kind],
        response: { 200: envelope(SubformRecordSchema), ...errors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await saveSubform(db, requireUser(request), typeId, request.body as SubformInput), 'Maklumat subform berjaya disimpan.'),
        ),
    });
    r.get(`${MANAGE_BASE}/${def.path}/get/:id`, {
      config: { permission: 'viewCase', read: true },
      serializerCompiler: writtenAsBuilt,
      schema: {
        tags,
        summary: `One ${def.kind} subform`,
        security,
        params: IdParamSchema,
        response: { 200: envelope(SubformRecordSchema), ...errors },
      },
      handler: async (request) => ok(await getSubform(db, requireUser(request), typeId, request.params.id)),
    });
    r.post(PATHS.subformDelete(def.path), {
      config: { permission: 'editSubform' },
      schema: {
        tags,
        summary: `Delete ${def.kind} subforms (array of ids; soft delete, all or nothing)`,
        security,
        body: IdsSchema,
        response: { 200: envelope(z.array(z.number().int())), ...errors },
      },
      handler: (request, reply) =>
        idempotent(db, request, reply, async (db) =>
          ok(await deleteSubforms(db, requireUser(request), typeId, request.body), 'Subform berjaya dipadam.'),
        ),
    });
  }

  // ---------------------------------------------------------------- audit trail (§3.7)
  r.post(PATHS.auditSave, {
    config: { permission: ['editCase', 'newCase', 'patrolAction', 'closeCase', 'cancelCase'] },
    schema: {
      tags: ['incident-audit'],
      summary: 'A status change: 203 assign, the patrol steps, 210 Tutup, 202 Batal (remark = justification)',
      security,
      body: AuditSaveSchema,
      response: { 200: envelope(AuditSavedSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const { row, version, statusMsg } = await saveAudit(db, requireUser(request), request.body);
        return ok({ ...row, version }, statusMsg);
      }),
  });

  r.post(PATHS.auditDataTables, {
    config: { permission: 'viewCase', read: true },
    schema: {
      tags: ['incident-audit'],
      summary: 'Audit trail of a case, newest first (30 a page)',
      security,
      querystring: AuditQuerySchema,
      body: AuditFilterSchema,
      response: { 200: envelope(dataTablesBody(AuditRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await auditTrail(db, requireUser(request), request.body.incidentId, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(PATHS.auditByIncidentPattern, {
    config: { permission: 'viewCase', read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      tags: ['incident-audit'],
      summary: 'The whole audit trail of a case, newest first',
      security,
      params: IdParamSchema,
      response: { 200: envelope(z.array(AuditRowSchema)), ...errors },
    },
    handler: async (request) => ok((await auditTrail(db, requireUser(request), request.params.id)).rows),
  });
}
