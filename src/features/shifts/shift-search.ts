/** The URL of /listingshift: paging and sort (the admin kit's) plus the filters. Plain code, no zod. */
import { idParam, parseListSearch, textParam, type ListSearch } from '@/ui/admin/list-search';

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
  const out: ShiftListSearch = parseListSearch(raw);
  const q = textParam(raw.q);
  if (q) out.q = q;
  const category = idParam(raw.category);
  if (category) out.category = category;
  const jenis = idParam(raw.jenis);
  if (jenis) out.jenis = jenis;
  if (raw.state === 'active' || raw.state === 'inactive') out.state = raw.state;
  return out;
}
