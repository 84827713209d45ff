import { describe, expect, it } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { ROLES } from '@contract';
import { EVENT_TYPE } from '@contract/lookups';
import { guardRedirect, routePermission, type GuardUser } from '@/lib/access';
import {
  CASE_PART_ROUTES,
  SUBFORM_ROUTES,
  caseSectionHref,
  caseSectionParam,
  eventTypeOfRoute,
  eventTypeParam,
  toNewCaseWithType,
} from '@/lib/spec-routes';
import { SECTION_TARGETS } from '@/ui/use-open-section';

const as = (roleName: string): GuardUser => ({ roleName, roleId: ROLES.find((r) => r.name === roleName)!.id });

describe('§2.1 subform routes (issue #19)', () => {
  it('map each route to its event type', () => {
    expect(SUBFORM_ROUTES).toEqual({
      '/accidentsubform': EVENT_TYPE.ACCIDENT,
      '/breakdownsubform': EVENT_TYPE.BREAKDOWN,
      '/objekhalangan': EVENT_TYPE.OBSTACLE,
      '/haiwan': EVENT_TYPE.STRAY_ANIMAL,
      '/keadaanjalan': EVENT_TYPE.ROAD_CONDITION,
      '/assetlebuhraya': EVENT_TYPE.ROAD_FURNITURE,
      '/lainlain': EVENT_TYPE.OTHERS,
    });
    expect(eventTypeOfRoute('/accidentsubform')).toBe(184);
    expect(eventTypeOfRoute('/kesbaru')).toBeUndefined();
  });

  it('redirect to /kesbaru with the type in the search, replacing the entry', () => {
    let thrown: unknown;
    try {
      toNewCaseWithType('/haiwan');
    } catch (e) {
      thrown = e;
    }
    expect(isRedirect(thrown)).toBe(true);
    const opts = (thrown as { options: { to: string; search: unknown; replace: boolean } }).options;
    expect(opts).toMatchObject({ to: '/kesbaru', search: { type: 187 }, replace: true });
  });

  it('?type= of /kesbaru takes an event type id only', () => {
    expect(eventTypeParam(184)).toBe(184);
    expect(eventTypeParam('190')).toBe(190);
    for (const bad of [183, 191, '18x', '', null, 1.5]) expect(eventTypeParam(bad)).toBeUndefined();
  });

  it('need the new-case permission: the TMC opens them, a patrol is sent to its landing page', () => {
    for (const route of Object.keys(SUBFORM_ROUTES)) {
      expect(routePermission(route)).toBe('newCase');
      expect(guardRedirect(route, as('TMCA'))).toBeNull();
      expect(guardRedirect(route, as('PR'))).toEqual({ to: '/', denied: true });
    }
  });
});

describe('§2.1 case-part routes (issue #19)', () => {
  it('name the part of the case each opens, as a ?section= of the detail page', () => {
    expect(CASE_PART_ROUTES).toEqual({ '/journalEntry': 'journal', '/furtheractions': 'furtherActions', '/bantuan': 'assistance' });
    expect(caseSectionHref(42, 'furtherActions')).toBe('/insidenView/42?section=furtherActions');
    expect(caseSectionParam('journal')).toBe('journal');
    expect(caseSectionParam('audit')).toBeUndefined();
    // each part has where to go on the page, the last resort being the subform or the journal slot
    expect(SECTION_TARGETS.journal[0]).toContain('detail-journal-slot');
    expect(SECTION_TARGETS.furtherActions[0]).toContain('requestFurtherActionList-OTHER');
    expect(SECTION_TARGETS.assistance.at(-1)).toContain('case-subform');
  });

  it('are open to whoever may view a case (the patrol too), not to OTHERS', () => {
    for (const route of Object.keys(CASE_PART_ROUTES)) {
      expect(routePermission(route)).toBe('viewCase');
      expect(guardRedirect(route, as('TMCA'))).toBeNull();
      expect(guardRedirect(route, as('PR'))).toBeNull();
      expect(guardRedirect(route, as('OTHERS'))).toEqual({ to: '/', denied: true });
    }
  });
});

describe('/play (issue #19)', () => {
  it('only for the roles that administer users; the others are refused', () => {
    expect(guardRedirect('/play', as('SUPERADMIN'))).toBeNull();
    expect(guardRedirect('/play', as('PRIMEADMIN'))).toBeNull();
    // role id 1 stays on it (it administers users) instead of being sent to /primesupport
    expect(guardRedirect('/play', as('Administrator'))).toBeNull();
    expect(guardRedirect('/play', as('TMCA'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/play', as('OPSMGMT'))).toEqual({ to: '/', denied: true });
  });
});
