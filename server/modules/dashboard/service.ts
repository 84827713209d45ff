/**
 * The incident lists of the dashboard and the case search (§3.2, §4.2, §6, §7.3): checks the filter, applies the
 * caller's region scope (the server's, not the screen's), and answers a page or the counters.
 */
import { asc, eq } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import type { DashboardFilter, IncidentListRow } from '../../../contract/incidents';
import { STATUS_GROUPS, STATUS_GROUP_NAMES, isEventTypeId, normalizePlate, parseKm, type StatusGroup } from '../../../contract/incident-rules';
import { STATUS } from '../../../contract/lookups';
import { isCalendarDate } from '../../../contract/date-rules';
import type { Db } from '../../db/client';
import { lookupItem, region, teamMember } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/http-error';
import { localInstant } from '../../lib/time';
import { seesAllRegions } from '../../plugins/auth';
import { geoIndex } from '../maps/geo-index';
import {
  ORDER_COLUMNS,
  countByCategoryQuery,
  countByStatusQuery,
  findIncidentRows,
  isOrderColumn,
  compiledRows,
  type ListFilter,
  type ListPaging,
} from './queries';

export const OTHER_REGION_LIST_MESSAGE = 'Anda hanya boleh melihat kes wilayah anda.';
const KNOWN_STATUSES = new Set<number>(Object.values(STATUS));
/** KM search: a number matches kilometres within this distance (§7.3 kmSearch). */
export const KM_SEARCH_TOLERANCE = 0.5;

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface ResolvedFilter {
  filter: ListFilter;
  /** the same filter without the event type (for the per-type counters) */
  withoutCategory: ListFilter;
  /** the same filter without the status choice, still hiding 202/210 unless searchAllStatus (status counters) */
  withoutStatus: ListFilter;
}

/** Checks the filter against the caller's scope and turns it into SQL conditions (queries.ts). */
export async function resolveFilter(db: Db, user: TokenClaims, body: DashboardFilter): Promise<ResolvedFilter> {
  const all = seesAllRegions(user);
  const f: ListFilter = { hideClosed: false };

  // region scope: a regional role always gets its own region; asking for another is refused, not narrowed
  if (body.regionCode !== undefined && body.regionCode.trim() !== '') {
    // the region's code (TGH); its id (22) is accepted too
    const code = body.regionCode.trim().toUpperCase();
    const [r] = await db
      .select({ id: region.id })
      .from(region)
      .where(/^\d{1,9}$/.test(code) ? eq(region.id, Number(code)) : eq(region.code, code))
      .limit(1);
    if (!r) throw badRequest(`Wilayah '${body.regionCode}' tidak dijumpai.`, 'regionCode');
    if (!all && r.id !== user.reg) throw forbidden(OTHER_REGION_LIST_MESSAGE);
    f.regionId = r.id;
  } else if (!all) {
    f.regionId = user.reg;
  }

  if (body.sectionId !== undefined) {
    // the sections from the geography kept in memory (maps/geo-index.ts: they come from the seed and are never
    // written while the server runs): a filter by section costs no round trip before the list's own statements
    const sections = (await geoIndex(db)).sections;
    const s = sections.get(body.sectionId);
    if (!s) throw badRequest('Seksyen tidak dijumpai.', 'sectionId');
    if (!all && s.regionId !== user.reg) throw forbidden(OTHER_REGION_LIST_MESSAGE);
    if (s.isCombined) {
      // N1+N2: cases recorded on it (whatever the specific part) and any recorded on N1 or N2 alone
      const parts = [...sections.values()].filter((p) => p.combinedSectionId === s.id).map((p) => p.id);
      f.section = { ids: [s.id, ...parts], specificIds: [] };
    } else if (s.combinedSectionId !== null) {
      // N1: cases recorded on N1, and cases recorded on N1+N2 with N1 as the specific section
      f.section = { ids: [s.id], specificIds: [s.id] };
    } else {
      f.section = { ids: [s.id], specificIds: [] };
    }
  }

  if (body.dateStart !== undefined) {
    if (!isCalendarDate(body.dateStart)) throw badRequest('Tarikh mula tidak sah.', 'dateStart');
    f.from = localInstant(body.dateStart);
  }
  if (body.dateEnd !== undefined) {
    if (!isCalendarDate(body.dateEnd)) throw badRequest('Tarikh akhir tidak sah.', 'dateEnd');
    if (body.dateStart !== undefined && body.dateEnd < body.dateStart) {
      throw badRequest('Tarikh akhir tidak boleh sebelum tarikh mula.', 'dateEnd');
    }
    // local dates, inclusive: up to the start of the next local day
    f.to = localInstant(nextDay(body.dateEnd));
  }

  if (body.incidentCategory !== undefined) {
    if (!isEventTypeId(body.incidentCategory)) throw badRequest('Jenis kes tidak sah.', 'incidentCategory');
    f.categoryId = body.incidentCategory;
  }

  if (body.plateNumber !== undefined) {
    const plate = normalizePlate(body.plateNumber);
    if (plate.length === 1) throw badRequest('Nombor plat: sekurang-kurangnya 2 aksara.', 'plateNumber');
    if (plate) f.platePrefix = plate;
  }

  if (body.kmSearch !== undefined && body.kmSearch !== '') {
    const km = parseKm(body.kmSearch);
    if (km !== null) f.kmRange = { min: km - KM_SEARCH_TOLERANCE, max: km + KM_SEARCH_TOLERANCE };
    else f.kmText = body.kmSearch;
  }

  if (body.ticketNumber !== undefined) {
    const raw = body.ticketNumber.toUpperCase().replace(/\s+/g, '');
    if (raw.endsWith('*')) {
      const value = raw.replace(/\*+$/, '');
      if (value.length < 3) throw badRequest('Carian awalan nombor tiket: sekurang-kurangnya 3 aksara sebelum *.', 'ticketNumber');
      if (value.includes('*')) throw badRequest('Nombor tiket: * hanya dibenarkan di hujung.', 'ticketNumber');
      f.ticket = { value, prefix: true };
    } else if (raw) {
      if (raw.includes('*')) throw badRequest('Nombor tiket: * hanya dibenarkan di hujung.', 'ticketNumber');
      f.ticket = { value: raw, prefix: false };
    }
  }

  if (body.incidentStatus !== undefined) {
    if (!KNOWN_STATUSES.has(body.incidentStatus)) throw badRequest('Status kes tidak sah.', 'incidentStatus');
    f.statuses = [body.incidentStatus];
  }
  if (body.incidentStatusGroup !== undefined) {
    const group = STATUS_GROUPS[body.incidentStatusGroup as StatusGroup] as readonly number[];
    f.statuses = f.statuses ? f.statuses.filter((s) => group.includes(s)) : [...group];
  }
  // §4.2: Tutup and Batal stay off the list unless asked for (all statuses, or a status or group that names them)
  const hideByDefault = !body.searchAllStatus;
  // an exact ticket number names one case: it is found whatever its status
  f.hideClosed = hideByDefault && !f.statuses && !(f.ticket && !f.ticket.prefix);

  if (body.assignedToMe) {
    const teams = await db.select({ id: teamMember.teamId }).from(teamMember).where(eq(teamMember.staffId, user.sid));
    f.assignedTeamIds = teams.map((t) => t.id);
  }
  // body.staffId (§7.3) is the caller's own staff id in the original client: the server takes the caller from the
  // token and never widens or narrows the scope by it.

  const withoutCategory: ListFilter = { ...f, categoryId: undefined };
  const withoutStatus: ListFilter = { ...f, statuses: undefined, hideClosed: hideByDefault };
  return { filter: f, withoutCategory, withoutStatus };
}

