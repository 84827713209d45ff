/**
 * Search params of /manageuser, /registeruser and /resetpasswordlink. Plain code, no zod: route files load these with
 * the router. Anything malformed is dropped (the screen's default).
 */
import { idParam, parseListSearch, statusParam, textParam, withFilters, type ListSearch } from '@/ui/admin/list-search';

export interface ManageUserSearch extends ListSearch {
  q?: string;
  roleId?: number;
  regionId?: number;
  status?: 'active' | 'inactive';
}

export function parseManageUserSearch(raw: Record<string, unknown>): ManageUserSearch {
  return withFilters<ManageUserSearch>(parseListSearch(raw), {
    q: textParam(raw.q),
    roleId: idParam(raw.roleId),
    regionId: idParam(raw.regionId),
    status: statusParam(raw.status),
  });
}

export interface RegisterUserSearch {
  q?: string;
  page?: number;
}

export function parseRegisterUserSearch(raw: Record<string, unknown>): RegisterUserSearch {
  const out: RegisterUserSearch = {};
  const q = textParam(raw.q);
  if (q) out.q = q;
  const p = parseListSearch(raw).page;
  if (p) out.page = p;
  return out;
}

export interface ResetLinkSearch {
  token?: string;
}

/** The token of a reset link: URL-safe base64, as the server makes it. */
export function parseResetLinkSearch(raw: Record<string, unknown>): ResetLinkSearch {
  return typeof raw.token === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(raw.token) ? { token: raw.token } : {};
}
