/**
 * incident/save (§3.1, §4.2): a new case (TMCA/TMCS: ticket, date and time now, the 203 assignment) or an edit of one
 * (the §6 edit rule, optimistic version, reassignment, event-type change, a superadmin's data correction). One
 * transaction: the incident row, its 203 audit entry, the replaced subform and the correction journal entry are
 * written together or not at all.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { IncidentSave, IncidentSaved } from '../../../contract/incidents';
import { canEditCase, isEventTypeId, journalReadStatus, parseKm } from '../../../contract/incident-rules';
import { STATUS } from '../../../contract/lookups';
import { FUTURE_ALLOWANCE_MS } from '../../../contract/date-rules';
import { can } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { dutyRoster, eventLocation, gpsKmMarker, highway, incident, incidentSubform, journalEntry, section } from '../../db/schema';
import { seesAllRegions } from '../../plugins/auth';
import { badRequest, conflict, forbidden, staleConflict } from '../../lib/http-error';
import { raiseReassignmentAlert } from '../comms/alerts';
import { acceptReport, EDIT_REFUSED_MESSAGE, lockPendingReport } from '../field-report/service';
import { incidentAccess } from './access';
import { insertAudit, statusPatch } from './audit';
import { getIncident } from './queries';
import {
  checkLookups,
  checkRoster,
  finalCaseMessage,
  isFinalCase,
  isSuperadmin,
  localDateTime,
  localDisplay,
  localHms,
  localYmd,
  lookupMap,
  softDeleteSubformChildren,
  STALE_MESSAGE,
  type Tx,
} from './refs';
import { nextTicketNumber } from './ticket';
import { now as clockNow } from '../../lib/clock';

export const SAVED_MESSAGE = 'Kes berjaya disimpan.';

/**
 * 409 of a stale `version` with the record as it is now in `body.current` (offline sync, #4): the client that saved
 * from an older version (an edit queued offline) can show the two side by side instead of reloading blind.
 */
export const CORRECTION_MESSAGE = 'Changes logged successfully.';
/** A kilometre read within this distance of a 100 m marker takes the marker's coordinates (§5). */
const MARKER_BOUND_KM = 0.1;
/** the case time may be this far ahead of the server clock (contract/date-rules.ts) */
const FUTURE_SLACK_MS = FUTURE_ALLOWANCE_MS;

interface SectionRef {
  id: number;
  name: string;
  regionId: number;
  highwayId: number;
  highwayCode: string;
  isCombined: boolean;
  combinedSectionId: number | null;
}

async function sectionRef(tx: Tx, id: number): Promise<SectionRef | undefined> {
  const [s] = await tx
    .select({
      id: section.id,
      name: section.name,
      regionId: section.regionId,
      highwayId: section.highwayId,
      highwayCode: highway.code,
      isCombined: section.isCombined,
      combinedSectionId: section.combinedSectionId,
    })
    .from(section)
    .innerJoin(highway, eq(highway.id, section.highwayId))
    .where(eq(section.id, id))
    .limit(1);
  return s;
}

interface Refs {
  section: SectionRef;
  specific: SectionRef | null;
  /** the section the kilometre and the event location lie on: the specific one of a combined section */
  physical: SectionRef;
}

