/**
 * The rules of the child-list editors (§4.5, §4.6, §4.7, §5; issue #5): pure functions over the client model of
 * children-model.ts, no React. Rules answer with codes (RuleError); the editors show the texts of
 * 'children.rule.<code>' (src/lib/i18n/parts/children.ts).
 *
 * Dates and times are Asia/Brunei wall-clock texts ('YYYY-MM-DD', 'HH:mm:ss'), instants are ISO 8601 (UTC).
 */
import type { HighwaySectionItem } from '@contract/child-lists';
import { CHILD_LIMITS, type ChildList } from '@contract/child-rules';
import { ASSIST_TYPE, COLLISION_TYPE, OTHER_CASE_WITH_LANE_CLOSURE } from '@contract/lookups';
import type { SubformKind } from '@contract/incident-rules';
import { instantOfWall, splitDuration, todayIso } from '@/lib/time';
import { LIST_OF, type AssistItem, type ChildField, type SubformChildren, type TrafficJamItem, type VehicleItem } from './children-model';

// ---------------------------------------------------------------- assistance status (§4.6)

export type AssistStatus = 'MINTA_BANTUAN' | 'NOTIFIKASI' | 'KETIBAAN' | 'SELESAI';
/** What the user chooses on add or edit. */
export type AssistChoice = Exclude<AssistStatus, 'MINTA_BANTUAN'>;
export type AssistKind = AssistItem['kind'];

/** The status labels (§4.6 product texts, the same in both languages). */
export const ASSIST_STATUS_LABEL: Record<AssistStatus, string> = {
  MINTA_BANTUAN: 'Minta Bantuan',
  NOTIFIKASI: 'Notifikasi',
  KETIBAAN: 'Ketibaan',
  SELESAI: 'Selesai',
};

type AssistFlags = Pick<
  AssistItem,
  'notifikasi' | 'ketibaan' | 'selesai' | 'recordCreatedDate' | 'notifiedDateTime' | 'arrivedDateTime' | 'completedDateTime'
>;

/**
 * §4.6: the status derived from the flags and the instant it shows. Selesai wins; then Ketibaan (ketibaan set,
 * selesai not); then Notifikasi (notifikasi only); no flag is Minta Bantuan with the creation date.
 */
export function assistStatus(item: AssistFlags): { status: AssistStatus; at: string | null } {
  if (item.selesai) return { status: 'SELESAI', at: item.completedDateTime };
  if (item.ketibaan) return { status: 'KETIBAAN', at: item.arrivedDateTime };
  if (item.notifikasi) return { status: 'NOTIFIKASI', at: item.notifiedDateTime };
  return { status: 'MINTA_BANTUAN', at: item.recordCreatedDate };
}

/** §4.6: Notifikasi, Ketibaan and Selesai for other assistance; only Ketibaan and Selesai for existing (sedia-ada). */
export function assistChoices(kind: AssistKind): AssistChoice[] {
  return kind === 'OTHER' ? ['NOTIFIKASI', 'KETIBAAN', 'SELESAI'] : ['KETIBAAN', 'SELESAI'];
}

/** The choice the dialog starts with: the item's status when it is a choice of its kind, else the first choice. */
export function initialAssistChoice(kind: AssistKind, item?: AssistFlags): AssistChoice {
  const choices = assistChoices(kind);
  const s = item ? assistStatus(item).status : null;
  return s !== null && s !== 'MINTA_BANTUAN' && choices.includes(s) ? s : choices[0];
}

/**
 * §4.6 on add or edit: Notifikasi sets notifikasi only, stamps the notified time and clears arrival and completion;
 * Ketibaan sets notifikasi and ketibaan, stamps the arrival time and clears completion; Selesai sets all three and
 * stamps the completion time. Every add or edit resets recordCreatedDate to now.
 * Selesai on an item that never arrived also stamps the arrival (the server takes a time for every set flag but
 * notified, contract/child-lists.ts); a notified time is never invented.
 */
export function applyAssistChoice<T extends AssistFlags>(item: T, choice: AssistChoice, nowIso: string): T {
  const base = { ...item, recordCreatedDate: nowIso };
  switch (choice) {
    case 'NOTIFIKASI':
      return { ...base, notifikasi: true, ketibaan: false, selesai: false, notifiedDateTime: nowIso, arrivedDateTime: null, completedDateTime: null };
    case 'KETIBAAN':
      return { ...base, notifikasi: true, ketibaan: true, selesai: false, arrivedDateTime: nowIso, completedDateTime: null };
    case 'SELESAI':
      return { ...base, notifikasi: true, ketibaan: true, selesai: true, arrivedDateTime: item.arrivedDateTime ?? nowIso, completedDateTime: nowIso };
  }
}

