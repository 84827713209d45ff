import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import { can, SEES_ALL_REGIONS, type Permission } from '../../contract/roles';
import type { TokenClaims } from '../../contract/auth';
import { ERROR_CODES } from '../../contract/envelope';
import { BROADCAST_REGION_ID } from '../../contract/lookups';
import type { Db } from '../db/client';
import { appUser } from '../db/schema';
import type { WriteTracker } from '../db/write-tracker';
import { envelopeOf, forbidden, HttpError, unauthorized } from '../lib/http-error';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': no token needed (login, username check, lookups). Default: a valid token is required. */
    auth?: 'public' | 'required';
    /** the role permission of contract/roles.ts the caller needs (any of, when a list) */
    permission?: Permission | Permission[];
    /** a restricted token (password reset pending) may call this route */
    allowRestricted?: boolean;
    /**
     * the route writes nothing and answers from the database alone: its statements start while the token's
     * revocation is read, and its answer (or error) waits for that read; a revoked token gets the 401 and nothing of
     * the answer (see the onSend hook below)
     */
    read?: boolean;
  }
  interface FastifyInstance {
    signToken: (claims: Omit<TokenClaims, 't'>, notBefore: Date) => Promise<{ token: string; expiresAt: Date }>;
    /** drop the cached session state of a user (after sign-out, password or role change) */
    forgetUserSession: (userId: number) => void;
  }
}

/**
 * Does the signed-in user see every region, or only their own? National roles do, and so does staff seated at the
 * headquarters region (id 27, the region broadcasts go to), whose control centre covers the whole network.
 */
export function seesAllRegions(user: TokenClaims): boolean {
  return (SEES_ALL_REGIONS as readonly string[]).includes(user.rn) || user.reg === BROADCAST_REGION_ID;
}

