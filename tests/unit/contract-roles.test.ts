import { describe, expect, it } from 'vitest';
import { menuKeysFor, MENU } from '../../contract/menu';
import { can, isPatrolRole, landsOnPrimeSupport, ROLES, showsNotificationBell } from '../../contract/roles';
import { isListedSectionName } from '../../contract/lookups';

// §6, written out by hand from the spec's table (not derived from contract/roles.ts); 'admin' is the administration
// hub of issue #14 (docs/roles.md "Who may do what")
const REPORTS = [
  'reports',
  'reportHub',
  'reportEndOfDuty',
  'reportIncident',
  'reportMainline',
  'reportWorkDuration',
  'reportVehicleUsage',
  'reportOtherAssistance',
];
const EXPECTED: Record<string, string[]> = {
  Administrator: ['admin', 'logout'],
  User: ['logout'],
  PRIMEADMIN: ['admin', 'logout'],
  OTHERS: ['reports', 'reportHub', 'reportOtherAssistance', 'logout'],
  TSTA: ['dashboard', 'map', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'logout'],
  TSTE: ['dashboard', 'map', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'logout'],
  SECTMGR: ['dashboard', 'map', 'drafts', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'admin', 'logout'],
  REGIONMGMT: ['dashboard', 'map', 'drafts', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'admin', 'logout'],
  SC: ['dashboard', 'map', 'drafts', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'logout'],
  TMCA: ['dashboard', 'map', 'newCase', 'drafts', 'tmcLog', 'caseSearch', 'rosterList', ...REPORTS, 'logout'],
  TMCS: ['dashboard', 'map', 'newCase', 'drafts', 'tmcLog', 'caseSearch', 'rosterList', ...REPORTS, 'logout'],
  PR: ['dashboard', 'drafts', 'caseSearch', ...REPORTS, 'logout'],
  OPSMGMT: ['dashboard', 'map', 'drafts', 'tmcLog', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'admin', 'logout'],
  SUPERADMIN: ['dashboard', 'drafts', 'tmcLog', 'caseSearch', 'rosterList', ...REPORTS, 'reportChecklist', 'admin', 'logout'],
};

describe('roles and the menu of §6', () => {
  it('has the ids of §3.11 plus SUPERADMIN and OTHERS', () => {
    expect(ROLES.map((r) => r.id)).toEqual([1, 2, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112]);
    expect(ROLES.find((r) => r.id === 104)?.name).toBe('TMCA');
    expect(ROLES.find((r) => r.id === 106)?.name).toBe('PR');
  });

  it.each(Object.entries(EXPECTED))('%s sees exactly its menu items', (roleName, keys) => {
    expect(menuKeysFor(roleName)).toEqual(keys);
  });

  it('keeps the menu order of §2.3 and ends with Logout', () => {
    // 'drafts' (/draf) is ours (issue #4), beside Kes Baru; 'admin' (/primesupport, issue #14) before Logout
    expect(MENU.map((m) => m.key)).toEqual([
      'dashboard',
      'map',
      'newCase',
      'drafts',
      'tmcLog',
      'caseSearch',
      'rosterList',
      'reports',
      'admin',
      'logout',
    ]);
  });

  it('shows the bell to TMC roles only, never TSTE', () => {
    for (const r of ROLES) expect(showsNotificationBell(r.name), r.name).toBe(r.name === 'TMCA' || r.name === 'TMCS');
  });

  it('sends role id 1 to /primesupport', () => {
    expect(landsOnPrimeSupport(1)).toBe(true);
    expect(ROLES.filter((r) => landsOnPrimeSupport(r.id)).map((r) => r.id)).toEqual([1]);
  });

  it('treats PR as a patrol role but not PRIMEADMIN', () => {
    expect(isPatrolRole('PR')).toBe(true);
    expect(isPatrolRole('PRIMEADMIN')).toBe(false);
    expect(isPatrolRole('TMCA')).toBe(false);
  });

  it('gives nobody a permission for an unknown role', () => {
    expect(can(undefined, 'dashboard')).toBe(false);
    expect(can('HACKER', 'dashboard')).toBe(false);
  });

  it('drops sections whose name contains G from lists', () => {
    expect(isListedSectionName('G1')).toBe(false);
    expect(isListedSectionName('N1+N2')).toBe(true);
    expect(isListedSectionName('S5')).toBe(true);
  });
});
