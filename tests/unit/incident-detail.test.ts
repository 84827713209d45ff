/**
 * The incident detail page's buttons per role and status (§2.7, §4.2, §6 and the case permissions of
 * contract/roles.ts), the patrol panel's steps, the save plan of an edit (§4.2 event-type change) and the print
 * view being shown without the shell. Expectations are written out here, not derived from the code under test.
 */
import { describe, expect, it } from 'vitest';
import type { IncidentView, SubformRecord } from '@contract/incidents';
import { ROLES } from '@contract/roles';
import { STATUS } from '@contract/lookups';
import { detailActions, patrolStepsFor, type DetailActionInput } from '@/features/incidents/detail/detail-rules';
import { buildEdit, printPath } from '@/features/incidents/detail/save-plan';
import { emptySubformValues, mainValuesFromIncident } from '@/features/incidents/form/model';
import { isChromeless } from '@/lib/access';

const ALL_ROLES = ROLES.map((r) => r.name);
const EDIT = ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'SC', 'OPSMGMT', 'SUPERADMIN'];
const CANCEL = ['TMCA', 'TMCS', 'SECTMGR', 'REGIONMGMT', 'OPSMGMT', 'SUPERADMIN'];
const CLOSE = ['TSTA', 'TSTE', 'SECTMGR', 'REGIONMGMT', 'SC', 'TMCA', 'TMCS', 'PR', 'OPSMGMT', 'SUPERADMIN'];
const PATROL = ['PR', 'TMCA', 'TMCS'];

const OPEN_STATUSES = [STATUS.ASSIGNED, STATUS.RECEIVED, STATUS.REJECTED, STATUS.ARRIVED, STATUS.ASSISTANCE_DONE, STATUS.CASE_DONE];
const ALL_STATUSES = [...OPEN_STATUSES, STATUS.NEGATIVE, STATUS.CLOSED, STATUS.CANCELLED];

const input = (over: Partial<DetailActionInput>): DetailActionInput => ({
  roleName: 'TMCA',
  status: STATUS.ASSIGNED,
  hasDoneEntry: false,
  everCancelled: false,
  assignedToCaller: false,
  editing: false,
  ...over,
});

describe('Kemaskini (edit)', () => {
  it('non-superadmin roles with editCase may edit an open case, never a closed or cancelled one', () => {
    for (const role of ALL_ROLES.filter((r) => r !== 'SUPERADMIN')) {
      for (const status of OPEN_STATUSES) {
        expect(detailActions(input({ roleName: role, status })).edit, `${role} @ ${status}`).toBe(EDIT.includes(role));
      }
      for (const status of [STATUS.CLOSED, STATUS.CANCELLED]) {
        expect(detailActions(input({ roleName: role, status })).edit, `${role} @ ${status}`).toBe(false);
      }
      // a case that was ever cancelled (a 202 entry) stays locked for them
      expect(detailActions(input({ roleName: role, status: STATUS.ASSIGNED, everCancelled: true })).edit).toBe(false);
    }
  });

  it('superadmin: only closed or cancelled cases (a data correction through the justification dialog)', () => {
    for (const status of OPEN_STATUSES) expect(detailActions(input({ roleName: 'SUPERADMIN', status })).edit, `@ ${status}`).toBe(false);
    for (const status of [STATUS.CLOSED, STATUS.CANCELLED]) {
      const a = detailActions(input({ roleName: 'SUPERADMIN', status, everCancelled: status === STATUS.CANCELLED }));
      expect(a.edit).toBe(true);
      expect(a.saveNeedsJustification).toBe(true);
    }
    expect(detailActions(input({ roleName: 'TMCA', status: STATUS.ASSIGNED })).saveNeedsJustification).toBe(false);
  });

  it('Kemaskini Maklumat Lanjut: only the patrol assigned to the case, on a case still open (issue #5)', () => {
    for (const status of OPEN_STATUSES) {
      expect(detailActions(input({ roleName: 'PR', status, assignedToCaller: true })).editDetails, `PR @ ${status}`).toBe(true);
      expect(detailActions(input({ roleName: 'PR', status, assignedToCaller: false })).editDetails).toBe(false);
    }
    for (const status of [STATUS.CLOSED, STATUS.CANCELLED])
      expect(detailActions(input({ roleName: 'PR', status, assignedToCaller: true })).editDetails).toBe(false);
    expect(detailActions(input({ roleName: 'PR', status: STATUS.ARRIVED, assignedToCaller: true, editing: true })).editDetails).toBe(false);
    // the roles with the whole Kemaskini never get the second button
    for (const role of EDIT)
      expect(detailActions(input({ roleName: role, status: STATUS.ARRIVED, assignedToCaller: true })).editDetails, role).toBe(false);
  });

  it('while editing: Simpan and Batal Kemaskini only; no Print, Kemaskini, Tutup, BATALKAN KES or patrol steps', () => {
    const a = detailActions(input({ roleName: 'TMCA', status: STATUS.CASE_DONE, hasDoneEntry: true, editing: true }));
    expect(a).toMatchObject({ save: true, cancelEdit: true, print: false, edit: false, close: false, cancelCase: false, patrol: false });
    const b = detailActions(input({ roleName: 'TMCA', status: STATUS.ASSIGNED }));
    expect(b).toMatchObject({ save: false, cancelEdit: false, print: true, edit: true });
  });
});

