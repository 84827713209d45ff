/**
 * The URL search of the rondas screens: the admin list's paging and sort plus each list's filters, parsed by plain
 * code (no zod in route files). A malformed value is dropped.
 */
import { idParam, parseListSearch, textParam, type ListSearch } from '@/ui/admin/list-search';

export interface RondaListSearch extends ListSearch {
  sectionId?: number;
  /** 'active' | 'inactive'; absent: both */
  status?: 'active' | 'inactive';
  q?: string;
}

export function parseRondaListSearch(raw: Record<string, unknown>): RondaListSearch {
  const out: RondaListSearch = parseListSearch(raw);
  const sectionId = idParam(raw.sectionId);
  if (sectionId) out.sectionId = sectionId;
  if (raw.status === 'active' || raw.status === 'inactive') out.status = raw.status;
  const q = textParam(raw.q);
  if (q) out.q = q;
  return out;
}

export interface CheckpointListSearch extends ListSearch {
  rondaId?: number;
  sectionId?: number;
  q?: string;
}

export function parseCheckpointListSearch(raw: Record<string, unknown>): CheckpointListSearch {
  const out: CheckpointListSearch = parseListSearch(raw);
  const rondaId = idParam(raw.rondaId);
  if (rondaId) out.rondaId = rondaId;
  const sectionId = idParam(raw.sectionId);
  if (sectionId) out.sectionId = sectionId;
  const q = textParam(raw.q);
  if (q) out.q = q;
  return out;
}

/** /createupdatecheckpoint?rondaId=…: the ronda a new checkpoint is for. */
export function parseNewCheckpointSearch(raw: Record<string, unknown>): { rondaId?: number } {
  const rondaId = idParam(raw.rondaId);
  return rondaId ? { rondaId } : {};
}

/** A route parameter that must be a positive id ('abc', '0' → undefined: the screen says not found). */
export const routeId = (raw: string): number | undefined => idParam(raw);
