import type { ShellTextKey } from './ms';
import type { adminMs } from './parts/admin';
import type { staffMs } from './parts/staff';
import type { usersMs } from './parts/users';
import type { leaveMs } from './parts/leave';
import type { teamsMs } from './parts/teams';
import type { shiftsMs } from './parts/shifts';
import type { rondasMs } from './parts/rondas';
import type { childrenMs } from './parts/children';
import type { clockMs } from './parts/clock';
import type { commsMs } from './parts/comms';
import type { incidentMs } from './parts/incident';
import type { journalMs } from './parts/journal';
import type { listsMs } from './parts/lists';
import type { mapMs } from './parts/map';
import type { newCaseMs } from './parts/new-case';
import type { offlineWritesMs } from './parts/offline-writes';
import type { positionsMs } from './parts/positions';
import type { syncMs } from './parts/sync';
import type { syncStatusMs } from './parts/sync-status';
import type { tmclogMs } from './parts/tmclog';
import type { activityLogMs } from './parts/activity-log';
import type { rosterMs } from './parts/roster';
import type { checklistMs } from './parts/checklist';
import type { fleetMs } from './parts/fleet';
import type { reportsMs } from './parts/reports';
import type { rosterReportsMs } from './parts/roster-reports';
import type { reportHubMs } from './parts/report-hub';
import type { reportHelpMs } from './parts/report-help';
import type { casePartsMs } from './parts/case-parts';
import type { playMs } from './parts/play';
import type { handoverMs } from './parts/handover';
import type { myShiftMs } from './parts/my-shift';
import type { fieldReportMs } from './parts/field-report';
import type { tableMs } from './parts/table';

/**
 * Every UI text key: the shell's (ms.ts) and each part's (parts/<area>.ts). Type-only imports: a part's texts ship
 * with the feature that imports the part, never with the shell (see index.ts). A new part is added here.
 */
export type TextKey =
  | ShellTextKey
  | keyof typeof childrenMs
  | keyof typeof clockMs
  | keyof typeof commsMs
  | keyof typeof incidentMs
  | keyof typeof journalMs
  | keyof typeof listsMs
  | keyof typeof mapMs
  | keyof typeof newCaseMs
  | keyof typeof offlineWritesMs
  | keyof typeof positionsMs
  | keyof typeof syncMs
  | keyof typeof syncStatusMs
  | keyof typeof tmclogMs
  | keyof typeof adminMs
  | keyof typeof staffMs
  | keyof typeof usersMs
  | keyof typeof leaveMs
  | keyof typeof teamsMs
  | keyof typeof shiftsMs
  | keyof typeof rondasMs
  | keyof typeof activityLogMs
  | keyof typeof rosterMs
  | keyof typeof checklistMs
  | keyof typeof fleetMs
  | keyof typeof reportsMs
  | keyof typeof rosterReportsMs
  | keyof typeof reportHubMs
  | keyof typeof reportHelpMs
  | keyof typeof casePartsMs
  | keyof typeof playMs
  | keyof typeof handoverMs
  | keyof typeof myShiftMs
  | keyof typeof fieldReportMs
  | keyof typeof tableMs;