/** §4.6: the radio value 277 (or the last radio option) opens the other-assistance list, 430 the existing one. */
export function assistEditorFor(radioValue: number | null, optionKeys: readonly number[] = []): AssistKind | null {
  if (radioValue === null) return null;
  if (radioValue === ASSIST_TYPE.EXISTING) return 'EXISTING';
  if (radioValue === ASSIST_TYPE.OTHER) return 'OTHER';
  if (optionKeys.length > 0 && radioValue === optionKeys[optionKeys.length - 1]) return 'OTHER';
  return null;
}

/**
 * §4.6: choosing another radio option drops the unsaved assistance items (no furtherActionId) the newly shown editor
 * does not list; saved items stay (their deletion is the user's, §4.7).
 */
export function assistAfterRadio(children: SubformChildren, radioValue: number | null, optionKeys: readonly number[] = []): SubformChildren {
  const shown = assistEditorFor(radioValue, optionKeys);
  const assists = children.assists.filter((a) => a.furtherActionId !== null || a.kind === shown);
  return assists.length === children.assists.length ? children : { ...children, assists };
}

/** §4.6: in the vehicle-damage (breakdown) and other-incident forms the radio is read-only while assistance items exist. */
export function assistRadioLocked(kind: SubformKind, children: SubformChildren): boolean {
  return (kind === 'breakdown' || kind === 'others') && children.assists.length > 0;
}

/** The assistance items one editor lists. */
export const assistsOfKind = (children: SubformChildren, kind: AssistKind) => children.assists.filter((a) => a.kind === kind);

// ---------------------------------------------------------------- dates, times, durations (§5)

/** A time input's value as 'HH:mm:ss' ('14:05' → '14:05:00'); null when empty or not a time of day. */
export function normalizeTime(s: string | null | undefined): string | null {
  if (!s) return null;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(s.trim());
  if (!m) return null;
  const [h, mi, se = '00'] = [Number(m[1]), m[2], m[3]];
  if (h > 23 || Number(mi) > 59 || Number(se) > 59) return null;
  return `${String(h).padStart(2, '0')}:${mi}:${se}`;
}

/** The instant (ms) a Brunei date and time stand for; null when either part is missing or invalid. */
export function bruneiInstant(date: string | null | undefined, time: string | null | undefined): number | null {
  const iso = instantOfWall(date, normalizeTime(time));
  return iso === null ? null : Date.parse(iso);
}

/** §5: seconds from start to end, only when both dates and both times are there; null otherwise. May be negative. */
export function durationSeconds(startDate: string | null, startTime: string | null, endDate: string | null, endTime: string | null): number | null {
  const a = bruneiInstant(startDate, startTime);
  const b = bruneiInstant(endDate, endTime);
  return a === null || b === null ? null : Math.round((b - a) / 1000);
}

/** §5: a duration shown in hours and minutes: '2 jam 15 minit' (the unit words come from the caller's language). */
export function formatDuration(seconds: number | null, units: { hours: string; minutes: string } = { hours: 'jam', minutes: 'minit' }): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const { hours, minutes } = splitDuration(seconds);
  return `${hours} ${units.hours} ${minutes} ${units.minutes}`;
}

/** §3.6: a traffic jam with its duration computed (hours, minutes, seconds) when both ends are complete. */
export function withJamDuration(item: TrafficJamItem): TrafficJamItem {
  const s = durationSeconds(item.dateStart, item.timeStart, item.dateEnd, item.timeEnd);
  if (s === null || s < 0) return { ...item, hourCalculated: null, minuteCalculated: null, seconds: null };
  const p = splitDuration(s);
  return { ...item, hourCalculated: p.hours, minuteCalculated: p.minutes, seconds: s };
}

/** §5: the traffic-jam length keeps its first 4 characters. */
export const jamLength = (input: string) => input.slice(0, CHILD_LIMITS.jamDistanceMaxLength);

export type RuleError =
  | 'startRequired'
  | 'startIncomplete'
  | 'endIncomplete'
  | 'startAfterToday'
  | 'startAfterNow'
  | 'endBeforeStartDate'
  | 'endBeforeStartTime'
  | 'plateAndTypeRequired'
  | 'plateTooLong'
  | 'brandTooLong'
  | 'collisionTypeRequired'
  | 'animalRequired'
  | 'obstacleRequired'
  | 'injuryTypeRequired'
  | 'injuryCount'
  | 'assistItemRequired'
  | 'assetTypeRequired'
  | 'assetConditionRequired'
  | 'assetUnitRequired'
  | 'assetCount'
  | 'laneRequired'
  | 'directionRequired'
  | 'jamLengthRequired'
  | 'jamLengthNumber'
  | 'tooMany';

