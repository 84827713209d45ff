/**
 * The incident form's values and the pure rules around them (§2.6, §3.1, §3.4, §5): no React here, so unit tests
 * and the two screens (/kesbaru and the detail page's inline edit) share one definition.
 */
import * as z from 'zod/mini';
import type { Incident, IncidentSave, SubformRecord } from '@contract/incidents';
import { ASSIST_TYPE, EVENT_TYPE } from '@contract/lookups';
import { INCIDENT_LIMITS, SUBFORMS, hasDigit, isEventTypeId, isNumericKm, type EventTypeId, type SubformKind } from '@contract/incident-rules';
import { emptyChildren, type SubformChildren } from './children-model';
import '@/lib/i18n/parts/new-case';

// ---------------------------------------------------------------- main record

/**
 * The main fields (§2.6) under the names of the incident/save payload (§3.1), so the mapping is one-to-one.
 * `isCombinedSection`, `kmMatched` are bookkeeping the form keeps beside the values (not sent).
 */
export interface IncidentMainValues {
  pkSectionId: number | null;
  /** the specific section of a combined one (N1 of N1+N2) */
  pkSpecificSectionId: number | null;
  pkIncidentSourceId: number | null;
  pkIncidentCategoryId: number | null;
  pkHighwayId: number | null;
  pkEventLocationId: number | null;
  /** taken from the chosen event location */
  pkLocationTypeId: number | null;
  pkCardinalDirectionId: number | null;
  kilometerMarker: string;
  pkDutyRosterId: number | null;
  pkWeatherConditionId: number | null;
  pkLightingConditionId: number | null;
  /** from the kilometre check (a marker match); null when it did not match */
  latitude: number | null;
  longtitude: number | null;
  /** the chosen section is combined (N1+N2, N3+N7, S5+S6): the specific section is then required */
  isCombinedSection: boolean;
  /** result of the kilometre check: true match, false no match, null not checked (yet) */
  kmMatched: boolean | null;
}

export const emptyMainValues = (): IncidentMainValues => ({
  pkSectionId: null,
  pkSpecificSectionId: null,
  pkIncidentSourceId: null,
  pkIncidentCategoryId: null,
  pkHighwayId: null,
  pkEventLocationId: null,
  pkLocationTypeId: null,
  pkCardinalDirectionId: null,
  kilometerMarker: '',
  pkDutyRosterId: null,
  pkWeatherConditionId: null,
  pkLightingConditionId: null,
  latitude: null,
  longtitude: null,
  isCombinedSection: false,
  kmMatched: null,
});

/** The main values of a saved incident (read side of §3.1), for the detail page's inline form. */
export function mainValuesFromIncident(i: Incident): IncidentMainValues {
  return {
    pkSectionId: i.section.pkSectionId,
    pkSpecificSectionId: i.specificSection?.pkSectionId ?? null,
    pkIncidentSourceId: i.incidentSource.key,
    pkIncidentCategoryId: i.incidentCategory.key,
    pkHighwayId: i.highway.key,
    pkEventLocationId: i.eventLocation?.key ?? null,
    pkLocationTypeId: i.locationType?.key ?? null,
    pkCardinalDirectionId: i.cardinalDirection.key,
    kilometerMarker: i.kilometerMarker,
    pkDutyRosterId: i.dutyRoster?.pkDutyRosterId ?? null,
    pkWeatherConditionId: i.weatherCondition?.key ?? null,
    pkLightingConditionId: i.lightingCondition?.key ?? null,
    latitude: i.latitude,
    longtitude: i.longtitude,
    isCombinedSection: i.section.isCombined,
    kmMatched: i.latitude !== null && i.longtitude !== null ? true : null,
  };
}

/** Which main fields are enabled (§5): highway, event location, direction and kilometre need a section first. */
export interface MainEnablement {
  specificSection: boolean;
  highway: boolean;
  eventLocation: boolean;
  direction: boolean;
  /** also needs the specific section when the section is combined */
  kilometer: boolean;
}

export function mainEnablement(
  v: Pick<IncidentMainValues, 'pkSectionId' | 'pkSpecificSectionId' | 'isCombinedSection'>,
  disabled = false,
): MainEnablement {
  const section = !disabled && v.pkSectionId !== null;
  return {
    specificSection: section && v.isCombinedSection,
    highway: section,
    eventLocation: section,
    direction: section,
    kilometer: section && (!v.isCombinedSection || v.pkSpecificSectionId !== null),
  };
}

