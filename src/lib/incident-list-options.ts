/**
 * Choices of the incident-list filters (§7.3): the listed sections of the user's region (every region for the roles
 * of SEES_ALL_REGIONS), the regions those have, event types and statuses. Cached per user for patchy coverage.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DataTablesResult, LookupItem } from '@contract/envelope';
import { DASHBOARD_HIDDEN_STATUSES, PAGE_SIZE, isListedSectionName } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import type { Section } from '@contract/sections';
import type { WebUser } from '@contract/auth';
import { dataTables } from './api';
import { networkFirst } from './cached';
import { useLookup } from './lookups';
import { userRole } from './session';
import { compareNatural } from './collate';

export interface SectionOption {
  id: number;
  name: string;
  description: string;
  regionCode: string;
}
export interface RegionOption {
  code: string;
  name: string;
}

export const seesAllRegions = (user: WebUser | null | undefined) => SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);

const sectionsCall = (regionId: number | undefined) =>
  dataTables<Section>(PATHS.sectionDataTables, { regionId, listed: true }, { length: PAGE_SIZE.sections, start: 0 }) as Promise<
    DataTablesResult<Section>
  >;

const NO_SECTIONS: SectionOption[] = [];
const NO_REGIONS: RegionOption[] = [];
const NO_ITEMS: LookupItem[] = [];

export function useListOptions(user: WebUser | null | undefined, o: { hideFinalStatuses: boolean; region?: string }) {
  const all = seesAllRegions(user);
  const regionId = all ? undefined : user?.section.region.key;
  const sectionsQuery = useQuery({
    queryKey: ['sections', user?.userId, regionId ?? 'all'],
    queryFn: () => networkFirst(user?.userId, `sections:${regionId ?? 'all'}`, () => sectionsCall(regionId)),
    staleTime: 10 * 60_000,
    enabled: !!user,
  });
  const categories = useLookup('incidentCategory');
  const statuses = useLookup('incidentStatus');

  const allSections = useMemo<SectionOption[]>(
    () =>
      (sectionsQuery.data?.data.rows ?? [])
        .filter((s) => isListedSectionName(s.sectionName))
        .map((s) => ({ id: s.pkSectionId, name: s.sectionName, description: s.description, regionCode: s.regionCode }))
        .sort((a, b) => compareNatural(a.name, b.name)),
    [sectionsQuery.data],
  );
  const regions = useMemo<RegionOption[]>(() => {
    if (!all) return [];
    const seen = new Map<string, string>();
    for (const s of sectionsQuery.data?.data.rows ?? []) if (isListedSectionName(s.sectionName)) seen.set(s.regionCode, s.regionName);
    return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => compareNatural(a.name, b.name));
  }, [all, sectionsQuery.data]);
  const sections = useMemo(
    () => (all && o.region ? allSections.filter((s) => s.regionCode === o.region) : allSections),
    [all, allSections, o.region],
  );
  const statusOptions = useMemo<LookupItem[]>(
    () => (statuses.data ?? []).filter((s) => !o.hideFinalStatuses || !DASHBOARD_HIDDEN_STATUSES.includes(s.key)),
    [statuses.data, o.hideFinalStatuses],
  );

  const regionCode = user?.section.region.code ?? '';
  const regionName = user?.section.region.value ?? '';
  // one object while nothing in it changes (the filter bars are memoised on it), and it changes once, when all three
  // lists have answered (or failed), not as each one comes: a filter bar (two date pickers among its fields) was
  // rendered again for each of them
  const loading = sectionsQuery.isLoading || categories.isLoading || statuses.isLoading;
  const sectionItems = loading ? NO_SECTIONS : sections;
  const regionItems = loading ? NO_REGIONS : regions;
  const categoryItems = loading ? undefined : categories.data;
  const statusChoices = loading ? NO_ITEMS : statusOptions;
  const statusItems = loading ? undefined : statuses.data;
  return useMemo(
    () => ({
      seesAllRegions: all,
      /** the region a locked user works in */
      ownRegion: { code: regionCode, name: regionName },
      sections: sectionItems,
      regions: regionItems,
      categories: categoryItems ?? NO_ITEMS,
      statuses: statusChoices,
      statusLabel: (id: number | null | undefined) => (statusItems ?? []).find((s) => s.key === id)?.value,
    }),
    [all, regionCode, regionName, sectionItems, regionItems, categoryItems, statusChoices, statusItems],
  );
}
export type ListOptions = ReturnType<typeof useListOptions>;