/** Every reference of the payload, checked against the data and the caller's region. */
async function resolveRefs(tx: Tx, user: TokenClaims, input: IncidentSave): Promise<Refs> {
  const s = await sectionRef(tx, input.pkSectionId);
  if (!s) throw badRequest(`Seksyen ${input.pkSectionId} tidak wujud.`, 'pkSectionId');
  if (!seesAllRegions(user) && s.regionId !== user.reg) throw forbidden('Seksyen ini di luar wilayah anda.');
  if (s.name.includes('G')) throw badRequest(`Seksyen ${s.name} tidak boleh dipilih untuk kes.`, 'pkSectionId');
  if (s.combinedSectionId !== null) {
    const [parent] = await tx.select({ name: section.name }).from(section).where(eq(section.id, s.combinedSectionId));
    throw badRequest(
      `Seksyen ${s.name} dikendalikan sebagai ${parent?.name ?? 'seksyen gabungan'}: pilih seksyen gabungan itu dan seksyen khusus ${s.name}.`,
      'pkSectionId',
    );
  }
  let specific: SectionRef | null = null;
  if (s.isCombined) {
    if (input.pkSpecificSectionId == null) throw badRequest(`Sila pilih seksyen khusus bagi seksyen gabungan ${s.name}.`, 'pkSpecificSectionId');
    const sp = await sectionRef(tx, input.pkSpecificSectionId);
    if (!sp || sp.combinedSectionId !== s.id)
      throw badRequest(`Seksyen khusus ${sp?.name ?? input.pkSpecificSectionId} bukan sebahagian daripada ${s.name}.`, 'pkSpecificSectionId');
    specific = sp;
  } else if (input.pkSpecificSectionId != null && input.pkSpecificSectionId !== s.id) {
    throw badRequest(`Seksyen ${s.name} bukan seksyen gabungan: seksyen khusus tidak diperlukan.`, 'pkSpecificSectionId');
  }
  const physical = specific ?? s;

  const [loc] = await tx
    .select({ sectionId: eventLocation.sectionId })
    .from(eventLocation)
    .where(eq(eventLocation.id, input.pkEventLocationId))
    .limit(1);
  if (!loc || loc.sectionId !== physical.id) throw badRequest(`Lokasi kejadian bukan dalam seksyen ${physical.name}.`, 'pkEventLocationId');
  if (input.pkHighwayId !== physical.highwayId)
    throw badRequest(`Lebuhraya tidak sepadan dengan seksyen ${physical.name} (${physical.highwayCode}).`, 'pkHighwayId');

  if (!isEventTypeId(input.pkIncidentCategoryId))
    throw badRequest(`Jenis kejadian tidak sah (kod ${input.pkIncidentCategoryId}; mesti 184–190).`, 'pkIncidentCategoryId');
  await checkLookups(tx, [
    { field: 'pkIncidentSourceId', value: input.pkIncidentSourceId, category: 'incidentSource', label: 'Sumber laporan' },
    { field: 'pkIncidentCategoryId', value: input.pkIncidentCategoryId, category: 'incidentCategory', label: 'Jenis kejadian' },
    { field: 'pkCardinalDirectionId', value: input.pkCardinalDirectionId, category: 'cardinalDirection', label: 'Arah' },
    { field: 'pkWeatherConditionId', value: input.pkWeatherConditionId, category: 'weatherConditionCode', label: 'Keadaan cuaca' },
    { field: 'pkLightingConditionId', value: input.pkLightingConditionId, category: 'lightingCondition', label: 'Pencahayaan' },
    { field: 'incidentSeverityId', value: input.incidentSeverityId, category: 'incidentSeverity', label: 'Tahap insiden' },
    { field: 'pkLocationTypeId', value: input.pkLocationTypeId, category: 'locationType', label: 'Jenis lokasi' },
  ]);
  return { section: s, specific, physical };
}

