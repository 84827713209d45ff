import { describe, expect, it } from 'vitest';
import { ROLES } from '@contract';
import { hubAccess, hubReports, reportLinkSearch, sectionLinkSearch, sectionsByRegion } from '@/features/reports/hub-model';
import { reportHubEn, reportHubMs } from '@/lib/i18n/parts/report-hub';

const DASH = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'PR', 'OPSMGMT', 'SUPERADMIN'];
const CHECKLIST = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'];

describe('reports hub (issue #17 item 7)', () => {
  it('shows the Laporan group as the menu filters it, without the hub, plus Laporan Rondaan for the report roles', () => {
    for (const role of ROLES.map((r) => r.name)) {
      const keys = hubReports(role).map((r) => r.key);
      expect(keys).not.toContain('reportHub');
      if (DASH.includes(role)) {
        const expected = [
          'reportEndOfDuty',
          'reportIncident',
          'reportMainline',
          'reportWorkDuration',
          'reportVehicleUsage',
          'reportLooping',
          'reportOtherAssistance',
        ];
        if (CHECKLIST.includes(role)) expected.push('reportChecklist');
        expect(keys, role).toEqual(expected);
      } else if (role === 'OTHERS') {
        expect(keys).toEqual(['reportOtherAssistance']);
      } else {
        expect(keys, role).toEqual([]);
      }
    }
  });

  it('lets OTHERS read the assistance totals only (nothing that would answer 403)', () => {
    expect(hubAccess('OTHERS')).toEqual({ incident: false, operations: false, assistance: true, sections: false });
    expect(hubAccess('TMCA')).toEqual({ incident: true, operations: true, assistance: true, sections: true });
    expect(hubAccess('PRIMEADMIN')).toEqual({ incident: false, operations: false, assistance: false, sections: false });
  });

  it('opens each report with the period shown and the scope, under the names its URL uses', () => {
    const today = '2026-11-27';
    expect(reportLinkSearch('/laporaninsiden', {}, today)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(reportLinkSearch('/laporanrondaan', { from: '2026-11-01', to: '2026-11-10', region: 22, section: 9 }, today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
      region: 22,
      section: 9,
    });
    expect(reportLinkSearch('/dailyactivitylog', { region: 22, section: 9 }, today)).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
      regionId: 22,
      sectionId: 9,
    });
    expect(reportLinkSearch('/reportsenaraisemak', { from: '2026-11-01' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(reportLinkSearch('/somewhere', { region: 22 }, today)).toEqual({});
    expect(sectionLinkSearch({ section: 9 }, today)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('groups the sections by region in the order given', () => {
    const s = (id: number, regionId: number, regionName: string) => ({ pkSectionId: id, regionId, regionName });
    const groups = sectionsByRegion([s(1, 21, 'Utara'), s(8, 22, 'Tengah'), s(4, 21, 'Utara'), s(13, 23, 'Selatan')]);
    expect(groups.map((g) => [g.regionName, g.sections.map((x) => x.pkSectionId)])).toEqual([
      ['Utara', [1, 4]],
      ['Tengah', [8]],
      ['Selatan', [13]],
    ]);
  });

  it('has every text in both languages, and only rp.hub. / rp.sec. keys', () => {
    expect(Object.keys(reportHubEn).sort()).toEqual(Object.keys(reportHubMs).sort());
    for (const k of Object.keys(reportHubMs)) expect(k).toMatch(/^rp\.(hub|sec)\./);
    for (const v of [...Object.values(reportHubMs), ...Object.values(reportHubEn)]) expect(v.trim()).not.toBe('');
  });
});
