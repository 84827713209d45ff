/**
 * The §2.1 routes that open a part of another screen (issue #19): the seven subform routes open the new-case form
 * with their event type chosen; /journalEntry, /furtheractions and /bantuan pick a case and open that part of it.
 * Plain code (no zod, no feature imports): the route definitions load it with the router.
 */
import { EVENT_TYPE_IDS, SUBFORMS, isEventTypeId, type EventTypeId } from '@contract/incident-rules';
import { redirect } from '@tanstack/react-router';
import { oneOf, wholeNumber, type Param } from './url-params';

/** '/accidentsubform' → 184 … '/lainlain' → 190, from the contract's subform table. */
export const SUBFORM_ROUTES: Readonly<Record<string, EventTypeId>> = Object.fromEntries(EVENT_TYPE_IDS.map((id) => [SUBFORMS[id].route, id]));

/** The event type a subform route stands for (undefined for any other path). */
export const eventTypeOfRoute = (path: string): EventTypeId | undefined => SUBFORM_ROUTES[path];

/** ?type=<event type> of /kesbaru: the new-case form opens with that type chosen. */
export const eventTypeParam: Param<EventTypeId> = (v) => {
  const n = wholeNumber()(v);
  return n !== undefined && isEventTypeId(n) ? n : undefined;
};

/** The parts of a case the detail page can open at (?section= of /insidenView/{id}). */
export const CASE_SECTIONS = ['journal', 'furtherActions', 'assistance'] as const;
export type CaseSection = (typeof CASE_SECTIONS)[number];
export const caseSectionParam: Param<CaseSection> = oneOf(CASE_SECTIONS);

/** /journalEntry, /furtherActions, /bantuan → the part of the chosen case each opens. */
export const CASE_PART_ROUTES = {
  '/journalEntry': 'journal',
  '/furtheractions': 'furtherActions',
  '/bantuan': 'assistance',
} as const satisfies Record<string, CaseSection>;
export type CasePartRoute = keyof typeof CASE_PART_ROUTES;

/** The detail page of a case, opened at one of its parts. */
export const caseSectionHref = (incidentId: number, section: CaseSection) => `/insidenView/${incidentId}?section=${section}`;

/**
 * beforeLoad of a subform route: to /kesbaru?type=<its event type> (replacing the entry, so Back does not bounce).
 * The form lives at one address; the URL the user ends on names the type, and drafts and reloads keep it.
 */
export function toNewCaseWithType(path: string): never {
  const type = eventTypeOfRoute(path);
  throw redirect({ to: '/kesbaru', search: type === undefined ? {} : { type }, replace: true });
}
