/**
 * The shared incident form (§2.6, §2.9–2.15, §3.1, §3.4, §5): used by /kesbaru and by the detail page's inline
 * edit form.
 *
 * IncidentMainFields — the main fields, inside a react-hook-form <FormProvider> whose values have
 *   IncidentMainValues at the TOP level (start from emptyMainValues() or mainValuesFromIncident(incident); validate
 *   with IncidentMainSchema). Props:
 *   - disabled?: boolean          read-only: every control disabled; rosters and the km check are not fetched
 *   - regionId?: number           sections and on-shift rosters of this region (undefined: all regions)
 *   - reportedBy: string          Report By (the signed-in user on a new case, the creator on a saved one)
 *   - dateTime?: string           Date/Time of a saved case; omitted on a new case (ticking "now", server sets it)
 *   - tickets?: {ticketNumber, cipTicketNumber, mhroadsTicketNumber}   shown read-only (inline form only)
 *   - currentRoster?: Incident['dutyRoster']   listed in Assign To even when no longer on shift
 *   - hideAssignTo?: boolean      §4.2: status 298 hides Assign To
 *   - columns?: 1 | 2             2 (default): one column on tablets, two from lg; 1 for narrow places
 *   The §5 rules are built in: highway, event location, direction and kilometre are disabled until a section is
 *   chosen (kilometre also needs the specific section of a combined one); choosing a section preselects its highway;
 *   the kilometre is checked against the section's markers (debounced) and a match stores latitude/longtitude and
 *   kmMatched=true in the form (no match: kmMatched=false, a warning, not blocking). Pure rules for buttons:
 *   missingStep1 / canGoNext (Next of /kesbaru), editSaveReady (Simpan of the edit form), mainEnablement.
 *   Payload: toIncidentSavePayload(values, { pkIncidentId, version, justification }).
 *
 * SubformFields — the top-level fields of the subform of `eventTypeId` (184–190), controlled:
 *   { eventTypeId: number | null, value: SubformValues, onChange(next), disabled?, errors? }
 *   or SubformFieldsField { control, name, eventTypeId, disabled? } bound to a react-hook-form field holding
 *   SubformValues. It shows whatever value it is given, so resetting the value with a newly saved record replaces
 *   its content (§2.15). Values: emptySubformValues() or subformValuesFromRecord(record). Remark is upper-cased as
 *   typed, max 500 with a counter. Payload: toSubformPayload(eventTypeId, values, pkIncidentId) for
 *   PATHS.subformSave(SUBFORMS[eventTypeId].path) (sends incidentTypeId, and the own id and version once saved).
 *   subformFailedKey(eventTypeId) gives the i18n key of the §8 failure message of that subform.
 *   The child lists (vehicles, injuries, lanes, …) are issue #5.
 */
export { IncidentMainFields, type IncidentMainFieldsProps } from './incident-main-fields';
export { SubformFields, SubformFieldsField, type SubformFieldsProps } from './subform-fields';
export {
  IncidentMainSchema,
  SubformSchema,
  SUBFORM_FIELDS,
  canGoNext,
  editSaveReady,
  emptyMainValues,
  emptySubformValues,
  formatKm,
  kilometerOk,
  mainEnablement,
  mainValuesFromIncident,
  missingStep1,
  normalizeRemark,
  subformFailedKey,
  subformValuesFromRecord,
  toIncidentSavePayload,
  toSubformPayload,
  type IncidentMainValues,
  type MainEnablement,
  type Step1Field,
  type SubformValues,
} from './model';
