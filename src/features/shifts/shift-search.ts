/** The URL of /listingshift: paging and sort (the admin kit's) plus the filters. Plain code, no zod. */
import { idParam, parseListSearch, statusParam, textParam, withFilters, type ListSearch } from '@/ui/admin/list-search';

export interface ShiftListSearch extends ListSearch {
  q?: string;
  /** shiftCategory key */
  category?: number;
  /** jenisRoster key */
  jenis?: number;
  /** 'active' | 'inactive'; none: all */
  state?: 'active' | 'inactive';
}

export function parseShiftListSearch(raw: Record<string, unknown>): ShiftListSearch {
  return withFilters<ShiftListSearch>(parseListSearch(raw), {
    q: textParam(raw.q),
    category: idParam(raw.category),
    jenis: idParam(raw.jenis),
    state: statusParam(raw.state),
  });
}
