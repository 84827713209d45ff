import { describe, expect, it } from 'vitest';
import { menuKeysFor, MENU } from '../../contract/menu';
import {
  can,
  GRANTABLE_ROLES,
  grantRefusal,
  isPatrolRole,
  landsOnPrimeSupport,
  manageRefusal,
  mayGrantRole,
  ROLE_RANK,
  ROLES,
  SEES_ALL_REGIONS,
  showsNotificationBell,
} from '../../contract/roles';
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
  'reportLooping',
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
  // issue #30: 'myShift' (/syifsaya, Syif saya), the patrol's home for the shift, for the patrol roles only
  PR: ['dashboard', 'myShift', 'drafts', 'caseSearch', ...REPORTS, 'logout'],
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
      'myShift',
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

// docs/roles.md "Who may give which role" (issue #27), written out by hand: the rule must give exactly this table
const OPERATIONAL = ['User', 'TSTE', 'TSTA', 'TMCA', 'TMCS', 'PR', 'SC', 'OTHERS'];
const GIVES: Record<string, string[]> = {
  SUPERADMIN: ROLES.map((r) => r.name),
  Administrator: [...OPERATIONAL, 'SECTMGR', 'REGIONMGMT'],
  PRIMEADMIN: [...OPERATIONAL, 'SECTMGR', 'REGIONMGMT'],
  OPSMGMT: [...OPERATIONAL, 'SECTMGR', 'REGIONMGMT'],
  REGIONMGMT: [...OPERATIONAL, 'SECTMGR'],
  SECTMGR: OPERATIONAL,
};

describe('the rule for giving a role (issue #27)', () => {
  it('gives the table of docs/roles.md; every other role gives nothing', () => {
    for (const caller of ROLES) {
      expect([...GRANTABLE_ROLES[caller.name]].sort(), caller.name).toEqual([...(GIVES[caller.name] ?? [])].sort());
      for (const r of ROLES)
        expect(mayGrantRole(caller.name, r.name), `${caller.name} → ${r.name}`).toBe((GIVES[caller.name] ?? []).includes(r.name));
    }
  });

  it('only SUPERADMIN gives the administrators’ roles and the roles that see every region', () => {
    for (const r of ['Administrator', 'PRIMEADMIN', 'SUPERADMIN', ...SEES_ALL_REGIONS]) {
      expect(
        ROLES.filter((c) => mayGrantRole(c.name, r)).map((c) => c.name),
        r,
      ).toEqual(['SUPERADMIN']);
    }
  });

  it('nobody but SUPERADMIN gives a role at or above its own rank', () => {
    for (const caller of ROLES) {
      if (caller.name === 'SUPERADMIN') continue;
      for (const r of GRANTABLE_ROLES[caller.name]) expect(ROLE_RANK[r], `${caller.name} → ${r}`).toBeLessThan(ROLE_RANK[caller.name]);
    }
  });

  it('says why not; an unknown caller or role gives nothing', () => {
    expect(grantRefusal('Administrator', 'PRIMEADMIN')).toBe('Hanya SUPERADMIN boleh memberi peranan pentadbir PRIMEADMIN.');
    expect(grantRefusal('Administrator', 'OPSMGMT')).toBe('Hanya SUPERADMIN boleh memberi peranan OPSMGMT, yang melihat semua wilayah.');
    expect(grantRefusal('SECTMGR', 'SECTMGR')).toBe('Peranan SECTMGR tidak boleh memberi peranan SECTMGR: hanya peranan di bawah pangkat sendiri.');
    expect(grantRefusal('Administrator', 'REGIONMGMT')).toBeNull();
    expect(grantRefusal('SUPERADMIN', 'HACKER')).toBe('Peranan HACKER tidak wujud.');
    expect(mayGrantRole('HACKER', 'User')).toBe(false);
    expect(mayGrantRole(undefined, 'User')).toBe(false);
    expect(manageRefusal('Administrator', 'SUPERADMIN')).toBe(
      'Anda tidak boleh mengurus pengguna berperanan SUPERADMIN. Hanya SUPERADMIN boleh memberi peranan pentadbir SUPERADMIN.',
    );
    expect(manageRefusal('Administrator', 'TMCA')).toBeNull();
  });
});
