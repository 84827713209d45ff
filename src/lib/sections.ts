/** Sections as forms and the map list them (no G sections, no specific parts of combined ones, §5), of one region or all. */
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, isListedSectionName } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import type { DataTablesResult } from '@contract/envelope';
import type { Section } from '@contract/sections';
import { dataTables } from '@/lib/api';
import { networkFirst } from '@/lib/cached';
import { useSession } from '@/lib/session';
import { compareNatural } from './collate';

export function useListedSections(regionId: number | undefined) {
  const userId = useSession()?.user.userId;
  return useQuery({
    queryKey: ['sections', userId, regionId ?? 'all'],
    queryFn: () =>
      networkFirst(
        userId,
        `sections:${regionId ?? 'all'}`,
        () =>
          dataTables<Section>(PATHS.sectionDataTables, { regionId, listed: true }, { length: PAGE_SIZE.sections, start: 0 }) as Promise<
            DataTablesResult<Section>
          >,
      ),
    select: (r) => r.data.rows.filter((s) => isListedSectionName(s.sectionName)).sort((a, b) => compareNatural(a.sectionName, b.sectionName)),
    staleTime: 10 * 60_000,
  });
}