export interface DateTimeRange {
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
}

/**
 * §5 for a lane closure (Masa Tutup, Masa Buka) or a traffic jam: the start date no later than today (Asia/Brunei)
 * and the start not later than now (the server's rule, with its clock-skew allowance); the end date not before the
 * start date; on the same day the end time not before the start time. A start or an end is a date with its time or
 * neither (a half one would be sent empty, §5); `startRequired` for the lane closure (a closure has a closing time).
 * The first broken rule, or null.
 */
export function checkRange(r: DateTimeRange, opts: { startRequired: boolean; now?: number }): RuleError | null {
  const now = opts.now ?? Date.now();
  const sd = r.startDate || null;
  const st = normalizeTime(r.startTime);
  const ed = r.endDate || null;
  const et = normalizeTime(r.endTime);
  if ((sd === null) !== (st === null)) return 'startIncomplete';
  if (sd === null && opts.startRequired) return 'startRequired';
  if ((ed === null) !== (et === null)) return 'endIncomplete';
  if (sd !== null && st !== null) {
    if (sd > todayIso(now)) return 'startAfterToday';
    const start = bruneiInstant(sd, st);
    if (start !== null && start > now + CHILD_LIMITS.clockSkewMs) return 'startAfterNow';
    if (ed !== null && et !== null) {
      if (ed < sd) return 'endBeforeStartDate';
      if (ed === sd && et < st) return 'endBeforeStartTime';
    }
  }
  return null;
}

// ---------------------------------------------------------------- N/A flags and blocks (§4.5, §2.13)

/** §4.5: the lane-closure N/A is enabled only while the list is empty (and the form editable). */
export const laneNaEnabled = (children: SubformChildren, disabled: boolean) => !disabled && children.laneClosures.length === 0;
/** §4.5: the traffic-jam N/A is enabled only while the list is empty. */
export const jamNaEnabled = (children: SubformChildren, disabled: boolean) => !disabled && children.trafficJams.length === 0;
/** §4.5: the asset-damage N/A is disabled when the damage list is non-empty or the form is disabled. */
export const assetNaEnabled = (children: SubformChildren, disabled: boolean) => !disabled && children.assetDamages.length === 0;

/** A list can take one more item: the form is editable, its N/A (if any) is not ticked, and it is under its limit. */
export function canAdd(children: SubformChildren, field: ChildField, opts: { disabled: boolean; na?: boolean }): boolean {
  if (opts.disabled || opts.na) return false;
  const list = children[field];
  if (field === 'trafficJams') return list.length === 0; // §4.5, §9: one entry only
  return list.length < CHILD_LIMITS.maxItems;
}

/** §2.13: the other-incident subform shows its Penutupan Lorong block only for case 491 or when closures exist. */
export const showLaneClosureBlock = (pkOthersTypeId: number | null, children: SubformChildren) =>
  pkOthersTypeId === OTHER_CASE_WITH_LANE_CLOSURE || children.laneClosures.length > 0;

// ---------------------------------------------------------------- item checks (§5)

/** §5: a vehicle needs its plate number and type (else nothing is added); the server's lengths. */
export function checkVehicle(v: Pick<VehicleItem, 'plateNo' | 'jenisKenderaan' | 'brand'>): RuleError | null {
  if (v.plateNo.trim() === '' || v.jenisKenderaan === null) return 'plateAndTypeRequired';
  if (v.plateNo.trim().length > CHILD_LIMITS.plateMaxLength) return 'plateTooLong';
  if (v.brand.trim().length > CHILD_LIMITS.brandMaxLength) return 'brandTooLong';
  return null;
}

/** A plate as kept: upper case, single spaces, trimmed. */
export const normalizePlate = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trimStart();

/** §2.9, §9: collision 265 asks the animal type, 266 and 267 the obstacle type, the others neither. */
export function collisionAsks(collisionTypeId: number | null): 'animal' | 'obstacle' | null {
  if (collisionTypeId === COLLISION_TYPE.ANIMAL) return 'animal';
  if (collisionTypeId === COLLISION_TYPE.OBSTACLE_A || collisionTypeId === COLLISION_TYPE.OBSTACLE_B) return 'obstacle';
  return null;
}

