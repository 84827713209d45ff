/**
 * The scope of a report or list (issues #15, #16, and the reports of #17): the region a user's lists are limited to,
 * as the server scopes them, and the filter bar every report starts with: a date range, the region (only for those
 * who see every region) and the section (the sections come from useListedSections of src/lib/sections.ts).
 */
import type { WebUser } from '@contract/auth';
import { BROADCAST_REGION_ID } from '@contract/lookups';
import type { Section } from '@contract/sections';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import { useLookup } from '@/lib/lookups';
import { userRole } from '@/lib/session';
import { DateField } from '@/ui/date-field';
import { FilterSelect, SectionFilter } from './filters';

/** The region a user's lists are limited to (undefined: every region), as the server scopes them. */
export function regionScopeOf(user: WebUser | undefined): number | undefined {
  if (!user) return undefined;
  const all = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName) || user.section.region.key === BROADCAST_REGION_ID;
  return all ? undefined : user.section.region.key;
}

export interface ScopePatch {
  from?: string;
  to?: string;
  regionId?: number;
  sectionId?: number;
}

/**
 * From, to, region (when the user sees every region) and section. A new region clears the section; `onChange` gets
 * the patch (the screen adds what else a new scope clears). Test ids: `${testIdPrefix}-from|to|region|section`.
 */
export function ReportScopeFilters({
  range,
  today,
  regionId,
  sectionId,
  scopeRegion,
  sections,
  texts,
  onChange,
  testIdPrefix,
}: {
  range: { from: string; to: string };
  today: string;
  regionId: number | undefined;
  sectionId: number | undefined;
  /** regionScopeOf(user) */
  scopeRegion: number | undefined;
  sections: readonly Section[] | undefined;
  texts: { from: string; to: string; region: string; allRegions: string; section: string; allSections: string };
  onChange: (patch: ScopePatch) => void;
  testIdPrefix: string;
}) {
  const regions = useLookup('region');
  return (
    <>
      <DateField
        label={texts.from}
        value={range.from}
        max={range.to}
        onChange={(d) => onChange({ from: d })}
        testId={`${testIdPrefix}-from`}
        width="170px"
      />
      <DateField label={texts.to} value={range.to} max={today} onChange={(d) => onChange({ to: d })} testId={`${testIdPrefix}-to`} width="170px" />
      {scopeRegion === undefined && (
        <FilterSelect
          label={texts.region}
          allLabel={texts.allRegions}
          value={regionId}
          options={(regions.data ?? []).map((r) => ({ value: r.key, label: r.value }))}
          onChange={(v) => onChange({ regionId: v, sectionId: undefined })}
          testId={`${testIdPrefix}-region`}
          width="180px"
        />
      )}
      <SectionFilter
        label={texts.section}
        allLabel={texts.allSections}
        value={sectionId}
        sections={sections}
        onChange={(v) => onChange({ sectionId: v })}
        testId={`${testIdPrefix}-section`}
        width="200px"
      />
    </>
  );
}