/** The step-1 fields whose absence keeps Next disabled (§5), in the order the form shows them. */
export const STEP1_REQUIRED = [
  'pkSectionId',
  'pkSpecificSectionId',
  'pkIncidentSourceId',
  'pkIncidentCategoryId',
  'pkHighwayId',
  'pkEventLocationId',
  'pkCardinalDirectionId',
  'kilometerMarker',
  'pkDutyRosterId',
] as const satisfies readonly (keyof IncidentMainValues)[];
export type Step1Field = (typeof STEP1_REQUIRED)[number];

/**
 * The step-1 fields still missing (§5: section, assign-to roster, kilometre, direction, event location, highway,
 * event type and source; the specific section when the section is combined; a kilometre with a digit).
 * Empty: Next may be pressed. A kilometre that did not match a marker does not block (see kmMatched).
 */
export function missingStep1(v: IncidentMainValues, opts: { requireRoster?: boolean } = {}): Step1Field[] {
  const out: Step1Field[] = [];
  if (v.pkSectionId === null) out.push('pkSectionId');
  if (v.isCombinedSection && v.pkSpecificSectionId === null) out.push('pkSpecificSectionId');
  if (v.pkIncidentSourceId === null) out.push('pkIncidentSourceId');
  if (v.pkIncidentCategoryId === null || !isEventTypeId(v.pkIncidentCategoryId)) out.push('pkIncidentCategoryId');
  if (v.pkHighwayId === null) out.push('pkHighwayId');
  if (v.pkEventLocationId === null) out.push('pkEventLocationId');
  if (v.pkCardinalDirectionId === null) out.push('pkCardinalDirectionId');
  if (!kilometerOk(v.kilometerMarker)) out.push('kilometerMarker');
  if ((opts.requireRoster ?? true) && v.pkDutyRosterId === null) out.push('pkDutyRosterId');
  return out;
}

export const canGoNext = (v: IncidentMainValues) => missingStep1(v).length === 0;

/** §5/§9: at least one digit, within the length the server takes. */
export const kilometerOk = (km: string) => {
  const t = km.trim();
  return t.length > 0 && t.length <= INCIDENT_LIMITS.kilometerMaxLength && hasDigit(t);
};

/**
 * §5 edit form: saving needs a section (and the specific section when combined) and a numeric kilometre; else the
 * detail page shows 'Sila pilih "Seksyen" dan semak maklumat "Kilometer" dan "Ditugaskan Kepada' for 10 s.
 */
export const editSaveReady = (v: IncidentMainValues) =>
  v.pkSectionId !== null && (!v.isCombinedSection || v.pkSpecificSectionId !== null) && isNumericKm(v.kilometerMarker);

/** The incident/save payload (IncidentSaveSchema) of the main values. Date and time are the server's on a new case. */
export function toIncidentSavePayload(
  v: IncidentMainValues,
  extra: {
    pkIncidentId?: number;
    version?: number;
    justification?: string;
  } = {},
): IncidentSave {
  const req = <T>(x: T | null, name: string): T => {
    if (x === null) throw new Error(`${name} is required`);
    return x;
  };
  const matched = v.kmMatched === true && v.latitude !== null && v.longtitude !== null;
  const payload: IncidentSave = {
    pkIncidentSourceId: req(v.pkIncidentSourceId, 'pkIncidentSourceId'),
    pkSectionId: req(v.pkSectionId, 'pkSectionId'),
    pkSpecificSectionId: v.isCombinedSection ? req(v.pkSpecificSectionId, 'pkSpecificSectionId') : null,
    pkDutyRosterId: v.pkDutyRosterId,
    pkIncidentCategoryId: req(v.pkIncidentCategoryId, 'pkIncidentCategoryId'),
    pkEventLocationId: req(v.pkEventLocationId, 'pkEventLocationId'),
    pkLocationTypeId: v.pkLocationTypeId,
    pkCardinalDirectionId: req(v.pkCardinalDirectionId, 'pkCardinalDirectionId'),
    pkWeatherConditionId: v.pkWeatherConditionId,
    pkLightingConditionId: v.pkLightingConditionId,
    kilometerMarker: v.kilometerMarker.trim(),
    pkHighwayId: req(v.pkHighwayId, 'pkHighwayId'),
    // coordinates only from a marker match (§5 "a match ... takes its coordinates")
    latitude: matched ? v.latitude : null,
    longtitude: matched ? v.longtitude : null,
  };
  if (extra.pkIncidentId !== undefined) payload.pkIncidentId = extra.pkIncidentId;
  if (extra.version !== undefined) payload.version = extra.version;
  if (extra.justification !== undefined) payload.justification = extra.justification;
  return payload;
}

