/**
 * Search params of /listingteam: the filters, page, size and sort live in the URL (plain code, no zod: route files
 * parse their search with it). Anything malformed is dropped.
 */
import { idParam, parseListSearch, statusParam, textParam, withFilters, type ListSearch } from '@/ui/admin/list-search';

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
  return withFilters<TeamListSearch>(parseListSearch(raw), {
    sectionId: idParam(raw.sectionId),
    name: textParam(raw.name, 60),
    status: statusParam(raw.status),
  });
}

/** The team id of /createupdateteam/{teamId}: a positive id, 'baru' (new), or null (not a team). */
export function parseTeamParam(param: string): number | 'new' | null {
  if (param === NEW_TEAM_PARAM) return 'new';
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}
