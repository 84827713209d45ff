import { describe, expect, it } from 'vitest';
import { MENU, ROLES, menuFor, menuKeysFor, showsNotificationBell } from '@contract';
import { ms } from '@/lib/i18n/ms';
import { en } from '@/lib/i18n/en';
import { label } from '@/lib/i18n';

/** §6, written out independently of contract/roles.ts so a change there is caught here. */
const DASH = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'PR', 'OPSMGMT', 'SUPERADMIN'];
const MAP = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'OPSMGMT'];
const EXPECTED: Record<string, string[]> = {
  dashboard: DASH,
  // issue #30: Syif saya (/syifsaya), the patrol's home for the shift (not a §2.3 item): the patrol roles only
  myShift: ['PR'],
  map: MAP,
  newCase: ['TMCA', 'TMCS'],
  // issue #4: the form drafts on the device, for the roles that fill the new-case form or a subform (not §6)
  drafts: ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN', 'PR'],
  tmcLog: ['TMCA', 'TMCS', 'OPSMGMT', 'SUPERADMIN'],
  caseSearch: DASH,
  rosterList: [...MAP, 'SUPERADMIN'],
  // issue #17: the hub of the reports (/reportingmodule), for whoever may open any report (not a §2.3 item)
  reportHub: [...DASH, 'OTHERS'],
  reportEndOfDuty: DASH,
  reportIncident: DASH,
  reportMainline: DASH,
  reportWorkDuration: DASH,
  reportVehicleUsage: DASH,
  reportLooping: DASH,
  reportOtherAssistance: [...DASH, 'OTHERS'],
  reportChecklist: ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'],
  // issue #14: the administration hub (/primesupport) for the roles that administer users or the organisation
  admin: ['Administrator', 'PRIMEADMIN', 'SUPERADMIN', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT'],
};
const ORDER = [
  'dashboard',
  'myShift',
  'map',
  'newCase',
  'drafts',
  'tmcLog',
  'caseSearch',
  'rosterList',
  'reports',
  'reportHub',
  'reportEndOfDuty',
  'reportIncident',
  'reportMainline',
  'reportWorkDuration',
  'reportVehicleUsage',
  'reportLooping',
  'reportOtherAssistance',
  'reportChecklist',
  'admin',
  'logout',
];

function expectedKeys(role: string): string[] {
  const keys = ORDER.filter((k) => k !== 'reports' && k !== 'logout' && EXPECTED[k].includes(role));
  const hasReport = keys.some((k) => k.startsWith('report'));
  const out = ORDER.filter((k) => (k === 'logout' ? true : k === 'reports' ? hasReport : keys.includes(k)));
  return out;
}

describe('side menu per role (§2.3, §6)', () => {
  for (const role of ROLES) {
    it(`${role.name} sees exactly the §6 items, in menu order`, () => {
      expect(menuKeysFor(role.name)).toEqual(expectedKeys(role.name));
    });
  }

  it('everyone sees Logout; nobody signed in without a role sees more', () => {
    expect(menuKeysFor(null)).toEqual(['logout']);
    for (const r of ROLES) expect(menuKeysFor(r.name)).toContain('logout');
  });

  it('the Administrator and PRIMEADMIN see the administration and Logout, User only Logout; OTHERS sees the one report', () => {
    expect(menuKeysFor('Administrator')).toEqual(['admin', 'logout']);
    expect(menuKeysFor('User')).toEqual(['logout']);
    expect(menuKeysFor('PRIMEADMIN')).toEqual(['admin', 'logout']);
    expect(menuKeysFor('OTHERS')).toEqual(['reports', 'reportHub', 'reportOtherAssistance', 'logout']);
  });

  it('menu labels are the spec texts in Malay, and every label key exists in both languages', () => {
    const all = MENU.flatMap((i) => [i, ...(i.children ?? [])]);
    for (const item of all) {
      expect(item.labelKey in ms, item.labelKey).toBe(true);
      expect(item.labelKey in en, item.labelKey).toBe(true);
    }
    const labels = Object.fromEntries(all.map((i) => [i.key, label(i.labelKey, 'ms')]));
    expect(labels).toMatchObject({
      dashboard: 'Dashboard',
      myShift: 'Syif saya',
      map: 'Map',
      newCase: 'Kes Baru',
      drafts: 'Draf',
      tmcLog: 'TMC Log',
      caseSearch: 'Carian Kes',
      rosterList: 'Senarai Jadual Tugas',
      reports: 'Laporan',
      reportHub: 'Modul Laporan',
      reportEndOfDuty: 'Laporan Tamat Tugas',
      reportIncident: 'Laporan Insiden TMC & Masa Tindak Balas',
      reportMainline: 'Laporan Masa Dalam Laluan Utama (DLU)',
      reportWorkDuration: 'Laporan Masa Bertugas',
      reportVehicleUsage: 'Laporan Penggunaan Kenderaan',
      reportLooping: 'Laporan Rondaan',
      reportOtherAssistance: 'Laporan Jenis Bantuan Lain-Lain',
      reportChecklist: 'Laporan Senarai Semak',
      logout: 'Logout',
    });
  });

  it('the bell shows for TMC roles only, never for TSTE (§2.4, §6)', () => {
    const withBell = ROLES.filter((r) => showsNotificationBell(r.name)).map((r) => r.name);
    expect(withBell.sort()).toEqual(['TMCA', 'TMCS']);
    expect(showsNotificationBell('TSTE')).toBe(false);
  });

  it('menuFor keeps the group with only the children the role may use', () => {
    const reports = menuFor('TMCA').find((i) => i.key === 'reports');
    expect(reports?.children?.map((c) => c.key)).not.toContain('reportChecklist');
    expect(
      menuFor('TSTE')
        .find((i) => i.key === 'reports')
        ?.children?.map((c) => c.key),
    ).toContain('reportChecklist');
  });
});