const requiredId = (message: string) => z.nullable(z.number()).check(z.refine((n) => n !== null, message));
const optionalId = z.nullable(z.number());

/**
 * zod/mini rules of the main fields (client copy of IncidentSaveSchema's, with the form's messages). Messages are
 * Malay product texts; the resolver shows them under the fields.
 */
export const IncidentMainSchema = z
  .object({
    pkSectionId: requiredId('Sila pilih seksyen'),
    pkSpecificSectionId: optionalId,
    pkIncidentSourceId: requiredId('Sila pilih sumber laporan'),
    pkIncidentCategoryId: requiredId('Sila pilih jenis kejadian'),
    pkHighwayId: requiredId('Sila pilih lebuhraya'),
    pkEventLocationId: requiredId('Sila pilih lokasi kejadian'),
    pkLocationTypeId: optionalId,
    pkCardinalDirectionId: requiredId('Sila pilih arah'),
    kilometerMarker: z.string().check(
      z.refine((s) => s.trim().length > 0, 'Kilometer diperlukan'),
      z.refine((s) => s.trim().length <= INCIDENT_LIMITS.kilometerMaxLength, `Kilometer maksimum ${INCIDENT_LIMITS.kilometerMaxLength} aksara`),
      z.refine(hasDigit, 'Min 1 aksara bernombor'),
    ),
    pkDutyRosterId: optionalId,
    pkWeatherConditionId: optionalId,
    pkLightingConditionId: optionalId,
    latitude: z.nullable(z.number()),
    longtitude: z.nullable(z.number()),
    isCombinedSection: z.boolean(),
    kmMatched: z.nullable(z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.isCombinedSection && v.pkSpecificSectionId === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['pkSpecificSectionId'],
          message: 'Sila pilih seksyen khusus',
        });
      }
    }),
  );

// ---------------------------------------------------------------- subforms (§2.9–2.15, §3.4)

/**
 * The top-level subform fields of every type in one flat record (the fields of SubformRecord): the type decides
 * which of them the form shows and the payload sends. Child lists (vehicles, injuries, lanes, …) are issue #5.
 */
export interface SubformValues {
  /** the saved subform's id (the type's own id field), null before the first save */
  subformId: number | null;
  version: number | null;
  remark: string;
  pkCasualTypeId: number | null;
  pkAssistTypeId: number | null;
  naFlagTrafficJam: boolean;
  naFlagLaneClosure: boolean;
  naFlagRoadFurniture: boolean;
  pkBreakdownCauseId: number | null;
  pkObstacleObjectTypeId: number | null;
  pkStrayAnimalTypeId: number | null;
  moveToSafety: boolean | null;
  pkHazardTypeId: number | null;
  pkOthersTypeId: number | null;
  /** the child lists (§3.5): vehicles, injuries, lanes, assistance items, …, with the saved ids removed (§4.7) */
  children: SubformChildren;
}

export const emptySubformValues = (): SubformValues => ({
  subformId: null,
  version: null,
  remark: '',
  pkCasualTypeId: null,
  pkAssistTypeId: null,
  naFlagTrafficJam: false,
  naFlagLaneClosure: false,
  naFlagRoadFurniture: false,
  pkBreakdownCauseId: null,
  pkObstacleObjectTypeId: null,
  pkStrayAnimalTypeId: null,
  moveToSafety: null,
  pkHazardTypeId: null,
  pkOthersTypeId: null,
  children: emptyChildren(),
});

/** The values of a saved subform (get/save answer); the child lists come from their own calls (children-io.ts). */
export function subformValuesFromRecord(r: SubformRecord, children: SubformChildren = emptyChildren()): SubformValues {
  return {
    subformId: r.subformId,
    version: r.version,
    remark: (r.remark ?? '').toUpperCase(),
    pkCasualTypeId: r.pkCasualTypeId,
    pkAssistTypeId: r.pkAssistTypeId,
    naFlagTrafficJam: r.naFlagTrafficJam,
    naFlagLaneClosure: r.naFlagLaneClosure,
    naFlagRoadFurniture: r.naFlagRoadFurniture,
    pkBreakdownCauseId: r.pkBreakdownCauseId,
    pkObstacleObjectTypeId: r.pkObstacleObjectTypeId,
    pkStrayAnimalTypeId: r.pkStrayAnimalTypeId,
    moveToSafety: r.moveToSafety,
    pkHazardTypeId: r.pkHazardTypeId,
    pkOthersTypeId: r.pkOthersTypeId,
    children,
  };
}

