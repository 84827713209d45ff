/** The step-1 enable rules and Next rule of the new-case form (§5), as pure functions. */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE } from '@contract/lookups';
import {
  canGoNext,
  editSaveReady,
  emptyMainValues,
  kilometerOk,
  mainEnablement,
  missingStep1,
  type IncidentMainValues,
} from '@/features/incidents/form/model';

const complete = (over: Partial<IncidentMainValues> = {}): IncidentMainValues => ({
  ...emptyMainValues(),
  pkSectionId: 12,
  pkIncidentSourceId: 1101,
  pkIncidentCategoryId: EVENT_TYPE.ACCIDENT,
  pkHighwayId: 1,
  pkEventLocationId: 501,
  pkCardinalDirectionId: 1201,
  kilometerMarker: '245.6',
  pkDutyRosterId: 77,
  ...over,
});

describe('enable rules (§5)', () => {
  it('highway, event location, direction and kilometre wait for a section', () => {
    expect(mainEnablement(emptyMainValues())).toEqual({
      specificSection: false,
      highway: false,
      eventLocation: false,
      direction: false,
      kilometer: false,
    });
    expect(
      mainEnablement({
        pkSectionId: 12,
        pkSpecificSectionId: null,
        isCombinedSection: false,
      }),
    ).toEqual({
      specificSection: false,
      highway: true,
      eventLocation: true,
      direction: true,
      kilometer: true,
    });
  });

  it('a combined section also needs the specific section before the kilometre', () => {
    const combined = {
      pkSectionId: 31,
      pkSpecificSectionId: null,
      isCombinedSection: true,
    };
    expect(mainEnablement(combined)).toMatchObject({
      specificSection: true,
      highway: true,
      eventLocation: true,
      direction: true,
      kilometer: false,
    });
    expect(mainEnablement({ ...combined, pkSpecificSectionId: 1 }).kilometer).toBe(true);
  });

  it('disabled (read-only) turns everything off', () => {
    expect(
      Object.values(
        mainEnablement(
          {
            pkSectionId: 12,
            pkSpecificSectionId: null,
            isCombinedSection: false,
          },
          true,
        ),
      ).some(Boolean),
    ).toBe(false);
  });
});

describe('Next (§5)', () => {
  it('is disabled on an empty form and lists every missing field', () => {
    expect(canGoNext(emptyMainValues())).toBe(false);
    expect(missingStep1(emptyMainValues())).toEqual([
      'pkSectionId',
      'pkIncidentSourceId',
      'pkIncidentCategoryId',
      'pkHighwayId',
      'pkEventLocationId',
      'pkCardinalDirectionId',
      'kilometerMarker',
      'pkDutyRosterId',
    ]);
  });

  it('is enabled when all eight are chosen; weather and lighting are optional', () => {
    expect(canGoNext(complete())).toBe(true);
    expect(missingStep1(complete({ pkWeatherConditionId: null, pkLightingConditionId: null }))).toEqual([]);
  });

  it.each([
    ['pkSectionId', { pkSectionId: null }],
    ['pkDutyRosterId', { pkDutyRosterId: null }],
    ['kilometerMarker', { kilometerMarker: '' }],
    ['pkCardinalDirectionId', { pkCardinalDirectionId: null }],
    ['pkEventLocationId', { pkEventLocationId: null }],
    ['pkHighwayId', { pkHighwayId: null }],
    ['pkIncidentCategoryId', { pkIncidentCategoryId: null }],
    ['pkIncidentSourceId', { pkIncidentSourceId: null }],
  ] as const)('stays disabled without %s', (field, over) => {
    expect(canGoNext(complete(over))).toBe(false);
    expect(missingStep1(complete(over))).toEqual([field]);
  });

  it('needs the specific section of a combined section', () => {
    expect(missingStep1(complete({ isCombinedSection: true }))).toEqual(['pkSpecificSectionId']);
    expect(canGoNext(complete({ isCombinedSection: true, pkSpecificSectionId: 1 }))).toBe(true);
  });

  it('an event type outside 184–190 does not count', () => {
    expect(missingStep1(complete({ pkIncidentCategoryId: 202 }))).toEqual(['pkIncidentCategoryId']);
  });

  it('a kilometre needs at least one digit (Min 1 aksara bernombor)', () => {
    expect(kilometerOk('abc')).toBe(false);
    expect(kilometerOk('   ')).toBe(false);
    expect(kilometerOk('KM 12')).toBe(true);
    expect(kilometerOk('1'.repeat(21))).toBe(false);
    expect(canGoNext(complete({ kilometerMarker: 'R&R' }))).toBe(false);
  });

  it('a kilometre that matched no marker does not block (warning only)', () => {
    expect(canGoNext(complete({ kmMatched: false }))).toBe(true);
  });
});

describe('edit form save rule (§5)', () => {
  it('needs a section, the specific section when combined, and a numeric kilometre', () => {
    expect(editSaveReady(complete())).toBe(true);
    expect(editSaveReady(complete({ kilometerMarker: 'KM 12' }))).toBe(false);
    expect(editSaveReady(complete({ pkSectionId: null }))).toBe(false);
    expect(editSaveReady(complete({ isCombinedSection: true }))).toBe(false);
    expect(
      editSaveReady(
        complete({
          isCombinedSection: true,
          pkSpecificSectionId: 3,
          pkDutyRosterId: null,
        }),
      ),
    ).toBe(true);
  });
});
