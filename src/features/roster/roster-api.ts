/**
 * Calls of the roster screens (§7.5 dutyroster, dutyRosterView, rosterRoles, devicenoid, hpnosection; issue #15).
 * Reads with TanStack Query; writes through the outbox (src/ui/admin/admin-api.ts): answered while the user waits,
 * kept on the device when offline, thrown (with the server's field) when refused.
 */
import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { DataTablesResult } from '@contract/envelope';
import type { DutyRosterRow, Section } from '@contract/sections';
import { ROSTER_MONTH_PAGE_MAX, ROSTER_PATHS } from '@contract/rosters-rules';
import type { GenerateResult, RosterDetail, RosterMonthFilter, RosterMonthRow, StaffingFilter, StaffingResult } from '@contract/rosters';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { adminWrite } from '@/ui/admin/admin-api';

export const rosterPageCall = (filter: { date?: string; sectionId?: number }, page: number, size: number) =>
  dataTables<DutyRosterRow>(PATHS.dutyRosterDataTables, filter, { length: size, start: page * size }) as Promise<DataTablesResult<DutyRosterRow>>;

/** Sections for the filter: as forms list them (no G sections, §5), of the user's region unless it sees all. */
export const sectionsCall = (regionId: number | undefined) =>
  dataTables<Section>(PATHS.sectionDataTables, { regionId, listed: true }, { length: PAGE_SIZE.sections, start: 0 }) as Promise<
    DataTablesResult<Section>
  >;

/** Query keys: everything of the area under 'rosters', so one invalidation refreshes the screens. */
export const rosterKeys = {
  all: ['rosters'] as const,
  get: (id: number) => ['rosters', 'get', id] as const,
  options: (sectionId: number, rosterId: number | null) => ['rosters', 'options', sectionId, rosterId] as const,
  shifts: (jenisRosterId: number) => ['rosters', 'shifts', jenisRosterId] as const,
  month: (filter: RosterMonthFilter, start: number) => ['rosters', 'month', filter, start] as const,
  staffing: (filter: StaffingFilter) => ['rosters', 'staffing', filter] as const,
};

export const rosterCall = (id: number) => apiGet<RosterDetail>(ROSTER_PATHS.get(id));
export const monthCall = (filter: RosterMonthFilter, start = 0) =>
  dataTables<RosterMonthRow>(ROSTER_PATHS.monthDataTables, filter, { length: ROSTER_MONTH_PAGE_MAX, start, orderColumn: 'startDate' }) as Promise<
    DataTablesResult<RosterMonthRow>
  >;
export const staffingCall = (filter: StaffingFilter) => apiPost<StaffingResult>(ROSTER_PATHS.staffing, filter);
/** The preview of a month's generation: a read, answered at once (never queued). */
export const generatePreviewCall = (month: string, sectionId?: number) =>
  apiPost<GenerateResult>(ROSTER_PATHS.generateMonth, { month, sectionId, dryRun: true });

export const deleteRosterCall = (id: number, name: string, version?: number) =>
  adminWrite<{ pkDutyRosterId: number }>(
    'admin.roster.delete',
    `Padam jadual tugas: ${name}`,
    ROSTER_PATHS.delete,
    { pkDutyRosterId: id, version },
    `roster:${id}`,
  );
export const generateCommitCall = (month: string, sectionId: number | undefined, label: string) =>
  adminWrite<GenerateResult>('admin.roster.generate', `Jana jadual tugas ${label}`, ROSTER_PATHS.generateMonth, { month, sectionId, dryRun: false });
