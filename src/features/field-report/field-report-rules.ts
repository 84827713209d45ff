/**
 * The pure side of the patrol's field report (issue #30 item 2): where the tablet is on the highway (the nearest
 * 100 m marker of the section's markers to the GPS fix, its KM), which way it faces (the GPS heading to the
 * direction lookup), what the form still lacks, and each report's outcome as the patrol sees it (the server's rows
 * and those still in the outbox). No React, no Dexie: unit tested (tests/unit/field-report-rules.test.ts).
 */
import { FIELD_REPORT_LIMITS, type FieldReportStatus } from '@contract/field-report-rules';
import type { FieldReportRow, FieldReportSave } from '@contract/field-reports';

/** A marker farther than this from the fix is not where the patrol is: the KM is left for the patrol to type. */
export const MARKER_MAX_METERS = 1_500;

export interface MarkerGroup {
  sectionId: number;
  sectionName: string;
  /** [km, latitude, longitude] */
  markers: readonly (readonly [number, number, number])[];
}

export interface NearestMarker {
  sectionId: number;
  sectionName: string;
  km: number;
  latitude: number;
  longitude: number;
  meters: number;
}

const R = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

/** The great-circle distance in metres. */
export function metersBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The marker nearest to the fix among the groups, within `maxMeters` (null: none so close). */
export function nearestMarkerToPoint(
  groups: readonly MarkerGroup[],
  latitude: number,
  longitude: number,
  maxMeters = MARKER_MAX_METERS,
): NearestMarker | null {
  let best: NearestMarker | null = null;
  for (const g of groups)
    for (const [km, lat, lng] of g.markers) {
      const meters = metersBetween(latitude, longitude, lat, lng);
      if (meters <= maxMeters && (!best || meters < best.meters))
        best = { sectionId: g.sectionId, sectionName: g.sectionName, km: Math.round(km * 10) / 10, latitude: lat, longitude: lng, meters };
    }
  return best;
}

/** The KM as the case forms write it ("12.3"). */
export const kmText = (km: number) => (Math.round(km * 10) / 10).toFixed(1);

const COMPASS: readonly { deg: number; words: RegExp }[] = [
  { deg: 0, words: /utara|north/i },
  { deg: 90, words: /timur|east/i },
  { deg: 180, words: /selatan|south/i },
  { deg: 270, words: /barat|west/i },
];

/**
 * The direction lookup item the GPS heading (degrees clockwise from north) points to: the nearest of north, east,
 * south and west by its name ('Arah Utara' …). Null without a heading (a tablet standing still has none).
 */
export function directionForHeading(heading: number | null | undefined, directions: readonly { key: number; value: string }[]): number | null {
  if (heading === null || heading === undefined || !Number.isFinite(heading)) return null;
  const h = ((heading % 360) + 360) % 360;
  const gap = (deg: number) => Math.min(Math.abs(h - deg), 360 - Math.abs(h - deg));
  const nearest = [...COMPASS].sort((a, b) => gap(a.deg) - gap(b.deg))[0];
  return directions.find((d) => nearest.words.test(d.value) && !/kedua|both/i.test(d.value))?.key ?? null;
}

// ---------------------------------------------------------------- the form

export interface ReportFormValues {
  pkIncidentCategoryId: number | null;
  pkSectionId: number | null;
  kilometerMarker: string;
  pkCardinalDirectionId: number | null;
  note: string;
}

export type ReportField = 'pkIncidentCategoryId' | 'pkSectionId' | 'kilometerMarker' | 'pkCardinalDirectionId' | 'note';

/** What keeps Hantar from sending: the fields missing or wrong (the server's rules: a KM with a digit, a note ≤ 500). */
export function reportProblems(v: ReportFormValues): ReportField[] {
  const out: ReportField[] = [];
  if (v.pkIncidentCategoryId === null) out.push('pkIncidentCategoryId');
  if (v.pkSectionId === null) out.push('pkSectionId');
  const km = v.kilometerMarker.trim();
  if (!km || !/\d/.test(km) || km.length > 20) out.push('kilometerMarker');
  if (v.pkCardinalDirectionId === null) out.push('pkCardinalDirectionId');
  if (v.note.trim().length > FIELD_REPORT_LIMITS.noteMax) out.push('note');
  return out;
}

