/**
 * The URL search of /listingstaff: the admin list's paging and sort plus its filters (section, position, words of a
 * name / staff number / username, inactive staff included), parsed by plain code (no zod in route files). A
 * malformed value is dropped.
 */
import { flagParam, idParam, parseListSearch, textParam, withFilters, type ListSearch } from '@/ui/admin/list-search';

export interface StaffListSearch extends ListSearch {
  sectionId?: number;
  position?: string;
  q?: string;
  /** true: inactive staff are listed too */
  all?: boolean;
}

export function parseStaffListSearch(raw: Record<string, unknown>): StaffListSearch {
  return withFilters<StaffListSearch>(parseListSearch(raw), {
    sectionId: idParam(raw.sectionId),
    position: textParam(raw.position),
    q: textParam(raw.q),
    all: flagParam(raw.all),
  });
}

/** A route parameter that must be a positive id ('abc', '0' → undefined: the screen says not found). */
export const staffIdParam = (raw: string): number | undefined => idParam(raw);
