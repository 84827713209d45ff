import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { can } from '../../../contract/roles';
import { DataTablesQuerySchema, dataTablesBody, envelope, ERROR_CODES, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  AdminResetPasswordSchema,
  ChangeRoleSchema,
  ResetLinkCheckSchema,
  ResetLinkInfoSchema,
  ResetLinkRequestSchema,
  ResetLinkSchema,
  ResetLinkUseSchema,
  RoleRowSchema,
  StaffCandidateSchema,
  StaffWithoutAccountFilterSchema,
  UserFilterQuerySchema,
  UserFilterSchema,
  UserIdsSchema,
  UserRegistrationSchema,
  UserRowSchema,
  USERS_MESSAGES as M,
  USERS_PATHS,
  type UserRow,
} from '../../../contract/users';
import { appUser } from '../../db/schema';
import { registerHistoryAccess } from '../../lib/change-log';
import { csvDisposition, toCsv, type CsvColumn } from '../../lib/data-table';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { createLdapDirectory } from '../../lib/ldap';
import { ok, page } from '../../lib/reply';
import { localDate } from '../../lib/time';
import { typed, type AppContext } from '../../lib/context';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { listUsers, roleList, staffWithoutAccount, userById, usersForCsv } from './queries';
import { adminResetPassword, changeUserRole, checkResetLink, makeResetLink, registerUser, setUsersActive, useResetLink } from './service';
import { nowMs } from '../../lib/clock';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
const common = { tags: ['users'], security: [{ bearerAuth: [] }] };

const CSV_COLUMNS: CsvColumn<UserRow>[] = [
  { label: 'No', value: (r) => r.No },
  { label: 'Nama Pengguna', value: (r) => r.username },
  { label: 'Nama', value: (r) => r.displayName },
  { label: 'No. KP', value: (r) => r.nric },
  { label: 'No. Pekerja', value: (r) => r.employeeId },
  { label: 'Wilayah', value: (r) => r.region },
  { label: 'Seksyen', value: (r) => r.sectionName },
  { label: 'Jawatan', value: (r) => r.position },
  { label: 'Peranan', value: (r) => r.roleName },
  { label: 'Jenis Pengesahan', value: (r) => r.authType },
  { label: 'Status', value: (r) => r.status },
];