type SubformField = Exclude<keyof SubformValues, 'subformId' | 'version' | 'remark' | 'children'>;

/** The own fields of each subform kind (§3.4), besides remark. */
export const SUBFORM_FIELDS: Record<SubformKind, readonly SubformField[]> = {
  accident: ['pkCasualTypeId', 'pkAssistTypeId', 'naFlagTrafficJam', 'naFlagLaneClosure', 'naFlagRoadFurniture'],
  breakdown: ['pkBreakdownCauseId', 'pkAssistTypeId'],
  obstacle: ['pkObstacleObjectTypeId', 'pkAssistTypeId', 'moveToSafety'],
  strayAnimal: ['pkStrayAnimalTypeId', 'pkAssistTypeId', 'moveToSafety'],
  roadConditionHazard: ['pkHazardTypeId', 'pkAssistTypeId'],
  roadFurniture: ['pkAssistTypeId'],
  others: ['pkOthersTypeId', 'pkAssistTypeId'],
};

/**
 * §2.12 and §2.15: road condition (188) and asset damage (189) restrict assistance to the other-assistance list, so
 * their only choice is "other assistance" (277) or none. The others offer the whole assistType list.
 */
export const ASSIST_OTHER_ONLY: readonly number[] = [EVENT_TYPE.ROAD_CONDITION, EVENT_TYPE.ROAD_FURNITURE];
export const assistChoiceKind = (eventTypeId: number): 'radio' | 'otherOnly' => (ASSIST_OTHER_ONLY.includes(eventTypeId) ? 'otherOnly' : 'radio');
export const OTHER_ASSIST_KEY = ASSIST_TYPE.OTHER;

/** Remark as the subforms keep it (§5): upper case, at most 500 characters. */
export const normalizeRemark = (s: string) => s.toUpperCase().slice(0, INCIDENT_LIMITS.remarkMax);

/**
 * The subform save payload (…/save of SUBFORMS[type].path): pkIncidentId, the numeric incident-type id (§2.15),
 * remark, the type's own fields, and its own id and version when the subform exists already.
 */
export function toSubformPayload(eventTypeId: EventTypeId, v: SubformValues, pkIncidentId: number): Record<string, unknown> {
  const meta = SUBFORMS[eventTypeId];
  const payload: Record<string, unknown> = {
    pkIncidentId,
    incidentTypeId: eventTypeId,
    remark: normalizeRemark(v.remark),
  };
  for (const f of SUBFORM_FIELDS[meta.kind]) {
    const value = v[f];
    if (f === 'pkAssistTypeId' && assistChoiceKind(eventTypeId) === 'otherOnly') {
      payload[f] = value === OTHER_ASSIST_KEY ? OTHER_ASSIST_KEY : null;
    } else {
      payload[f] = value;
    }
  }
  if (v.subformId !== null) payload[meta.idField] = v.subformId;
  if (v.version !== null) payload.version = v.version;
  return payload;
}

export const SubformSchema = z.object({
  subformId: z.nullable(z.number()),
  version: z.nullable(z.number()),
  remark: z.string().check(z.maxLength(INCIDENT_LIMITS.remarkMax, `Catatan maksimum ${INCIDENT_LIMITS.remarkMax} aksara`)),
  pkCasualTypeId: optionalId,
  pkAssistTypeId: optionalId,
  naFlagTrafficJam: z.boolean(),
  naFlagLaneClosure: z.boolean(),
  naFlagRoadFurniture: z.boolean(),
  pkBreakdownCauseId: optionalId,
  pkObstacleObjectTypeId: optionalId,
  pkStrayAnimalTypeId: optionalId,
  moveToSafety: z.nullable(z.boolean()),
  pkHazardTypeId: optionalId,
  pkOthersTypeId: optionalId,
  /** the child lists are checked by their editors (children-rules.ts) before an item is added */
  children: z.custom<SubformChildren>(),
});

/** Parses a select's string value: '' is no choice. */
export const idFromInput = (s: string): number | null => (s === '' ? null : Number.isFinite(Number(s)) ? Number(s) : null);

/** 'x.xx km' (§9: vehicle-to-incident distance in km with 2 decimals). */
export const formatKm = (km: number) => `${km.toFixed(2)} km`;

/** The i18n key of the §8 message when the subform of this event type could not be saved. */
export const subformFailedKey = (eventTypeId: EventTypeId) => `newCase.subformFailed.${SUBFORMS[eventTypeId].kind}` as const;