export function checkCollision(typeId: number | null, halanganId: number | null): RuleError | null {
  if (typeId === null) return 'collisionTypeRequired';
  const asks = collisionAsks(typeId);
  if (asks === 'animal' && halanganId === null) return 'animalRequired';
  if (asks === 'obstacle' && halanganId === null) return 'obstacleRequired';
  return null;
}

/** §5: the injury count is a whole number, minimum 0 (and at most the server's 999); null when it is not. */
export function parseInjuryCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 0 && n <= CHILD_LIMITS.injuryCountMax ? n : null;
}

/** §5, §9: an asset count as typed: digits with at most 2 decimals (more decimals are cut off). */
export function assetCountInput(text: string): string {
  const m = /^(\d*)(\.?)(\d*)/.exec(text.trim().replace(',', '.'));
  if (!m) return '';
  return `${m[1]}${m[2]}${m[3].slice(0, 2)}`;
}

/** §5, §9: the asset count as a number with at most 2 decimals, 0 to 99 999.99; null when it is not one. */
export function parseAssetCount(text: string): number | null {
  const t = text.trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(t)) return null;
  const n = Math.round(Number(t) * 100) / 100;
  return Number.isFinite(n) && n >= 0 && n <= CHILD_LIMITS.assetCountMax ? n : null;
}

/** An asset count as shown: 2 decimals (§3.6). */
export const formatAssetCount = (n: number) => n.toFixed(2);

/** §5: the traffic-jam length: required, a number of km ('1.5'), at most 4 characters. */
export function checkJamLength(text: string): RuleError | null {
  const t = text.trim();
  if (t === '') return 'jamLengthRequired';
  if (t.length > CHILD_LIMITS.jamDistanceMaxLength || !/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return 'jamLengthNumber';
  return null;
}

// ---------------------------------------------------------------- list edits and deferred deletion (§4.7)

type Item<F extends ChildField> = SubformChildren[F][number];

/** The saved row id of an item of a list (null while not saved). */
export function savedIdOf<F extends ChildField>(field: F, item: Item<F>): number | null {
  const i = item as unknown as Record<string, number | null>;
  switch (field) {
    case 'vehicles':
      return i.involvedVehicleId;
    case 'collisions':
      return i.collisionListId;
    case 'injuries':
      return i.injuryId;
    case 'sections':
      return i.bahagianLebuhrayaId;
    case 'assists':
      return i.furtherActionId;
    case 'assetDamages':
    case 'laneClosures':
      return i.asetId;
    case 'trafficJams':
      return i.trafficJamId;
  }
  return null;
}

const itemKey = (field: ChildField, item: unknown): string | number =>
  field === 'sections' ? (item as { key: number }).key : (item as { uid: string }).uid;

/** Adds the item, or replaces the item with the same uid (an edit). */
export function upsertItem<F extends ChildField>(children: SubformChildren, field: F, item: Item<F>): SubformChildren {
  const list = children[field] as Item<F>[];
  const k = itemKey(field, item);
  const at = list.findIndex((x) => itemKey(field, x) === k);
  const next = at === -1 ? [...list, item] : list.map((x, i) => (i === at ? item : x));
  return { ...children, [field]: next };
}

/**
 * §4.7: removes an item (by uid; sections by key). A saved one's id goes into removed[list] for deletion on save;
 * an unsaved one is just dropped.
 */
export function removeItem(children: SubformChildren, field: ChildField, uidOrKey: string | number): SubformChildren {
  const list = children[field] as unknown[];
  const item = list.find((x) => itemKey(field, x) === uidOrKey);
  if (item === undefined) return children;
  const rest = list.filter((x) => x !== item);
  const id = savedIdOf(field, item as Item<typeof field>);
  const listName: ChildList = LIST_OF[field];
  const removed =
    id === null || children.removed[listName].includes(id)
      ? children.removed
      : { ...children.removed, [listName]: [...children.removed[listName], id] };
  return { ...children, [field]: rest, removed };
}

/**
 * Bahagian Lebuhraya multi-select: a chosen section is unchosen (its saved id recorded for deletion, §4.7), an
 * unchosen one is added without an id. Saved sections that stay keep their bahagianLebuhrayaId.
 */
export function toggleSection(children: SubformChildren, section: Pick<HighwaySectionItem, 'key' | 'value' | 'color'>): SubformChildren {
  if (children.sections.some((s) => s.key === section.key)) return removeItem(children, 'sections', section.key);
  return upsertItem(children, 'sections', { key: section.key, value: section.value, color: section.color, bahagianLebuhrayaId: null });
}

/** Whether the list of a field holds anything (an editor shows its empty hint otherwise). */
export const isEmptyList = (children: SubformChildren, field: ChildField) => children[field].length === 0;