describe('Print', () => {
  it('every role may print when not editing', () => {
    for (const role of ALL_ROLES) for (const status of ALL_STATUSES) expect(detailActions(input({ roleName: role, status })).print).toBe(true);
  });
  it('the print path is /insiden/{incidentId}/{subformId} and has no shell', () => {
    expect(printPath(12, 34)).toBe('/insiden/12/34');
    expect(printPath(12, null)).toBe('/insiden/12/0');
    expect(isChromeless('/insiden/12/34')).toBe(true);
    expect(isChromeless('/insidenView/12')).toBe(false);
    expect(isChromeless('/incident')).toBe(false);
  });
});

describe('Tutup (close)', () => {
  it('shown only with a 298 or 209 entry and not yet Tutup or Batal, for the roles that may close', () => {
    for (const role of ALL_ROLES) {
      expect(detailActions(input({ roleName: role, status: STATUS.CASE_DONE, hasDoneEntry: true })).close, role).toBe(CLOSE.includes(role));
      expect(detailActions(input({ roleName: role, status: STATUS.NEGATIVE, hasDoneEntry: true })).close, role).toBe(CLOSE.includes(role));
    }
    expect(detailActions(input({ status: STATUS.ARRIVED, hasDoneEntry: false })).close).toBe(false);
    expect(detailActions(input({ status: STATUS.CLOSED, hasDoneEntry: true })).close).toBe(false);
    expect(detailActions(input({ status: STATUS.CANCELLED, hasDoneEntry: true })).close).toBe(false);
    // a 298 entry once written keeps the case closable even after a later status (e.g. reassigned)
    expect(detailActions(input({ status: STATUS.ASSIGNED, hasDoneEntry: true })).close).toBe(true);
  });
});

describe('BATALKAN KES (cancel)', () => {
  it('hidden when Batal, Negative or Tutup; otherwise shown to the roles with cancelCase', () => {
    for (const role of ALL_ROLES) {
      for (const status of ALL_STATUSES) {
        const expected = CANCEL.includes(role) && ![STATUS.CANCELLED, STATUS.NEGATIVE, STATUS.CLOSED].includes(status as never);
        expect(detailActions(input({ roleName: role, status })).cancelCase, `${role} @ ${status}`).toBe(expected);
      }
    }
  });
});

describe('patrol panel', () => {
  it('a PR user only on a case assigned to its roster; TMC operators on any case; others never', () => {
    for (const role of ALL_ROLES) {
      const mine = patrolStepsFor({ roleName: role, status: STATUS.ASSIGNED, assignedToCaller: true });
      const notMine = patrolStepsFor({ roleName: role, status: STATUS.ASSIGNED, assignedToCaller: false });
      expect(mine.length > 0, role).toBe(PATROL.includes(role));
      expect(notMine.length > 0, role).toBe(role === 'TMCA' || role === 'TMCS');
    }
  });

  it('offers the next steps of the status', () => {
    const steps = (status: number) => patrolStepsFor({ roleName: 'PR', status, assignedToCaller: true }).sort();
    expect(steps(STATUS.ASSIGNED)).toEqual([STATUS.RECEIVED, STATUS.REJECTED, STATUS.ARRIVED].sort());
    expect(steps(STATUS.RECEIVED)).toEqual([STATUS.REJECTED, STATUS.ARRIVED, STATUS.CASE_DONE, STATUS.NEGATIVE].sort());
    expect(steps(STATUS.ARRIVED)).toEqual([STATUS.ASSISTANCE_DONE, STATUS.CASE_DONE, STATUS.NEGATIVE].sort());
    expect(steps(STATUS.ASSISTANCE_DONE)).toEqual([STATUS.CASE_DONE]);
    for (const s of [STATUS.CASE_DONE, STATUS.NEGATIVE, STATUS.CLOSED, STATUS.CANCELLED, STATUS.REJECTED]) expect(steps(s)).toEqual([]);
  });

  it('the panel is shown only when there is a step, and not while editing', () => {
    expect(detailActions(input({ roleName: 'PR', status: STATUS.ASSIGNED, assignedToCaller: true })).patrol).toBe(true);
    expect(detailActions(input({ roleName: 'PR', status: STATUS.CLOSED, assignedToCaller: true })).patrol).toBe(false);
    expect(detailActions(input({ roleName: 'TMCA', status: STATUS.ASSIGNED, editing: true })).patrol).toBe(false);
  });
});