/** The save body (without the photo's bytes: the outbox fills fileContent from the item's Blob). */
export function toSaveBody(
  v: ReportFormValues,
  ctx: {
    rosterId: number;
    reportedAt: string;
    fix: { latitude: number; longitude: number; accuracy: number | null } | null;
    photo: { name: string; type: string; capturedAt: string | null; deviceTime: string | null } | null;
  },
): Omit<FieldReportSave, 'fileContent'> {
  const note = v.note.trim();
  return {
    pkDutyRosterId: ctx.rosterId,
    pkIncidentCategoryId: v.pkIncidentCategoryId!,
    pkSectionId: v.pkSectionId!,
    kilometerMarker: v.kilometerMarker.trim(),
    pkCardinalDirectionId: v.pkCardinalDirectionId!,
    latitude: ctx.fix?.latitude ?? null,
    longitude: ctx.fix?.longitude ?? null,
    accuracyMeters: ctx.fix?.accuracy === null || ctx.fix?.accuracy === undefined ? null : Math.min(100_000, Math.round(ctx.fix.accuracy)),
    note: note || null,
    reportedAt: ctx.reportedAt,
    ...(ctx.photo
      ? {
          documentName: ctx.photo.name,
          documentType: ctx.photo.type || 'image/jpeg',
          ...(ctx.photo.capturedAt ? { capturedAt: ctx.photo.capturedAt } : {}),
          ...(ctx.photo.deviceTime ? { deviceTime: ctx.photo.deviceTime } : {}),
        }
      : {}),
  };
}

// ---------------------------------------------------------------- Laporan saya

export type ReportOutcome =
  | { kind: 'unsent' }
  | { kind: 'refusedBySync'; message: string | null }
  | { kind: 'pending' }
  | { kind: 'accepted'; incidentId: number | null; ticket: string | null }
  | { kind: 'rejected'; reason: string | null };

export function outcomeOf(row: Pick<FieldReportRow, 'status' | 'incident' | 'rejectReason'>): ReportOutcome {
  const s: FieldReportStatus = row.status;
  if (s === 'ACCEPTED') return { kind: 'accepted', incidentId: row.incident?.pkIncidentId ?? null, ticket: row.incident?.ticketNumber ?? null };
  if (s === 'REJECTED') return { kind: 'rejected', reason: row.rejectReason };
  return { kind: 'pending' };
}

/** A report as "Laporan saya" lists it: from the server, or still on the device. */
export interface MyReport {
  key: string;
  categoryId: number;
  categoryName: string | null;
  sectionId: number;
  sectionName: string | null;
  km: string;
  directionId: number;
  directionName: string | null;
  note: string | null;
  reportedAt: string;
  hasPhoto: boolean;
  outcome: ReportOutcome;
}

export interface QueuedReport {
  clientId: string;
  /** 'pending' | 'sending' | 'parked' (refused: the sync panel shows why) */
  state: string;
  body: unknown;
  hasPhoto: boolean;
  message?: string | null;
}

const num = (x: unknown) => (typeof x === 'number' ? x : 0);
const str = (x: unknown) => (typeof x === 'string' ? x : null);

/** The outbox's reports first (newest first), then the server's (newest first); a row is never listed twice. */
export function myReports(server: readonly FieldReportRow[] | undefined, queued: readonly QueuedReport[]): MyReport[] {
  const fromDevice: MyReport[] = queued.map((q) => {
    const b = (q.body ?? {}) as Record<string, unknown>;
    return {
      key: `q:${q.clientId}`,
      categoryId: num(b.pkIncidentCategoryId),
      categoryName: null,
      sectionId: num(b.pkSectionId),
      sectionName: null,
      km: str(b.kilometerMarker) ?? '',
      directionId: num(b.pkCardinalDirectionId),
      directionName: null,
      note: str(b.note),
      reportedAt: str(b.reportedAt) ?? '',
      hasPhoto: q.hasPhoto,
      outcome: q.state === 'parked' ? { kind: 'refusedBySync', message: q.message ?? null } : { kind: 'unsent' },
    };
  });
  const fromServer: MyReport[] = (server ?? []).map((r) => ({
    key: `s:${r.pkFieldReportId}`,
    categoryId: r.pkIncidentCategoryId,
    categoryName: r.incidentCategoryName,
    sectionId: r.pkSectionId,
    sectionName: r.sectionName,
    km: r.kilometerMarker,
    directionId: r.pkCardinalDirectionId,
    directionName: r.directionName,
    note: r.note,
    reportedAt: r.reportedAt,
    hasPhoto: !!r.photo,
    outcome: outcomeOf(r),
  }));
  // a report sent a moment ago may be in both (the list was read before the outbox let go of it): the server's wins
  // (the same second, event type and KM; the server may write the instant its own way)
  const same = (r: MyReport) => `${Math.floor(Date.parse(r.reportedAt) / 1000) || r.reportedAt}|${r.categoryId}|${r.km.trim()}`;
  const sent = new Set(fromServer.map(same));
  const at = (r: MyReport) => Date.parse(r.reportedAt) || 0;
  const byTime = (a: MyReport, b: MyReport) => at(b) - at(a);
  return [...fromDevice.filter((r) => !sent.has(same(r))).sort(byTime), ...fromServer.sort(byTime)];
}