export function pagingOf(q: DataTablesQuery): ListPaging {
  if (q.orderColumn === undefined) return { orderColumn: 'createdDate', direction: 'desc', length: q.length, start: q.start };
  if (!isOrderColumn(q.orderColumn)) {
    throw badRequest(`Lajur susunan '${q.orderColumn}' tidak dikenali. Pilih: ${ORDER_COLUMNS.join(', ')}.`, 'orderColumn');
  }
  return { orderColumn: q.orderColumn, direction: q.direction, length: q.length, start: q.start };
}

export async function listIncidents(
  db: Db,
  user: TokenClaims,
  body: DashboardFilter,
  q: DataTablesQuery,
): Promise<{ rows: IncidentListRow[]; recordCount: number; recordCountCapped: boolean }> {
  const paging = pagingOf(q);
  const { filter } = await resolveFilter(db, user, body);
  return findIncidentRows(db, filter, paging);
}

async function labels(db: Db, category: string) {
  return db
    .select({ key: lookupItem.key, value: lookupItem.value })
    .from(lookupItem)
    .where(eq(lookupItem.category, category))
    .orderBy(asc(lookupItem.sortOrder), asc(lookupItem.key));
}

/** dashboard/getIncidentItemsCount: cases per event type 184–190 for the filter (all seven, zero included). */
export async function countByCategory(db: Db, user: TokenClaims, body: DashboardFilter) {
  const { withoutCategory } = await resolveFilter(db, user, body);
  const [counts, names] = await Promise.all([
    compiledRows<{ key: number; n: number }>(db, JSON.stringify(['byCategory', withoutCategory]), () => countByCategoryQuery(withoutCategory)),
    labels(db, 'incidentCategory'),
  ]);
  const byKey = new Map(counts.map((c) => [c.key, c.n]));
  const byCategory = names.map((l) => ({ key: l.key, value: l.value, count: byKey.get(l.key) ?? 0 }));
  return { total: counts.reduce((s, c) => s + c.n, 0), byCategory };
}

/**
 * dashboard/getDashboardItemsCount: cases per status group and per status for the filter without its status
 * choice. Like the list, Tutup and Batal are counted only with searchAllStatus.
 */
export async function countByStatus(db: Db, user: TokenClaims, body: DashboardFilter) {
  const { withoutStatus } = await resolveFilter(db, user, body);
  const [counts, names] = await Promise.all([
    compiledRows<{ key: number | null; n: number }>(db, JSON.stringify(['byStatus', withoutStatus]), () => countByStatusQuery(withoutStatus)),
    labels(db, 'incidentStatus'),
  ]);
  const byKey = new Map(counts.map((c) => [c.key, c.n]));
  const byGroup: Record<string, number> = {};
  for (const g of STATUS_GROUP_NAMES) byGroup[g] = (STATUS_GROUPS[g] as readonly number[]).reduce((s, id) => s + (byKey.get(id) ?? 0), 0);
  const byStatus = names.map((l) => ({ key: l.key, value: l.value, count: byKey.get(l.key) ?? 0 }));
  return { total: counts.reduce((s, c) => s + c.n, 0), byGroup, byStatus };
}