// ---------------------------------------------------------------- save plan

const lookup = (key: number, value: string) => ({ key, value, description: null });
const VIEW: IncidentView = {
  pkIncidentId: 41,
  ticketNumber: 'N9-20260301-0001',
  cipTicketNumber: null,
  mhroadsTicketNumber: null,
  kilometerMarker: '12.3',
  chainage: '12.3 (N9)',
  date: '2026-03-01',
  time: '10:00:00',
  incidentDateTime: '2026-03-01T02:00:00.000Z',
  createdBy: { userId: 1, pkStaffId: 5, displayName: 'Operator' },
  incidentSource: lookup(1501, 'Telefon'),
  incidentCategory: lookup(185, 'Kerosakan Kenderaan'),
  incidentSeverity: null,
  cardinalDirection: lookup(1201, 'Arah Utara'),
  locationType: null,
  weatherCondition: null,
  lightingCondition: null,
  highway: lookup(1, 'PLUS'),
  section: { pkSectionId: 9, sectionName: 'N9', isCombined: false, region: lookup(22, 'Tengah') },
  specificSection: null,
  eventLocation: lookup(77, 'Plaza Tol'),
  dutyRoster: { pkDutyRosterId: 300, dutyRosterName: 'N9 Pagi', plateNumber: 'WXY 1', callSign: null },
  latitude: 3.1,
  longtitude: 101.6,
  incidentStatusId: STATUS.CASE_DONE,
  incidentStatus: 'Selesai Kes',
  subformId: 88,
  version: 4,
  createdDate: '2026-03-01T02:00:00.000Z',
  modifiedDate: '2026-03-01T02:00:00.000Z',
  times: { dihantar: null, diterima: null, tiba: null, selesaiBantuan: null, selesaiKes: null },
  hasDoneEntry: true,
  everCancelled: false,
  assignedToCaller: false,
};
const SAVED_SUB = { subformId: 88, version: 2 } as SubformRecord;

describe('save plan of an edit (§4.2)', () => {
  it('same event type: saves the main record with its version, then the subform over its own record', () => {
    const main = mainValuesFromIncident(VIEW);
    const plan = buildEdit(VIEW, SAVED_SUB, { main, sub: { ...emptySubformValues(), pkBreakdownCauseId: 2301, remark: 'tayar pancit' } });
    expect(plan.replaces).toBeNull();
    expect(plan.incident).toMatchObject({ pkIncidentId: 41, version: 4, pkSectionId: 9, kilometerMarker: '12.3' });
    expect(plan.incident!.justification).toBeUndefined();
    expect(plan.subform?.type).toBe(185);
    expect(plan.subform?.payload).toMatchObject({
      pkIncidentId: 41,
      incidentTypeId: 185,
      pkIncidentBreakdownId: 88,
      version: 2,
      pkBreakdownCauseId: 2301,
      remark: 'TAYAR PANCIT',
    });
  });

  it('changed event type: deletes the old subform first, then saves a new one of the new type (no old id or version)', () => {
    const main = { ...mainValuesFromIncident(VIEW), pkIncidentCategoryId: 184 };
    const plan = buildEdit(VIEW, SAVED_SUB, { main, sub: { ...emptySubformValues(), subformId: 88, version: 2, pkCasualTypeId: 1603 } });
    expect(plan.replaces).toEqual({ type: 185, subformId: 88 });
    expect(plan.incident!.pkIncidentCategoryId).toBe(184);
    expect(plan.subform?.type).toBe(184);
    expect(plan.subform?.payload).toMatchObject({ incidentTypeId: 184, pkCasualTypeId: 1603 });
    expect(plan.subform?.payload).not.toHaveProperty('pkIncidentAccidentId');
    expect(plan.subform?.payload).not.toHaveProperty('pkIncidentBreakdownId');
    expect(plan.subform?.payload).not.toHaveProperty('version');
  });

  it('status 298 hides Assign To: the roster stays the case’s own whatever the form holds', () => {
    const main = { ...mainValuesFromIncident(VIEW), pkDutyRosterId: null };
    expect(buildEdit(VIEW, SAVED_SUB, { main, sub: emptySubformValues() }).incident!.pkDutyRosterId).toBe(300);
  });

  it('a superadmin correction carries the justification', () => {
    const closed = { ...VIEW, incidentStatusId: STATUS.CLOSED, incidentStatus: 'Tutup' };
    const plan = buildEdit(closed, SAVED_SUB, { main: mainValuesFromIncident(closed), sub: emptySubformValues() }, 'KM salah dicatat');
    expect(plan.incident!.justification).toBe('KM salah dicatat');
  });
});
