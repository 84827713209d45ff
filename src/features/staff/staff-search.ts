/**
 * The URL search of /listingstaff: the admin list's paging and sort plus its filters (section, position, words of a
 * name / staff number / username, inactive staff included), parsed by plain code (no zod in route files). A
 * malformed value is dropped.
 */
import { idParam, parseListSearch, textParam, type ListSearch } from '@/ui/admin/list-search';

export interface StaffListSearch extends ListSearch {
  sectionId?: number;
  position?: string;
  q?: string;
  /** true: inactive staff are listed too */
  all?: boolean;
}

export function parseStaffListSearch(raw: Record<string, unknown>): StaffListSearch {
  const out: StaffListSearch = parseListSearch(raw);
  const sectionId = idParam(raw.sectionId);
  if (sectionId) out.sectionId = sectionId;
  const position = textParam(raw.position);
  if (position) out.position = position;
  const q = textParam(raw.q);
  if (q) out.q = q;
  if (raw.all === true || raw.all === 'true' || raw.all === '1') out.all = true;
  return out;
}

/** A route parameter that must be a positive id ('abc', '0' → undefined: the screen says not found). */
export const staffIdParam = (raw: string): number | undefined => idParam(raw);
