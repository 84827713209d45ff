import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  PrimeUserSchema,
  ResetPasswordRequestSchema,
  TokenCheckSchema,
  UsernameParamSchema,
  WebUserResponseSchema,
} from '../../../contract/auth';
import { envelope, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { createLdapDirectory } from '../../lib/ldap';
import { createAuthService, signInFailureOf } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema };

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  // LDAP users bind to the directory of LDAP_URL (issue #14); without it they cannot sign in (503, a clear message)
  const service = createAuthService(ctx.db, ctx.config.login, createLdapDirectory(ctx.config.ldap));
  const r = typed(app);

  r.post(PATHS.login, {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in; answers a bearer token and the user details',
      body: LoginRequestSchema,
      response: { 200: LoginResponseSchema, ...errors, 503: ErrorEnvelopeSchema },
    },
    handler: async (request) => {
      const { claims, notBefore, userId } = await service.authenticate(request.body.username, request.body.password, request.ip).catch((err) => {
        const reason = signInFailureOf(err);
        app.metrics.signInFailed(reason);
        request.log.warn(
          { event: 'login_failed', reason, username: request.body.username.toLowerCase(), ip: request.ip, status: err.statusCode },
          'failed sign-in',
        );
        throw err;
      });
      const { token, expiresAt } = await app.signToken(claims, notBefore);
      const user = await service.webUser(userId, claims.sid);
      request.log.info({ event: 'login', user: claims.uid, role: claims.rn }, 'signed in');
      return ok({ token, expiresAt: expiresAt.toISOString(), user });
    },
  });

  r.post(PATHS.webUser, {
    // answered from memory until a write (#18); its rosters of the next 24 hours move with the clock: 30 s at most
    config: { allowRestricted: true, answerCache: { maxAgeMs: 30_000 } },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user (§7.1)',
      security: [{ bearerAuth: [] }],
      response: { 200: WebUserResponseSchema, ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return ok({ user: await service.webUser(Number(user.sub), user.sid) });
    },
  });

  r.get(PATHS.checkToken, {
    config: { allowRestricted: true },
    schema: {
      tags: ['auth'],
      summary: 'Token check on route change (§4.1)',
      security: [{ bearerAuth: [] }],
      response: { 200: envelope(TokenCheckSchema), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request) as typeof request.user & { exp?: number };
      return ok({ valid: true as const, expiresAt: new Date((user.exp ?? 0) * 1000).toISOString() });
    },
  });

  r.post(PATHS.logout, {
    config: { allowRestricted: true },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: every token of this user stops working',
      security: [{ bearerAuth: [] }],
      response: { 200: envelope(z.null()), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await service.logout(user);
      app.forgetUserSession(Number(user.sub));
      request.log.info({ event: 'logout', user: user.uid }, 'signed out');
      return ok(null, 'Anda telah log keluar.');
    },
  });

  r.post(PATHS.resetPassword, {
    config: { allowRestricted: true },
    schema: {
      tags: ['auth'],
      summary: 'Change the password (forced when resetPasswordCount is 0)',
      security: [{ bearerAuth: [] }],
      body: ResetPasswordRequestSchema,
      response: { 200: envelope(z.null()), ...errors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await service.resetPassword(user, request.body.userName, request.body.oldPassword, request.body.newPassword);
      app.forgetUserSession(Number(user.sub));
      request.log.info({ event: 'password_changed', user: user.uid }, 'password changed');
      return ok(null, 'Kata laluan berjaya ditukar. Sila log masuk semula.');
    },
  });

  r.get(PATHS.primeUserPattern, {
    config: { auth: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Username check (no token)',
      params: UsernameParamSchema,
      response: { 200: envelope(PrimeUserSchema), ...errors },
    },
    handler: async (request) => ok(await service.primeUser(request.params.username, request.ip)),
  });
}
