import { PAGE_SIZE } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { DataTablesResult } from '@contract/envelope';
import type { DutyRosterRow, Section } from '@contract/sections';
import { dataTables } from '@/lib/api';

export const rosterPageCall = (filter: { date?: string; sectionId?: number }, page: number, size: number) =>
  dataTables<DutyRosterRow>(PATHS.dutyRosterDataTables, filter, { length: size, start: page * size }) as Promise<DataTablesResult<DutyRosterRow>>;

/** Sections for the filter: as forms list them (no G sections, §5), of the user's region unless it sees all. */
export const sectionsCall = (regionId: number | undefined) =>
  dataTables<Section>(PATHS.sectionDataTables, { regionId, listed: true }, { length: PAGE_SIZE.sections, start: 0 }) as Promise<DataTablesResult<Section>>;