export function requireUser(request: FastifyRequest): TokenClaims {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** On PGlite, how long a user's not-before time, active flag and role are trusted without asking the database again. */
const SESSION_STATE_TTL_MS = 5_000;

/** a read route's revocation check, still running: an HttpError when the token is refused, null when it holds */
const SESSION_CHECK = Symbol('sessionCheck');
type WithSessionCheck = FastifyRequest & { [SESSION_CHECK]?: Promise<HttpError | null> };

export async function registerAuth(
  app: FastifyInstance,
  opts: { db: Db; writes: WriteTracker; secret: string; ttlSeconds: number; docsPublic?: boolean; dbKind: 'postgres' | 'pglite' },
) {
  // Revocation state per user. On PostgreSQL it is read on every request (one primary-key lookup): other servers may
  // share the database, and a sign-out through one of them must be refused by this one on the very next request. The
  // write notices (db/notify.ts) reach this process milliseconds later, and a CI run on a loaded machine (load 13 on
  // 2 cores) served a signed-out token from the cache inside that window. On PGlite (one process: the data
  // directory's lock) it is kept at most 5 s, and dropped at once by any committed write of the data (the entry keeps
  // the 'data' version it was read at): sign-out, password, role and deactivation all write app_user.
  const keepSessionState = opts.dbKind === 'pglite';
  const sessionState = new Map<number, { validAfter: number; active: boolean; roleId: number; at: number; stamp: string }>();
  const sessionStatement = opts.db
    .select({ validAfter: appUser.tokensValidAfter, active: appUser.isActive, roleId: appUser.roleId })
    .from(appUser)
    .where(eq(appUser.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('auth_session_state');
  const DATA = ['data'] as const;
  // the real clock (a cache's age in memory; validAfter is compared with the token's t, also real time)
  const loadSessionState = async (userId: number) => {
    // the version before the read: a write committed while it runs leaves the entry stale at once
    const stamp = opts.writes.stamp(DATA);
    const cached = sessionState.get(userId);
    if (keepSessionState && cached && opts.writes.live && cached.stamp === stamp && Date.now() - cached.at < SESSION_STATE_TTL_MS) return cached;
    const [row] = await sessionStatement.execute({ userId });
    if (!row) return undefined;
    const state = { validAfter: row.validAfter.getTime(), active: row.active, roleId: row.roleId, at: Date.now(), stamp };
    if (!keepSessionState) return state;
    if (sessionState.size > 50_000) sessionState.clear();
    sessionState.set(userId, state);
    return state;
  };
  app.decorate('forgetUserSession', (userId: number) => {
    sessionState.delete(userId);
  });

  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: `${opts.ttlSeconds}s` },
    // one allowed algorithm: `alg: none` and RS/HS confusion are refused
    verify: { algorithms: ['HS256'] },
  });

  // Verified tokens by their text (signature included), never past their exp: the HMAC and JSON decoding once per
  // token, and @fastify/jwt's own per-request work (its cache still decoded the token: 20 µs a request, a tenth of a
  // small read's own time on PostgreSQL). Revocation is checked on every request all the same (session state above).
  const verified = new Map<string, TokenClaims & { exp?: number }>();
  const VERIFIED_MAX = 10_000;
  const BEARER = /^Bearer\s+(\S+)/i;

  app.decorate('signToken', async (claims: Omit<TokenClaims, 't'>, notBefore: Date) => {
    // t is never earlier than the user's not-before time, so a login right after a sign-out stays valid
    // the real clock, not lib/clock.ts: t meets tokens_valid_after and the iat/exp @fastify/jwt stamps with Date.now
    const t = Math.max(Date.now(), notBefore.getTime());
    const token = app.jwt.sign({ ...claims, t });
    return { token, expiresAt: new Date(t + opts.ttlSeconds * 1000) };
  });

  const refusalOf = (request: FastifyRequest, claims: TokenClaims, row: Awaited<ReturnType<typeof loadSessionState>>): HttpError | null => {
    if (!row?.active || claims.t < row.validAfter) {
      request.log.warn({ event: 'token_refused', reason: 'revoked', user: claims.uid, url: request.url }, 'token revoked');
      return unauthorized('Sesi telah ditamatkan. Sila log masuk semula.', ERROR_CODES.TOKEN_REVOKED);
    }
    if (row.roleId !== claims.rid) return unauthorized('Peranan anda telah berubah. Sila log masuk semula.', ERROR_CODES.TOKEN_REVOKED);
    return null;
  };

  // A read route's answer, 200 or error alike, leaves only once its token's revocation check holds; a refused token
  // gets its 401 envelope in place of the answer (not thrown: an error thrown while an error answer is being sent
  // would reach Fastify's own handler, not plugins/errors.ts).
  const refused = (request: FastifyRequest, reply: FastifyReply, payload: unknown, refusal: HttpError) => {
    request.log.warn({ event: 'access_refused', status: 401, code: refusal.errorCode, url: request.url, user: request.user?.uid }, refusal.message);
    // nothing of the answer goes out: its validators and cache marks dropped, a stream closed unread, and the refusal
    // itself kept by no cache
    for (const h of ['etag', 'x-answer-cache', 'last-modified', 'content-encoding', 'vary', 'retry-after']) reply.removeHeader(h);
    (payload as { destroy?: () => void } | null)?.destroy?.();
    reply.code(refusal.statusCode).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
    return JSON.stringify(envelopeOf(refusal));
  };
  // a callback hook: a request without a pending check (every write, every route not marked read) passes at once,
  // without a promise and a turn of its own
  app.addHook('onSend', (request, reply, payload, done) => {
    const r = request as WithSessionCheck;
    const check = r[SESSION_CHECK];
    if (!check) return done(null, payload);
    r[SESSION_CHECK] = undefined;
    check.then(
      (refusal) => {
        let answer: unknown;
        try {
          answer = refusal ? refused(request, reply, payload, refusal) : payload;
        } catch (err) {
          return done(err as Error);
        }
        done(null, answer);
      },
      (err: Error) => done(err),
    );
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // routes outside the API (static files) and public API routes need no token; /docs (the API's schemas) does,
    // unless API_DOCS_PUBLIC
    if (!request.routeOptions.url || config.auth === 'public') return;
    const docs = request.url === '/docs' || request.url.startsWith('/docs/') || request.url.startsWith('/docs?');
    if (!request.url.startsWith('/rest/') && !(docs && !opts.docsPublic)) return;

    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized('Token tidak diberikan. Sila log masuk.');
    // the real clock, as @fastify/jwt's exp check
    let claims: TokenClaims | undefined = verified.get(token);
    if (claims && ((claims as { exp?: number }).exp ?? 0) * 1000 > Date.now()) request.user = claims;
    else
      try {
        verified.delete(token);
        claims = await request.jwtVerify<TokenClaims>();
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        request.log.warn({ event: 'token_refused', reason: code, url: request.url, ip: request.ip }, 'token refused');
        if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') {
          throw unauthorized('Sesi telah tamat. Sila log masuk semula.', ERROR_CODES.TOKEN_EXPIRED);
        }
        throw unauthorized('Token tidak sah. Sila log masuk semula.');
      }
    if (typeof claims.t !== 'number' || typeof claims.sub !== 'string') throw unauthorized('Token tidak sah. Sila log masuk semula.');

    // revocation: sign-out and password change move the user's not-before time. A read's statements need not wait
    // for it (on PostgreSQL one more round trip on every request): they run beside it, and the answer waits in onSend.
    const id = Number(claims.sub);
    if (config.read) {
      // sent once the route's first statement is on its way (the handler starts in this turn of the event loop):
      // sending it first put its ~35 µs of driver work before the route's own statement
      const check = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => loadSessionState(id))
        .then((row) => refusalOf(request, claims, row));
      // a database error is rethrown in onSend; never an unhandled rejection meanwhile
      check.catch(() => {});
      (request as WithSessionCheck)[SESSION_CHECK] = check;
    } else {
      const refusal = refusalOf(request, claims, await loadSessionState(id));
      if (refusal) throw refusal;
    }
    if (claims.pwr && !config.allowRestricted) {
      throw new HttpError(403, ERROR_CODES.PASSWORD_RESET_REQUIRED, 'Anda perlu menukar kata laluan sebelum meneruskan.');
    }
    const needed = config.permission;
    if (needed) {
      const list = Array.isArray(needed) ? needed : [needed];
      if (!list.some((p) => can(claims.rn, p))) throw forbidden();
    }
  });
}