/** The 100 m marker of the section nearest to the kilometre, when within 0.1 km (index gps_km_marker_section_km_idx). */
async function markerCoordinates(tx: Tx, sectionId: number, km: number): Promise<{ latitude: number; longitude: number } | null> {
  const bound = MARKER_BOUND_KM + 1e-4;
  const [m] = await tx
    .select({ latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
    .from(gpsKmMarker)
    .where(and(eq(gpsKmMarker.sectionId, sectionId), sql`${gpsKmMarker.km} between ${km - bound} and ${km + bound}`))
    .orderBy(sql`abs(${gpsKmMarker.km} - ${km})`)
    .limit(1);
  return m ?? null;
}

type IncidentRow = typeof incident.$inferSelect;
type IncidentValues = Pick<
  IncidentRow,
  | 'sectionId'
  | 'specificSectionId'
  | 'regionId'
  | 'highwayId'
  | 'eventLocationId'
  | 'locationTypeId'
  | 'sourceId'
  | 'categoryId'
  | 'severityId'
  | 'directionId'
  | 'weatherId'
  | 'lightingId'
  | 'kilometerMarker'
  | 'km'
  | 'chainage'
  | 'latitude'
  | 'longitude'
  | 'incidentAt'
>;

// ------------------------------------------------------------------------------------------------ correction entry

const CORRECTION_FIELDS: {
  key: keyof IncidentValues | 'dutyRosterId';
  label: string;
  kind: 'section' | 'lookup' | 'highway' | 'location' | 'text' | 'time' | 'roster';
}[] = [
  { key: 'sectionId', label: 'Seksyen', kind: 'section' },
  { key: 'specificSectionId', label: 'Seksyen Khusus', kind: 'section' },
  { key: 'sourceId', label: 'Sumber', kind: 'lookup' },
  { key: 'categoryId', label: 'Jenis Kejadian', kind: 'lookup' },
  { key: 'severityId', label: 'Tahap Insiden', kind: 'lookup' },
  { key: 'highwayId', label: 'Lebuhraya', kind: 'highway' },
  { key: 'eventLocationId', label: 'Lokasi Kejadian', kind: 'location' },
  { key: 'locationTypeId', label: 'Jenis Lokasi', kind: 'lookup' },
  { key: 'directionId', label: 'Arah', kind: 'lookup' },
  { key: 'kilometerMarker', label: 'Kilometer', kind: 'text' },
  { key: 'weatherId', label: 'Keadaan Cuaca', kind: 'lookup' },
  { key: 'lightingId', label: 'Pencahayaan', kind: 'lookup' },
  { key: 'incidentAt', label: 'Tarikh/Masa', kind: 'time' },
  { key: 'latitude', label: 'Latitud', kind: 'text' },
  { key: 'longitude', label: 'Longitud', kind: 'text' },
  { key: 'dutyRosterId', label: 'Ditugaskan Kepada', kind: 'roster' },
];

type Comparable = IncidentValues & { dutyRosterId: number | null };

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** 'Field: old → new' for every changed field, with names instead of ids. */
export async function describeChanges(tx: Tx, before: Comparable, after: Comparable): Promise<string[]> {
  const changed = CORRECTION_FIELDS.filter((f) => !same(before[f.key], after[f.key]));
  if (!changed.length) return [];
  const ids = (kind: string) =>
    changed
      .filter((f) => f.kind === kind)
      .flatMap((f) => [before[f.key], after[f.key]])
      .filter((v): v is number => typeof v === 'number');
  const [lookups, sections, highways, locations, rosters] = await Promise.all([
    lookupMap(tx, ids('lookup')),
    ids('section').length
      ? tx
          .select({ id: section.id, name: section.name })
          .from(section)
          .where(inArray(section.id, ids('section')))
      : [],
    ids('highway').length
      ? tx
          .select({ id: highway.id, name: highway.code })
          .from(highway)
          .where(inArray(highway.id, ids('highway')))
      : [],
    ids('location').length
      ? tx
          .select({ id: eventLocation.id, name: eventLocation.name })
          .from(eventLocation)
          .where(inArray(eventLocation.id, ids('location')))
      : [],
    ids('roster').length
      ? tx
          .select({ id: dutyRoster.id, name: dutyRoster.dutyRosterName })
          .from(dutyRoster)
          .where(inArray(dutyRoster.id, ids('roster')))
      : [],
  ]);
  const named = (list: { id: number; name: string }[], v: number) => list.find((x) => x.id === v)?.name ?? String(v);
  const show = (kind: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '-';
    switch (kind) {
      case 'lookup':
        return lookups.get(v as number)?.value ?? String(v);
      case 'section':
        return named(sections, v as number);
      case 'highway':
        return named(highways, v as number);
      case 'location':
        return named(locations, v as number);
      case 'roster':
        return named(rosters, v as number);
      case 'time':
        return localDisplay(v as Date);
      default:
        return String(v);
    }
  };
  return changed.map((f) => `${f.label}: ${show(f.kind, before[f.key])} → ${show(f.kind, after[f.key])}`);
}

export async function writeCorrectionEntry(
  tx: Tx,
  user: TokenClaims,
  c: { incidentId: number; subformId: number | null },
  title: string,
  lines: string[],
  justification?: string,
) {
  const entry = [title, ...lines, ...(justification ? [`Justifikasi: ${justification}`] : [])].join('\n');
  await tx.insert(journalEntry).values({
    incidentId: c.incidentId,
    subformId: c.subformId,
    staffId: user.sid,
    roleName: user.rn,
    entry,
    kind: 'CORRECTION',
    readStatus: journalReadStatus(user.rn),
    createdAt: clockNow(),
  });
}

// ------------------------------------------------------------------------------------------------ save

export async function saveIncident(
  db: Db,
  user: TokenClaims,
  input: IncidentSave,
  now = clockNow(),
): Promise<{ saved: IncidentSaved; statusMsg: string }> {
  // a patrol's field report is accepted into a new case only (issue #30 item 2)
  if (input.fieldReportId != null && input.pkIncidentId) throw badRequest(EDIT_REFUSED_MESSAGE, 'fieldReportId');
  return db.transaction(async (tx) => {
    // ---- the case being edited: access first, row locked, then the §6 edit rule and the version
    let current: IncidentRow | null = null;
    let correction = false;
    if (input.pkIncidentId) {
      await incidentAccess(tx, user, input.pkIncidentId, { forUpdate: true });
      [current] = await tx.select().from(incident).where(eq(incident.id, input.pkIncidentId));
      if (!can(user.rn, 'editCase')) throw forbidden('Anda tidak dibenarkan mengemaskini kes.');
      if (!canEditCase(user.rn, current.statusId, current.everCancelled)) {
        throw conflict(
          isSuperadmin(user)
            ? 'Superadmin hanya mengemaskini kes yang telah ditutup (Tutup) atau dibatalkan; kes terbuka dikemaskini oleh TMC.'
            : finalCaseMessage(current),
        );
      }
      // an edit says which version it was made on; without it a save would overwrite whatever came in between
      if (input.version === undefined) throw badRequest('Input tidak sah: version — versi kes diperlukan untuk mengemaskini kes.', 'version');
      if (input.version !== current.version) throw staleConflict(STALE_MESSAGE, await getIncident(tx, user, current.id));
      correction = isSuperadmin(user) && isFinalCase(current);
      if (correction && !input.justification) throw badRequest('* Justification is required', 'justification');
    } else if (!can(user.rn, 'newCase')) {
      throw forbidden('Hanya TMCA dan TMCS boleh merekod kes baharu.');
    }
    // ---- Terima of a field report: still pending, of the caller's region, locked until this case is written (409
    // when another operator decided it first: nothing is created)
    const report = input.fieldReportId != null ? await lockPendingReport(tx, user, input.fieldReportId) : null;

    // ---- references, kilometre, coordinates, date and time
    const refs = await resolveRefs(tx, user, input);
    const kmText = input.kilometerMarker.trim();
    const km = parseKm(kmText);
    if ((input.latitude == null) !== (input.longtitude == null)) {
      throw badRequest('Latitud dan longitud mesti diberi bersama.', input.latitude == null ? 'latitude' : 'longtitude');
    }
    let latitude: number | null = input.latitude ?? null;
    let longitude: number | null = input.longtitude ?? null;
    if (latitude === null && km !== null) {
      const m = await markerCoordinates(tx, refs.physical.id, km);
      if (m) ({ latitude, longitude } = m);
    }
    if (latitude === null && current && current.kilometerMarker === kmText && (current.specificSectionId ?? current.sectionId) === refs.physical.id) {
      // same place as before and nothing new measured: keep what the case had
      latitude = current.latitude;
      longitude = current.longitude;
    }
    let incidentAt = now;
    if (current) {
      incidentAt = current.incidentAt;
      if (input.date || input.time) {
        incidentAt = localDateTime(input.date ?? localYmd(current.incidentAt), input.time ?? localHms(current.incidentAt));
        if (incidentAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
          throw badRequest('Tarikh dan masa kes tidak boleh pada masa hadapan.', input.date ? 'date' : 'time');
      }
    }
    const values: IncidentValues = {
      sectionId: refs.section.id,
      specificSectionId: refs.specific?.id ?? null,
      regionId: refs.section.regionId,
      highwayId: input.pkHighwayId,
      eventLocationId: input.pkEventLocationId,
      locationTypeId: input.pkLocationTypeId ?? null,
      sourceId: input.pkIncidentSourceId,
      categoryId: input.pkIncidentCategoryId,
      severityId: input.incidentSeverityId ?? null,
      directionId: input.pkCardinalDirectionId,
      weatherId: input.pkWeatherConditionId ?? null,
      lightingId: input.pkLightingConditionId ?? null,
      kilometerMarker: kmText,
      km,
      chainage: `${kmText} (${refs.physical.name})`,
      latitude,
      longitude,
      incidentAt,
    };

    // ---- the roster: required on a new case; on an edit a different one is a reassignment (§4.2: new 203)
    let assignTo: number | null = null;
    if (!current) {
      if (input.pkDutyRosterId == null) throw badRequest('Sila pilih "Ditugaskan Kepada".', 'pkDutyRosterId');
      assignTo = (await checkRoster(tx, user, input.pkDutyRosterId, { field: 'pkDutyRosterId', caseRegionId: values.regionId, now })).id;
    } else if (input.pkDutyRosterId != null && input.pkDutyRosterId !== current.dutyRosterId) {
      if (isFinalCase(current)) throw conflict('Tugasan tidak boleh diubah pada kes yang telah ditutup atau dibatalkan.');
      assignTo = (await checkRoster(tx, user, input.pkDutyRosterId, { field: 'pkDutyRosterId', caseRegionId: values.regionId, now })).id;
    }

    // ---- a new case
    if (!current) {
      const ticketNumber = await nextTicketNumber(tx, refs.physical, now);
      const [row] = await tx
        .insert(incident)
        .values({
          ...values,
          ticketNumber,
          createdByStaffId: user.sid,
          createdByUserId: Number(user.sub),
          ...statusPatch(STATUS.ASSIGNED, now),
          dutyRosterId: assignTo,
          version: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: incident.id, version: incident.version });
      await insertAudit(tx, { incidentId: row.id, statusId: STATUS.ASSIGNED, user, rosterId: assignTo, at: now });
      // the report accepted into this case: its journal entry and photo, its status, the patrol's alert
      if (report) await acceptReport(tx, user, report, { incidentId: row.id, ticketNumber, sectionId: values.sectionId }, now);
      return {
        saved: { pkIncidentId: row.id, ticketNumber, incidentStatusId: STATUS.ASSIGNED, subformId: null, version: row.version },
        statusMsg: SAVED_MESSAGE,
      };
    }

    // ---- an edit
    let subformId = current.subformId;
    let subformDropped = false;
    if (values.categoryId !== current.categoryId) {
      // §4.2: the old subform goes with the old event type (a client that already deleted it finds nothing here)
      const dropped = await tx
        .update(incidentSubform)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(incidentSubform.incidentId, current.id), isNull(incidentSubform.deletedAt), ne(incidentSubform.typeId, values.categoryId)))
        .returning({ id: incidentSubform.id });
      await softDeleteSubformChildren(
        tx,
        dropped.map((d) => d.id),
        now,
      );
      if (subformId !== null && dropped.some((d) => d.id === subformId)) subformId = null;
      subformDropped = dropped.length > 0;
    }
    const patch = assignTo !== null ? { ...statusPatch(STATUS.ASSIGNED, now), dutyRosterId: assignTo } : {};
    const [row] = await tx
      .update(incident)
      .set({ ...values, ...patch, subformId, version: sql`${incident.version} + 1`, updatedAt: now })
      .where(eq(incident.id, current.id))
      .returning({ version: incident.version, statusId: incident.statusId, subformId: incident.subformId });
    if (assignTo !== null) {
      const auditId = await insertAudit(tx, { incidentId: current.id, statusId: STATUS.ASSIGNED, user, rosterId: assignTo, at: now });
      // issue #6: the reassignment alert (new roster's patrol team, the region's TMC users)
      await raiseReassignmentAlert(tx, { incidentId: current.id, auditId, actorUserId: Number(user.sub) });
    }
    let statusMsg = SAVED_MESSAGE;
    if (correction) {
      const lines = await describeChanges(tx, current, { ...values, dutyRosterId: assignTo ?? current.dutyRosterId });
      if (subformDropped) lines.push('Subform jenis kejadian lama dipadam.');
      if (lines.length) {
        await writeCorrectionEntry(
          tx,
          user,
          { incidentId: current.id, subformId: row.subformId },
          `Pembetulan data kes ${current.ticketNumber}:`,
          lines,
          input.justification,
        );
        statusMsg = CORRECTION_MESSAGE;
      }
    }
    return {
      saved: {
        pkIncidentId: current.id,
        ticketNumber: current.ticketNumber,
        incidentStatusId: row.statusId,
        subformId: row.subformId,
        version: row.version,
      },
      statusMsg,
    };
  });
}
