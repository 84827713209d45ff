import type { FastifyInstance, FastifyReply } from 'fastify';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  STAFF_MESSAGES,
  STAFF_PATHS,
  StaffAllStatusFilterSchema,
  StaffChoicesSchema,
  StaffCreateSchema,
  StaffDeleteResultSchema,
  StaffDeleteSchema,
  StaffFilterSchema,
  StaffImportFileSchema,
  StaffImportPreviewSchema,
  StaffImportResultSchema,
  StaffRolesSchema,
  StaffRowSchema,
  StaffSaveSchema,
  StaffSchema,
} from '../../../contract/staff';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { registerHistoryAccess } from '../../lib/change-log';
import { csvDisposition } from '../../lib/data-table';
import { ok, page } from '../../lib/reply';
import { localYmd } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { commitImport, previewImport } from './import';
import {
  createStaff,
  deleteStaff,
  getStaff,
  listActiveStaff,
  listAllStatusStaff,
  saveStaff,
  staffAccess,
  staffChoices,
  staffCsv,
  updateStaffRoles,
  type WriteEffects,
} from './service';
import { now } from '../../lib/clock';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const writeErrors = { ...errors, 409: ErrorEnvelopeSchema, 413: ErrorEnvelopeSchema };
/** an import file travels as base64 in JSON: up to 6 MB of CSV (5,000 rows are well under 1 MB) */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** Staff administration (issue #14 item 1; §7.1 staff/…): registered by server/app.ts. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['staff'], security: [{ bearerAuth: [] }] };

  // the history of a staff record: whoever may read the record (a manager of its region)
  registerHistoryAccess('staff', async (db, user, id) => {
    await staffAccess(db, user, id);
  });

  /**
   * A write that may end user sessions (deactivation, role change): the sessions are forgotten after the write's
   * transaction (the idempotency key's, when sent) has committed, so no request re-reads the old state meanwhile.
   */
  const revoking = async <T>(work: (effects: WriteEffects) => Promise<T>): Promise<T> => {
    const effects: WriteEffects = { revokedUserIds: [] };
    try {
      return await work(effects);
    } finally {
      for (const id of effects.revokedUserIds) app.forgetUserSession(id);
    }
  };

  r.post(STAFF_PATHS.dataTables, {
    config: { permission: 'readOrg' },
    schema: {
      ...common,
      summary:
        'Active staff of the caller’s region (§7.1; length 3000, 1000 or 1): filters pkCompanyId (accepted, not used), pkSectionId, position, userId (username), search, withoutUser',
      querystring: DataTablesQuerySchema,
      body: StaffFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(StaffRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listActiveStaff(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(STAFF_PATHS.dataTablesAllStatus, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Staff of every status (§7.1): regionCode, pkSectionId, username, position, search, isActive',
      querystring: DataTablesQuerySchema,
      body: StaffAllStatusFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(StaffRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listAllStatusStaff(db, requireUser(request), request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(STAFF_PATHS.csv, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'The filtered staff list (the dataTablesAllStatus filter) as CSV: its columns are those of the import',
      querystring: DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial(),
      body: StaffAllStatusFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const csv = await staffCsv(db, requireUser(request), request.body ?? {}, request.query);
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('staf', localYmd(now())))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  r.get(STAFF_PATHS.getPattern, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'One active staff member: pkStaffId, profile, section, user account',
      params: IdParamSchema,
      response: { 200: envelope(StaffSchema), ...errors },
    },
    handler: async (request) => {
      await staffAccess(db, requireUser(request), request.params.id, { activeOnly: true });
      return ok(await getStaff(db, request.params.id));
    },
  });

  r.get(STAFF_PATHS.getAllStatusPattern, {
    config: { permission: 'adminOrg' },
    schema: { ...common, summary: 'One staff member of any status', params: IdParamSchema, response: { 200: envelope(StaffSchema), ...errors } },
    handler: async (request) => {
      await staffAccess(db, requireUser(request), request.params.id);
      return ok(await getStaff(db, request.params.id));
    },
  });

  r.get(STAFF_PATHS.choices, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Sections of the caller’s region (no G sections, §5), positions in use, roles the caller may give',
      response: { 200: envelope(StaffChoicesSchema), ...errors },
    },
    handler: async (request) => ok(await staffChoices(db, requireUser(request))),
  });

  r.post(STAFF_PATHS.create, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Register a staff member (§7.1 createstaff: staffNo, institutionId, moduleId and the profile); 409 on a staff number already taken',
      body: StaffCreateSchema,
      response: { 200: envelope(StaffSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await createStaff(db, requireUser(request), request.body), STAFF_MESSAGES.created)),
  });

  r.post(STAFF_PATHS.save, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Edit a staff member (isActive false deactivates the user account too and ends its sessions)',
      body: StaffSaveSchema,
      response: { 200: envelope(StaffSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      revoking((effects) =>
        idempotent(db, request, reply, async (db) => ok(await saveStaff(db, requireUser(request), request.body, effects), STAFF_MESSAGES.saved)),
      ),
  });

  r.post(STAFF_PATHS.updateRoles, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'The position and the user account’s role (a role change ends the user’s sessions at once); unknown role 400',
      body: StaffRolesSchema,
      response: { 200: envelope(StaffSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      revoking((effects) =>
        idempotent(db, request, reply, async (db) =>
          ok(await updateStaffRoles(db, requireUser(request), request.body, effects), STAFF_MESSAGES.rolesSaved),
        ),
      ),
  });

  r.post(STAFF_PATHS.delete, {
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Delete staff (§7.1: an array of ids): one with history (roster, case, journal, …) is deactivated, never erased',
      body: StaffDeleteSchema,
      response: { 200: envelope(StaffDeleteResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      revoking((effects) =>
        idempotent(db, request, reply, async (db) => ok(await deleteStaff(db, requireUser(request), request.body, effects), STAFF_MESSAGES.deleted)),
      ),
  });

  r.post(STAFF_PATHS.importPreview, {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Check a staff CSV (staffNo, displayName, position, nric, phone, email, section): every row with its reasons; nothing written',
      body: StaffImportFileSchema,
      response: { 200: envelope(StaffImportPreviewSchema), ...writeErrors },
    },
    handler: async (request) => ok(await previewImport(db, requireUser(request), request.body)),
  });

  r.post(STAFF_PATHS.importCommit, {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { permission: 'adminOrg' },
    schema: {
      ...common,
      summary: 'Import a staff CSV: all rows or none (any bad row: 400 with the rows, nothing written)',
      body: StaffImportFileSchema,
      response: { 200: envelope(StaffImportResultSchema), ...writeErrors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await commitImport(db, requireUser(request), request.body), STAFF_MESSAGES.imported)),
  });
}
