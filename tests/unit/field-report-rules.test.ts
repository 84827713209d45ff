import { describe, expect, it } from 'vitest';
import { FieldReportSaveSchema, type FieldReportRow } from '@contract/field-reports';
import {
  directionForHeading,
  kmText,
  metersBetween,
  myReports,
  nearestMarkerToPoint,
  outcomeOf,
  reportProblems,
  toSaveBody,
  type ReportFormValues,
} from '@/features/field-report/field-report-rules';

const DIRECTIONS = [
  { key: 1201, value: 'Arah Utara' },
  { key: 1202, value: 'Arah Selatan' },
  { key: 1203, value: 'Arah Timur' },
  { key: 1204, value: 'Arah Barat' },
  { key: 1205, value: 'Kedua-dua Arah' },
];

// markers every 100 m northwards along a meridian (0.0009° of latitude ≈ 100 m)
const groups = [
  { sectionId: 7, sectionName: 'S7', markers: [0, 1, 2, 3, 4].map((i) => [10 + i / 10, 3 + i * 0.0009, 101.5] as const) },
  { sectionId: 8, sectionName: 'S8', markers: [[55.5, 4, 102] as const] },
];

const values = (over: Partial<ReportFormValues> = {}): ReportFormValues => ({
  pkIncidentCategoryId: 184,
  pkSectionId: 7,
  kilometerMarker: '10.2',
  pkCardinalDirectionId: 1201,
  note: '',
  ...over,
});

function row(over: Partial<FieldReportRow> = {}): FieldReportRow {
  return {
    pkFieldReportId: 1,
    status: 'PENDING',
    pkIncidentCategoryId: 184,
    incidentCategoryName: 'Kemalangan',
    pkSectionId: 7,
    sectionName: 'S7',
    kilometerMarker: '10.2',
    pkCardinalDirectionId: 1201,
    directionName: 'Arah Utara',
    latitude: null,
    longitude: null,
    accuracyMeters: null,
    note: null,
    reportedAt: '2026-11-28T06:00:00.000Z',
    createdDateTime: '2026-11-28T06:00:01.000Z',
    dutyRoster: { pkDutyRosterId: 5, dutyRosterName: 'R5' },
    reportedBy: { pkStaffId: 9, displayName: 'Peronda' },
    photo: null,
    decidedAt: null,
    decidedBy: null,
    rejectReason: null,
    incident: null,
    ...over,
  };
}

describe('where the tablet is', () => {
  it('measures metres between two points', () => {
    expect(metersBetween(3, 101.5, 3.0009, 101.5)).toBeGreaterThan(99);
    expect(metersBetween(3, 101.5, 3.0009, 101.5)).toBeLessThan(101);
  });

  it('finds the nearest marker and its KM within the bound', () => {
    const m = nearestMarkerToPoint(groups, 3 + 2.2 * 0.0009, 101.5);
    expect(m).toMatchObject({ sectionId: 7, km: 10.2 });
    expect(m!.meters).toBeLessThan(25);
    expect(nearestMarkerToPoint(groups, 4.0001, 102)).toMatchObject({ sectionId: 8, km: 55.5 });
  });

  it('gives none when no marker is near (the patrol types the KM)', () => {
    expect(nearestMarkerToPoint(groups, 3.5, 101.5)).toBeNull();
    expect(nearestMarkerToPoint([], 3, 101.5)).toBeNull();
  });

  it('writes the KM with one decimal', () => {
    expect(kmText(10)).toBe('10.0');
    expect(kmText(10.26)).toBe('10.3');
  });

  it('maps the GPS heading to the nearest compass direction by name, never "both"', () => {
    expect(directionForHeading(10, DIRECTIONS)).toBe(1201);
    expect(directionForHeading(350, DIRECTIONS)).toBe(1201);
    expect(directionForHeading(100, DIRECTIONS)).toBe(1203);
    expect(directionForHeading(181, DIRECTIONS)).toBe(1202);
    expect(directionForHeading(-80, DIRECTIONS)).toBe(1204);
    expect(directionForHeading(null, DIRECTIONS)).toBeNull();
    expect(directionForHeading(Number.NaN, DIRECTIONS)).toBeNull();
  });
});