/** Users administration (issue #14 item 2): every call for the administrators only (permission adminUsers). */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const { db } = ctx;
  const ldap = createLdapDirectory(ctx.config.ldap);
  // the public reset-link calls: tokens are 256-bit random, this only keeps a flood away
  const linkCalls = new RateLimiterMemory({ keyPrefix: 'reset_link_ip', points: 30, duration: 60 });
  const throttleLink = async (ip: string) => {
    try {
      await linkCalls.consume(ip);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        throw new HttpError(429, ERROR_CODES.TOO_MANY_REQUESTS, 'Terlalu banyak cubaan. Sila cuba sebentar lagi.', {
          retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000),
        });
      }
      throw e;
    }
  };

  // a user's history: the administrators, like the user record itself
  registerHistoryAccess('user', async (database, user, id) => {
    if (!can(user.rn, 'adminUsers')) throw forbidden();
    const [u] = await database.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, id)).limit(1);
    if (!u) throw notFound(M.userNotFound);
  });

  r.get(USERS_PATHS.getUsers, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'The user list (§3.11 row, every status): dataTables paging and sorting plus the filter in the query string',
      querystring: DataTablesQuerySchema.extend(UserFilterQuerySchema.shape),
      response: { 200: envelope(dataTablesBody(UserRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { orderColumn, direction, length, start, ...filter } = request.query;
      const q = { orderColumn, direction, length, start };
      const { rows, recordCount } = await listUsers(db, filter, q);
      return page(rows, recordCount, q);
    },
  });

  r.post(USERS_PATHS.dataTables, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'The user list as a dataTables POST (filter in the body)',
      querystring: DataTablesQuerySchema,
      body: UserFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(UserRowSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listUsers(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.post(USERS_PATHS.csv, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'The filtered user list as CSV (UTF-8 with BOM, CRLF, quoted fields)',
      querystring: DataTablesQuerySchema.pick({ orderColumn: true, direction: true }).partial(),
      body: UserFilterSchema.optional().default({}),
      response: errors,
    },
    handler: async (request, reply) => {
      const rows = await usersForCsv(db, request.body ?? {}, request.query);
      // text, not an envelope: sent through the untyped reply
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', csvDisposition('pengguna', localDate(nowMs())))
        .header('Cache-Control', 'no-store')
        .send(toCsv(rows, CSV_COLUMNS));
    },
  });

  r.get(USERS_PATHS.getPattern, {
    config: { permission: 'adminUsers' },
    schema: { ...common, summary: 'One user', params: IdParamSchema, response: { 200: envelope(UserRowSchema), ...errors } },
    handler: async (request) => {
      const u = await userById(db, request.params.id);
      if (!u) throw notFound(M.userNotFound);
      return ok(u);
    },
  });

  r.post(USERS_PATHS.staffWithoutAccount, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'Active staff members without a user (search by name, staff no or NRIC), for /registeruser',
      querystring: DataTablesQuerySchema,
      body: StaffWithoutAccountFilterSchema.optional().default({}),
      response: { 200: envelope(dataTablesBody(StaffCandidateSchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await staffWithoutAccount(db, request.body ?? {}, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(USERS_PATHS.roleList, {
    config: { permission: 'adminUsers' },
    schema: { ...common, summary: 'The roles (§3.11 ids)', response: { 200: envelope(z.array(RoleRowSchema)), ...errors } },
    handler: async () => ok(await roleList(db)),
  });

  r.post(USERS_PATHS.registration, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary:
        'Register a user for a member of staff without one: LOCAL (first password, changed at the first sign-in) or LDAP (the account must exist in the directory)',
      body: UserRegistrationSchema,
      response: { 200: envelope(UserRowSchema), ...errors, 503: ErrorEnvelopeSchema },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const created = await registerUser(db, ldap, requireUser(request), request.body);
        request.log.info(
          { event: 'user_registered', user: created.username, authType: created.authType, by: requireUser(request).uid },
          'user registered',
        );
        return ok(created, M.registered);
      }),
  });

  for (const [path, active] of [
    [USERS_PATHS.activate, true],
    [USERS_PATHS.deactivate, false],
  ] as const) {
    r.post(path, {
      config: { permission: 'adminUsers' },
      schema: {
        ...common,
        summary: active ? 'Activate users' : 'Deactivate users: their tokens stop working at once (not oneself)',
        body: UserIdsSchema,
        response: { 200: envelope(z.object({ changed: z.array(z.number().int()) })), ...errors },
      },
      handler: async (request, reply) => {
        const changed = await idempotent(db, request, reply, (db) => setUsersActive(db, requireUser(request), request.body.ids, active));
        for (const id of changed) app.forgetUserSession(id);
        return ok({ changed }, active ? M.activated : M.deactivated);
      },
    });
  }

  r.post(USERS_PATHS.changeRole, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: "Change a user's role: its tokens stop working at once (not one's own)",
      body: ChangeRoleSchema,
      response: { 200: envelope(UserRowSchema), ...errors },
    },
    handler: async (request, reply) => {
      const after = await idempotent(db, request, reply, (db) => changeUserRole(db, requireUser(request), request.body.userId, request.body.roleId));
      app.forgetUserSession(after.userId);
      return ok(after, M.roleChanged);
    },
  });

  r.post(USERS_PATHS.adminResetPassword, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'Set a temporary password: the user must choose a new one at the next sign-in (resetPasswordCount 0); its tokens stop working',
      body: AdminResetPasswordSchema,
      response: { 200: envelope(z.null()), ...errors },
    },
    handler: async (request, reply) => {
      await idempotent(db, request, reply, (db) => adminResetPassword(db, requireUser(request), request.body.userId, request.body.newPassword));
      app.forgetUserSession(request.body.userId);
      return ok(null, M.passwordReset);
    },
  });

  r.post(USERS_PATHS.emailResetPasswordLink, {
    config: { permission: 'adminUsers' },
    schema: {
      ...common,
      summary: 'A one-time password link (24 h); no mail server is configured, so the link is answered to hand over',
      body: ResetLinkRequestSchema,
      response: { 200: envelope(ResetLinkSchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) =>
        ok(await makeResetLink(db, requireUser(request), request.body.userId, `${request.protocol}://${request.host}`), M.linkMade),
      ),
  });

  r.post(USERS_PATHS.resetLinkCheck, {
    config: { auth: 'public' },
    schema: {
      tags: ['users'],
      summary: 'What a reset link is for (no token needed)',
      body: ResetLinkCheckSchema,
      response: { 200: envelope(ResetLinkInfoSchema), ...errors, 429: ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      await throttleLink(request.ip);
      return ok(await checkResetLink(db, request.body.token));
    },
  });

  r.post(USERS_PATHS.resetLink, {
    config: { auth: 'public' },
    schema: {
      tags: ['users'],
      summary: 'Use a reset link once: the new password (no token needed)',
      body: ResetLinkUseSchema,
      response: { 200: envelope(z.null()), ...errors, 429: ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      await throttleLink(request.ip);
      const userId = await useResetLink(db, request.body.token, request.body.newPassword);
      app.forgetUserSession(userId);
      request.log.info({ event: 'password_set_by_link', userId }, 'password set by a reset link');
      return ok(null, M.linkUsed);
    },
  });
}
