/**
 * The URL search of the rondas screens: the admin list's paging and sort plus each list's filters, parsed by plain
 * code (no zod in route files). A malformed value is dropped.
 */
import { idParam, parseListSearch, statusParam, textParam, withFilters, type ListSearch } from '@/ui/admin/list-search';

export interface RondaListSearch extends ListSearch {
  sectionId?: number;
  /** 'active' | 'inactive'; absent: both */
  status?: 'active' | 'inactive';
  q?: string;
}

export function parseRondaListSearch(raw: Record<string, unknown>): RondaListSearch {
  return withFilters<RondaListSearch>(parseListSearch(raw), {
    sectionId: idParam(raw.sectionId),
    status: statusParam(raw.status),
    q: textParam(raw.q),
  });
}

export interface CheckpointListSearch extends ListSearch {
  rondaId?: number;
  sectionId?: number;
  q?: string;
}

export function parseCheckpointListSearch(raw: Record<string, unknown>): CheckpointListSearch {
  return withFilters<CheckpointListSearch>(parseListSearch(raw), {
    rondaId: idParam(raw.rondaId),
    sectionId: idParam(raw.sectionId),
    q: textParam(raw.q),
  });
}

/** /createupdatecheckpoint?rondaId=…: the ronda a new checkpoint is for. */
export function parseNewCheckpointSearch(raw: Record<string, unknown>): { rondaId?: number } {
  const rondaId = idParam(raw.rondaId);
  return rondaId ? { rondaId } : {};
}

/** A route parameter that must be a positive id ('abc', '0' → undefined: the screen says not found). */
export const routeId = (raw: string): number | undefined => idParam(raw);
