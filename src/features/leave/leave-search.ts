/**
 * The URL of /listingleave: paging and sort (the admin kit's) plus the filters. Plain code, no zod (the route file
 * parses its search with it, outside the screen's lazy chunk).
 */
import { idParam, parseListSearch, textParam, type ListSearch } from '@/ui/admin/list-search';

export type LeaveStatusFilter = 'requested' | 'approved' | 'rejected';
const STATUSES: readonly string[] = ['requested', 'approved', 'rejected'];
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface LeaveListSearch extends ListSearch {
  /** words of the staff member's name or number */
  q?: string;
  section?: number;
  status?: LeaveStatusFilter;
  type?: number;
  /** leave that meets from … to (YYYY-MM-DD) */
  from?: string;
  to?: string;
  /** only leave that meets a roster */
  conflicts?: boolean;
}

export function parseLeaveListSearch(raw: Record<string, unknown>): LeaveListSearch {
  const out: LeaveListSearch = parseListSearch(raw);
  const q = textParam(raw.q);
  if (q) out.q = q;
  const section = idParam(raw.section);
  if (section) out.section = section;
  if (typeof raw.status === 'string' && STATUSES.includes(raw.status)) out.status = raw.status as LeaveStatusFilter;
  const type = idParam(raw.type);
  if (type && type < 100) out.type = type;
  if (typeof raw.from === 'string' && ISO_DAY.test(raw.from)) out.from = raw.from;
  if (typeof raw.to === 'string' && ISO_DAY.test(raw.to)) out.to = raw.to;
  if (raw.conflicts === true || raw.conflicts === 'true' || raw.conflicts === '1') out.conflicts = true;
  return out;
}