describe('the form', () => {
  it('lists what is missing or wrong', () => {
    expect(reportProblems(values())).toEqual([]);
    expect(reportProblems(values({ pkIncidentCategoryId: null, kilometerMarker: 'abc', pkCardinalDirectionId: null }))).toEqual([
      'pkIncidentCategoryId',
      'kilometerMarker',
      'pkCardinalDirectionId',
    ]);
    expect(reportProblems(values({ pkSectionId: null, kilometerMarker: ' ' }))).toEqual(['pkSectionId', 'kilometerMarker']);
    expect(reportProblems(values({ note: 'x'.repeat(501) }))).toEqual(['note']);
  });

  it('builds a body the contract accepts, with and without a photo', () => {
    const base = { rosterId: 5, reportedAt: '2026-11-28T06:00:00.000Z' };
    const plain = toSaveBody(values({ note: '  lembu  ' }), { ...base, fix: null, photo: null });
    expect(plain).toMatchObject({ pkDutyRosterId: 5, kilometerMarker: '10.2', note: 'lembu', latitude: null });
    expect(plain).not.toHaveProperty('documentName');
    expect(FieldReportSaveSchema.safeParse(plain).success).toBe(true);

    const withPhoto = toSaveBody(values(), {
      ...base,
      fix: { latitude: 3.1, longitude: 101.5, accuracy: 12.6 },
      photo: { name: 'foto.jpg', type: 'image/jpeg', capturedAt: null, deviceTime: '2026-11-28T05:59:00.000Z' },
    });
    expect(withPhoto).toMatchObject({ latitude: 3.1, longitude: 101.5, accuracyMeters: 13, documentName: 'foto.jpg', note: null });
    // the outbox fills fileContent from the item's Blob
    expect(FieldReportSaveSchema.safeParse({ ...withPhoto, fileContent: 'AAAA' }).success).toBe(true);
  });
});

describe('Laporan saya', () => {
  it('reads the outcome of a server row', () => {
    expect(outcomeOf(row())).toEqual({ kind: 'pending' });
    expect(outcomeOf(row({ status: 'ACCEPTED', incident: { pkIncidentId: 3, ticketNumber: 'T-3' } }))).toEqual({
      kind: 'accepted',
      incidentId: 3,
      ticket: 'T-3',
    });
    expect(outcomeOf(row({ status: 'REJECTED', rejectReason: 'Sudah dilapor' }))).toEqual({ kind: 'rejected', reason: 'Sudah dilapor' });
  });

  it('lists the outbox first (unsent, refused), then the server, newest first, never twice', () => {
    const body = (km: string, at: string) => ({
      pkIncidentCategoryId: 184,
      pkSectionId: 7,
      kilometerMarker: km,
      pkCardinalDirectionId: 1201,
      reportedAt: at,
    });
    const list = myReports(
      [
        row({ pkFieldReportId: 1, reportedAt: '2026-11-28T05:00:00.000Z' }),
        row({ pkFieldReportId: 2, reportedAt: '2026-11-28T06:00:00.000Z', kilometerMarker: '11.0' }),
      ],
      [
        { clientId: 'a', state: 'pending', body: body('12.0', '2026-11-28T06:30:00.000Z'), hasPhoto: true },
        { clientId: 'b', state: 'parked', body: body('13.0', '2026-11-28T06:40:00.000Z'), hasPhoto: false, message: 'Anda bukan peronda' },
        // sent a moment ago: the server's row stands for it
        { clientId: 'c', state: 'sending', body: body('11.0', '2026-11-28T14:00:00+08:00'), hasPhoto: false },
      ],
    );
    expect(list.map((r) => r.key)).toEqual(['q:b', 'q:a', 's:2', 's:1']);
    expect(list[0].outcome).toEqual({ kind: 'refusedBySync', message: 'Anda bukan peronda' });
    expect(list[1]).toMatchObject({ hasPhoto: true, km: '12.0', outcome: { kind: 'unsent' } });
    expect(myReports(undefined, [])).toEqual([]);
  });
});
