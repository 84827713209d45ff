/**
 * Calls of the teams administration (§7.5 team, teamMembers, teamSchedule). Reads with TanStack Query; writes
 * through the outbox (src/ui/admin/admin-api.ts): answered while the user waits, kept on the device when offline,
 * thrown (with the server's field) when refused.
 */
import type { ChangeEntity } from '@contract/admin-rules';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import {
  TEAM_MEMBERS_PAGE_MAX,
  TEAMS_PATHS,
  type TeamDeleteResult,
  type TeamDetail,
  type TeamFilter,
  type TeamMemberCandidate,
  type TeamMemberCandidateFilter,
  type TeamMemberRow,
  type TeamRow,
  type TeamSave,
  type TeamScheduleOptions,
  type TeamScheduleResult,
  type TeamScheduleSave,
} from '@contract/teams';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';

/** Query keys: everything of the area under 'teams', so one invalidation refreshes the screens. */
export const teamKeys = {
  all: ['teams'] as const,
  /** every list query (any filter and page) */
  lists: ['teams', 'list'] as const,
  list: (filter: TeamFilter, q: Partial<DataTablesQuery>) => ['teams', 'list', filter, q] as const,
  get: (id: number) => ['teams', 'get', id] as const,
  members: (id: number) => ['teams', 'members', id] as const,
  candidates: (f: TeamMemberCandidateFilter) => ['teams', 'candidates', f] as const,
  schedule: (id: number) => ['teams', 'schedule', id] as const,
  options: (id: number) => ['teams', 'options', id] as const,
};

/** The change histories the team screen shows, each keyed by the team id (historyKey of src/ui/admin/change-history.tsx). */
export const TEAM_HISTORY_ENTITIES = ['team', 'teamMember', 'teamSchedule'] as const satisfies readonly ChangeEntity[];

export const teamsCall = (filter: TeamFilter, q: Partial<DataTablesQuery>) =>
  dataTables<TeamRow>(TEAMS_PATHS.dataTables, filter, q) as Promise<DataTablesResult<TeamRow>>;
export const teamCall = (id: number) => apiGet<TeamDetail>(TEAMS_PATHS.get(id));
export const membersCall = (teamId: number) =>
  dataTables<TeamMemberRow>(
    TEAMS_PATHS.membersDataTables,
    { teamId },
    { length: TEAM_MEMBERS_PAGE_MAX, start: 0, orderColumn: 'pkTeamMemberId' },
  ) as Promise<DataTablesResult<TeamMemberRow>>;
export const candidatesCall = (f: TeamMemberCandidateFilter, length = 50) =>
  dataTables<TeamMemberCandidate>(TEAMS_PATHS.membersCandidates, f, { length, start: 0, orderColumn: 'patrolFirst' }) as Promise<
    DataTablesResult<TeamMemberCandidate>
  >;
export const scheduleCall = (teamId: number) => apiPost<TeamScheduleResult>(TEAMS_PATHS.scheduleDataTables, { teamId });
export const scheduleOptionsCall = (teamId: number) => apiGet<TeamScheduleOptions>(TEAMS_PATHS.scheduleOptions(teamId));

export const teamsCsv = (filter: TeamFilter, q: Partial<DataTablesQuery>) => downloadCsv(TEAMS_PATHS.csv, filter, q, 'pasukan.csv');

export const saveTeamCall = (body: TeamSave) =>
  adminWrite<TeamDetail>('admin.team.save', `Pasukan: ${body.teamName}`, TEAMS_PATHS.save, body, body.pkTeamId ? `team:${body.pkTeamId}` : undefined);
export const deleteTeamCall = (id: number, name: string) =>
  adminWrite<TeamDeleteResult>('admin.team.delete', `Padam pasukan: ${name}`, TEAMS_PATHS.delete, { ids: [id] }, `team:${id}`);
export const addMembersCall = (teamId: number, teamName: string, staffIds: number[]) =>
  adminWrite<TeamMemberRow[]>(
    'admin.teamMembers.save',
    `Ahli pasukan ${teamName}: +${staffIds.length}`,
    TEAMS_PATHS.membersSave,
    { teamId, staffIds },
    `team:${teamId}`,
  );
export const removeMemberCall = (teamId: number, m: TeamMemberRow) =>
  adminWrite<{ removed: number[] }>(
    'admin.teamMembers.delete',
    `Keluarkan ${m.displayName}`,
    TEAMS_PATHS.membersDelete,
    { ids: [m.pkTeamMemberId] },
    `team:${teamId}`,
  );
export const saveScheduleCall = (body: TeamScheduleSave, teamName: string) =>
  adminWrite<TeamScheduleResult>('admin.teamSchedule.save', `Jadual pasukan ${teamName}`, TEAMS_PATHS.scheduleSave, body, `team:${body.teamId}`);
