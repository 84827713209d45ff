/**
 * Search params of /signin and /resetpassword. Plain code rather than a schema: route search validators load with
 * the router on the first page. Anything invalid is dropped.
 */
export interface SigninSearch {
  /** where to go after signing in (checked by afterSignInTarget) */
  redirect?: string;
  reason?: 'expired' | 'signedout';
}

export function parseSigninSearch(s: Record<string, unknown>): SigninSearch {
  const out: SigninSearch = {};
  if (typeof s.redirect === 'string') out.redirect = s.redirect;
  if (s.reason === 'expired' || s.reason === 'signedout') out.reason = s.reason;
  return out;
}

export interface ResetSearch {
  username?: string;
}

export function parseResetSearch(s: Record<string, unknown>): ResetSearch {
  return typeof s.username === 'string' && s.username.length <= 100 ? { username: s.username } : {};
}
