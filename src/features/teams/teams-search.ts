/**
 * Search params of /listingteam: the filters, page, size and sort live in the URL (plain code, no zod: route files
 * parse their search with it). Anything malformed is dropped.
 */
import { idParam, parseListSearch, textParam, type ListSearch } from '@/ui/admin/list-search';

export interface TeamListSearch extends ListSearch {
  sectionId?: number;
  name?: string;
  /** 'active' | 'inactive'; absent: all */
  status?: 'active' | 'inactive';
}

/** The screen of a new team is /createupdateteam/baru ('baharu' = new). */
export const NEW_TEAM_PARAM = 'baru';

export const TEAM_LIST_DEFAULT_SORT = { sort: 'teamName', dir: 'asc' } as const;

export function parseTeamListSearch(raw: Record<string, unknown>): TeamListSearch {
  const out: TeamListSearch = parseListSearch(raw);
  const sectionId = idParam(raw.sectionId);
  if (sectionId) out.sectionId = sectionId;
  const name = textParam(raw.name, 60);
  if (name) out.name = name;
  if (raw.status === 'active' || raw.status === 'inactive') out.status = raw.status;
  return out;
}

/** The team id of /createupdateteam/{teamId}: a positive id, 'baru' (new), or null (not a team). */
export function parseTeamParam(param: string): number | 'new' | null {
  if (param === NEW_TEAM_PARAM) return 'new';
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}
