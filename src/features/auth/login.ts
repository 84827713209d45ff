/**
 * Sign-in flow of §4.1 / §8:
 *   POST login → token? → (reset count 0 → reject 'resetpassword') → getDetailWebUser → store the session.
 * Rejections carry the exact §8 texts.
 */
import type { WebUser } from '@contract/auth';
import { isApiError } from '@/lib/api';
import { getToken, startSession } from '@/lib/session';
import { loginCall, webUserCall } from './auth-api';

export const LOGIN_ERRORS = {
  tokenNotReceived: 'Token not received.',
  detailFailed: 'error in logging in.',
  resetPassword: 'resetpassword',
} as const;

export class LoginError extends Error {
  /** the text to show; for 'resetpassword' the caller navigates instead */
  readonly kind: 'server' | 'token' | 'detail' | 'resetpassword' | 'offline' | 'timeout';
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
  constructor(kind: LoginError['kind'], message: string, opts: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message);
    this.name = 'LoginError';
    this.kind = kind;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.cause = opts.cause;
  }
}

/** The text of a failed sign-in, in the current language (a server's refusal as 'CODE: message', §8). */
export function loginErrorText(err: LoginError): string {
  return err.kind === 'server' && isApiError(err.cause) ? err.cause.codeAndMessage : err.message;
}

/** The restricted token of a user who must reset the password: memory only, never stored (§8). */
let restricted: { username: string; token: string } | null = null;
export const takeRestrictedToken = (username: string) =>
  restricted && restricted.username.toLowerCase() === username.trim().toLowerCase() ? restricted.token : null;
export const clearRestrictedToken = () => {
  restricted = null;
};

function fromLoginFailure(err: unknown): LoginError {
  if (isApiError(err)) {
    if (err.kind === 'timeout') return new LoginError('timeout', err.statusMsg, { cause: err });
    if (err.kind === 'network') return new LoginError('offline', err.statusMsg, { cause: err });
    // §8: "the response carries errorCode (message with code and status text)"
    return new LoginError('server', err.codeAndMessage, { retryAfterSeconds: err.retryAfterSeconds, cause: err });
  }
  return new LoginError('server', err instanceof Error ? err.message : String(err), { cause: err });
}

/**
 * When the token runs out, on this device's clock. The server's `expiresAt` is on the server's clock; a tablet whose
 * clock is hours off (or a test's page clock) would take a fresh token for expired, or an old one for good. The
 * token's own lifetime (exp − iat, from its payload) counted from the moment it arrived is right on any clock; the
 * server's instant is the fallback for a token without those claims.
 */
export function expiryOnDevice(token: string, serverExpiresAt: string, receivedAtMs: number = Date.now()): string {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const { iat, exp } = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    if (typeof iat === 'number' && typeof exp === 'number' && exp > iat) return new Date(receivedAtMs + (exp - iat) * 1000).toISOString();
  } catch {
    // not a readable JWT: the server's instant
  }
  return serverExpiresAt;
}

export interface LoginResult {
  token: string;
  expiresAt: string;
  user: WebUser;
}

export async function login(username: string, password: string): Promise<LoginResult> {
  const uname = username.trim();
  const sentAt = Date.now();
  let body: Awaited<ReturnType<typeof loginCall>>;
  try {
    body = await loginCall({ username: uname, password });
  } catch (err) {
    throw fromLoginFailure(err);
  }

  const token = body?.token;
  if (typeof token !== 'string' || token.length <= 5) throw new LoginError('token', LOGIN_ERRORS.tokenNotReceived);

  if (body.user?.resetPasswordCount === 0) {
    restricted = { username: uname, token };
    throw new LoginError('resetpassword', LOGIN_ERRORS.resetPassword);
  }

  let user: WebUser;
  try {
    const detail = await webUserCall(token);
    if (!detail?.user) throw new Error('no user');
    user = detail.user;
  } catch (err) {
    if (isApiError(err) && err.errorCode === 'PASSWORD_RESET_REQUIRED') {
      restricted = { username: uname, token };
      throw new LoginError('resetpassword', LOGIN_ERRORS.resetPassword);
    }
    throw new LoginError('detail', LOGIN_ERRORS.detailFailed, { cause: err });
  }
  if (user.resetPasswordCount === 0) {
    restricted = { username: uname, token };
    throw new LoginError('resetpassword', LOGIN_ERRORS.resetPassword);
  }

  clearRestrictedToken();
  // counted from when the sign-in was sent: the session never outlives the token
  const result = { token, expiresAt: expiryOnDevice(token, body.expiresAt, sentAt), user };
  await startSession(result);
  return result;
}

/**
 * A token good for the reset call: the restricted one kept from sign-in, or a fresh one from signing in with the
 * old password (after a reload the memory copy is gone).
 */
export async function tokenForReset(username: string, oldPassword: string): Promise<string> {
  const kept = takeRestrictedToken(username);
  if (kept) return kept;
  const current = getToken();
  if (current) return current;
  try {
    await login(username, oldPassword);
  } catch (err) {
    if (err instanceof LoginError && err.kind === 'resetpassword') {
      const tk = takeRestrictedToken(username);
      if (tk) return tk;
    }
    throw err;
  }
  // A user who did not have to reset is now signed in; the session token does the reset.
  const tk = getToken();
  if (!tk) throw new LoginError('token', LOGIN_ERRORS.tokenNotReceived);
  return tk;
}
