import { PATHS } from '@contract/paths';
import type { DataTablesResult } from '@contract/envelope';
import type { DutyRosterRow } from '@contract/sections';
import { dataTables } from '@/lib/api';

/** Today's rosters of the user's region (the server scopes by the token's region). */
export const todayRostersCall = (date: string) =>
  dataTables<DutyRosterRow>(PATHS.dutyRosterDataTables, { date }, { length: 500, start: 0 }) as Promise<DataTablesResult<DutyRosterRow>>;
