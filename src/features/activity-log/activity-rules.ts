/**
 * The pure side of the patrol's activity log (issue #15; spec §2.18, §4.2 event 295): the save payload built from
 * the recorder's form (with the checks the server makes, so a tablet offline hears them at once), the entries as
 * shown (what the server has, merged with the user's writes still in the outbox: a new entry, an edit, a delete),
 * the shift's state (a patrol under way, a break), a local summary and lifecycle for an offline tablet, and the
 * §2.18 timeline entry of a row. No React, no Dexie: unit tested (tests/unit/activity-log-rules.test.ts).
 */
import {
  ACTIVITY_EVENT,
  ACTIVITY_LOCATION_MAX,
  ACTIVITY_REMARK_MAX,
  ACTIVITY_SHIFT_MARGIN_MS,
  type RosterLifecycle,
} from '@contract/activity-log-rules';
import type { ActivityLogRow, ActivityLogSave } from '@contract/activity-log';
import type { TimelineEntry } from '@contract/maps';

/** The outbox kinds and group of a roster's activity log: its writes go in order, one roster at a time. */
export const ACTIVITY_SAVE_KIND = 'activityLog.save';
export const ACTIVITY_DELETE_KIND = 'activityLog.delete';
export const activityGroup = (rosterId: number) => `activityLog:${rosterId}`;
/** the id map's kind of an entry created on this device (serverKey 'activityLog:<id>') */
export const ACTIVITY_ENTITY_KIND = 'activityLog';

/** The event buttons, in the order a shift goes (activityLogEvents keys; labels come from the lookup). */
export const EVENT_ORDER: readonly number[] = [
  ACTIVITY_EVENT.SHIFT_START,
  ACTIVITY_EVENT.VEHICLE_CHECK,
  ACTIVITY_EVENT.PATROL_START,
  ACTIVITY_EVENT.PATROL_END,
  ACTIVITY_EVENT.BREAK,
  ACTIVITY_EVENT.REFUEL,
  ACTIVITY_EVENT.INCIDENT,
  ACTIVITY_EVENT.TRAFFIC_CONTROL,
  ACTIVITY_EVENT.LAYBY_CHECK,
  ACTIVITY_EVENT.OFFICE,
  ACTIVITY_EVENT.HANDOVER,
  ACTIVITY_EVENT.SHIFT_END,
];

/** A tolerance for the tablet's clock against the server's when refusing a time in the future. */
export const FUTURE_SKEW_MS = 2 * 60_000;

// ---------------------------------------------------------------- the form and its payload

/** What the recorder's form holds (text as typed; the date and time are the Asia/Brunei wall clock). */
export interface EntryForm {
  eventId: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
  /** as typed, '' for none; a comma is read as the decimal point */
  km: string;
  directionId: number | null;
  checkpointId: number | null;
  location: string;
  remark: string;
}

/** A checkpoint of the section's rondas, as the form offers it. */
export interface CheckpointChoice {
  pkRondaLoopCheckpointId: number;
  checkpointName: string;
  km: number;
  directionId: number;
  latitude: number;
  longitude: number;
}

/** The roster's shift as instants (epoch ms). */
export interface ShiftWindow {
  startsAt: number;
  endsAt: number;
}

export type EntryError = 'event' | 'time' | 'km' | 'location' | 'remark' | 'outsideShift' | 'inFuture';

export type BuildResult = { ok: true; body: ActivityLogSave } | { ok: false; errors: Partial<Record<keyof EntryForm | 'form', EntryError>> };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A KM as typed → the number (null for empty; NaN for anything that is not one). */
export function parseKm(text: string): number | null {
  const v = text.trim().replace(',', '.');
  if (!v) return null;
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(v)) return Number.NaN;
  return Number(v);
}

/**
 * A time as typed on a tablet → 'HH:mm' (24-hour, §9), or the text unchanged when it is not one: '2016', '20.16',
 * '20:16', '8:5' and '816' all read; seconds are dropped.
 */
export function normalizeTime(text: string): string {
  const v = text.trim();
  let m = /^(\d{1,2})[:.h](\d{1,2})(?:[:.]\d{1,2})?$/.exec(v);
  if (!m && /^\d{3,4}$/.test(v)) m = /^(\d{1,2})(\d{2})$/.exec(v);
  if (!m) return v;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (h > 23 || mi > 59) return v;
  return `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`;
}

/** '' → null, else the trimmed text. */
const textOrNull = (s: string) => {
  const v = s.trim();
  return v ? v : null;
};

/**
 * The activityLog/save body of the form, or the fields in error. `instantOf` turns the wall-clock date and time into
 * an ISO instant (src/lib/time instantOfWall); `shift` and `now` make the server's checks here (±15 min of the
 * shift, not in the future); a chosen checkpoint gives its place (KM, direction, coordinates) when none was typed.
 */
export function buildSavePayload(input: {
  rosterId: number;
  form: EntryForm;
  /** the server id of the entry being edited (a number) — or none for a new one */
  pkActivityLogId?: number;
  checkpoint?: CheckpointChoice | null;
  shift?: ShiftWindow | null;
  now: number;
  instantOf: (date: string, time: string) => string | null;
}): BuildResult {
  const { form } = input;
  const errors: Partial<Record<keyof EntryForm | 'form', EntryError>> = {};
  if (!Number.isInteger(form.eventId) || form.eventId <= 0) errors.eventId = 'event';
  const time = normalizeTime(form.time);
  const iso = DATE.test(form.date) && TIME.test(time) ? input.instantOf(form.date, time) : null;
  if (!iso) errors.time = 'time';
  const km = parseKm(form.km);
  if (km !== null && (Number.isNaN(km) || km < 0 || km > 2000)) errors.km = 'km';
  if (form.location.trim().length > ACTIVITY_LOCATION_MAX) errors.location = 'location';
  if (form.remark.trim().length > ACTIVITY_REMARK_MAX) errors.remark = 'remark';
  if (iso) {
    const at = Date.parse(iso);
    if (at > input.now + FUTURE_SKEW_MS) errors.time = 'inFuture';
    else if (input.shift && (at < input.shift.startsAt - ACTIVITY_SHIFT_MARGIN_MS || at > input.shift.endsAt + ACTIVITY_SHIFT_MARGIN_MS))
      errors.time = 'outsideShift';
  }
  if (Object.keys(errors).length) return { ok: false, errors };

  const cp = input.checkpoint ?? null;
  const body: ActivityLogSave = {
    ...(input.pkActivityLogId ? { pkActivityLogId: input.pkActivityLogId } : {}),
    dutyRosterId: input.rosterId,
    eventId: form.eventId,
    occurredAt: iso!,
    km: km ?? cp?.km ?? null,
    directionId: form.directionId ?? cp?.directionId ?? null,
    rondaCheckpointId: cp ? cp.pkRondaLoopCheckpointId : null,
    location: textOrNull(form.location),
    latitude: cp ? cp.latitude : null,
    longitude: cp ? cp.longitude : null,
    remark: textOrNull(form.remark),
  };
  return { ok: true, body };
}

/** The form of an entry being edited (its wall-clock date and time through `wallOf`). */
export function formOf(values: EntryValues, wallOf: (iso: string) => { date: string; time: string }): EntryForm {
  const w = wallOf(values.occurredAt);
  return {
    eventId: values.eventId,
    date: w.date,
    time: w.time.slice(0, 5),
    km: values.km === null || values.km === undefined ? '' : String(values.km),
    directionId: values.directionId ?? null,
    checkpointId: values.rondaCheckpointId ?? null,
    location: values.location ?? '',
    remark: values.remark ?? '',
  };
}

// ---------------------------------------------------------------- entries as shown: the server's and the queued ones

/** The values of an entry (a server row or a queued body). */
export interface EntryValues {
  eventId: number;
  occurredAt: string;
  km: number | null;
  directionId: number | null;
  rondaCheckpointId: number | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  remark: string | null;
}

/** The part of an outbox item the merge reads (src/offline/outbox.ts OutboxItem). */
export interface QueuedWrite {
  clientId: string;
  seq?: number;
  kind: string;
  state: 'pending' | 'sending' | 'parked';
  body: unknown;
  creates?: { entity: string };
  park?: { message: string };
}

export type PendingOp = 'create' | 'edit' | 'delete';

/** An entry of the timeline: the server's row, changed by the user's queued writes. */
export interface ShownEntry {
  /** 's:<server id>' or 'c:<entity client id>' */
  key: string;
  serverId: number | null;
  /** the entity client id of an entry created on this device and not acknowledged yet */
  entity: string | null;
  values: EntryValues;
  /** the server's row (names, author); null for an entry the server has not got yet */
  row: ActivityLogRow | null;
  /** the user's writes still on the device (null: nothing waits) */
  pending: null | {
    op: PendingOp;
    /** the worst state of its items: parked (refused) > sending > pending */
    state: 'pending' | 'sending' | 'parked';
    /** the server's refusal of a parked item */
    message: string | null;
    /** the client ids of the items, oldest first */
    items: string[];
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refOf = (v: unknown): string | null => (isRecord(v) && typeof v.$ref === 'string' ? v.$ref : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const valuesOfRow = (r: ActivityLogRow): EntryValues => ({
  eventId: r.eventId,
  occurredAt: r.occurredAt,
  km: r.km,
  directionId: r.directionId,
  rondaCheckpointId: r.rondaCheckpointId,
  location: r.location,
  latitude: r.latitude,
  longitude: r.longitude,
  remark: r.remark,
});

/** The values a queued save body carries. */
export function valuesOfBody(body: unknown): EntryValues | null {
  if (!isRecord(body)) return null;
  const eventId = num(body.eventId);
  const occurredAt = str(body.occurredAt);
  if (eventId === null || occurredAt === null) return null;
  return {
    eventId,
    occurredAt,
    km: num(body.km),
    directionId: num(body.directionId),
    rondaCheckpointId: num(body.rondaCheckpointId),
    location: str(body.location),
    latitude: num(body.latitude),
    longitude: num(body.longitude),
    remark: str(body.remark),
  };
}

const STATE_RANK = { pending: 0, sending: 1, parked: 2 } as const;

/**
 * The entries of a roster as the user should see them: the server's rows, plus the user's writes in the outbox in
 * their order — a new entry (shown at once), an edit (its new values), a delete (marked). `idMap` knows the server id
 * of entries this device created whose later edits still refer to them by their entity. Sorted by time, then by
 * server id (queued ones last).
 */
export function mergeEntries(
  rows: readonly ActivityLogRow[],
  queued: readonly QueuedWrite[],
  idMap: ReadonlyMap<string, number> = new Map(),
): ShownEntry[] {
  const bySid = new Map<number, ShownEntry>();
  const byEntity = new Map<string, ShownEntry>();
  const out: ShownEntry[] = [];
  for (const r of rows) {
    const e: ShownEntry = { key: `s:${r.pkActivityLogId}`, serverId: r.pkActivityLogId, entity: null, values: valuesOfRow(r), row: r, pending: null };
    bySid.set(r.pkActivityLogId, e);
    out.push(e);
  }
  const mark = (e: ShownEntry, op: PendingOp, w: QueuedWrite) => {
    const prev = e.pending;
    const state = prev && STATE_RANK[prev.state] >= STATE_RANK[w.state] ? prev.state : w.state;
    const message = w.state === 'parked' ? (w.park?.message ?? null) : (prev?.message ?? null);
    // a delete wins; otherwise the first write says what it is (a queued creation stays one whatever edits follow)
    const nextOp: PendingOp = op === 'delete' ? 'delete' : (prev?.op ?? op);
    e.pending = { op: nextOp, state, message, items: [...(prev?.items ?? []), w.clientId] };
  };
  /** the entry a body's pkActivityLogId points at: a server id, or an entity (known on the server or still queued) */
  const target = (id: unknown): ShownEntry | null => {
    const sid = num(id);
    if (sid !== null) return bySid.get(sid) ?? null;
    const entity = refOf(id);
    if (!entity) return null;
    const mapped = idMap.get(entity);
    if (mapped !== undefined && bySid.has(mapped)) return bySid.get(mapped)!;
    return byEntity.get(entity) ?? null;
  };
  const sorted = [...queued].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const w of sorted) {
    const body = isRecord(w.body) ? w.body : {};
    if (w.kind === ACTIVITY_DELETE_KIND) {
      const e = target(body.pkActivityLogId);
      if (e) mark(e, 'delete', w);
      continue;
    }
    if (w.kind !== ACTIVITY_SAVE_KIND) continue;
    const values = valuesOfBody(body);
    if (!values) continue;
    if (body.pkActivityLogId === undefined || body.pkActivityLogId === null) {
      const entity = w.creates?.entity ?? w.clientId;
      const mapped = idMap.get(entity);
      // created and acknowledged meanwhile (the list has not caught up): the server row when it is there
      const existing = mapped !== undefined ? bySid.get(mapped) : undefined;
      if (existing) {
        existing.values = values;
        mark(existing, 'edit', w);
        continue;
      }
      const e: ShownEntry = { key: `c:${entity}`, serverId: mapped ?? null, entity, values, row: null, pending: null };
      mark(e, 'create', w);
      byEntity.set(entity, e);
      out.push(e);
      continue;
    }
    const e = target(body.pkActivityLogId);
    if (e) {
      e.values = values;
      mark(e, 'edit', w);
    } else {
      // an edit of an entry the list does not hold (yet): shown from its own values
      const sid = num(body.pkActivityLogId);
      const entity = refOf(body.pkActivityLogId);
      const n: ShownEntry = { key: sid !== null ? `s:${sid}` : `c:${entity ?? w.clientId}`, serverId: sid, entity, values, row: null, pending: null };
      mark(n, 'edit', w);
      if (sid !== null) bySid.set(sid, n);
      if (entity) byEntity.set(entity, n);
      out.push(n);
    }
  }
  return sortEntries(out);
}

export function sortEntries(entries: ShownEntry[]): ShownEntry[] {
  return entries.sort((a, b) => {
    const d = Date.parse(a.values.occurredAt) - Date.parse(b.values.occurredAt);
    if (d !== 0 && Number.isFinite(d)) return d;
    return (a.serverId ?? Number.MAX_SAFE_INTEGER) - (b.serverId ?? Number.MAX_SAFE_INTEGER);
  });
}

/** The entries that count (a queued delete no longer does). */
export const liveEntries = (entries: readonly ShownEntry[]) => entries.filter((e) => e.pending?.op !== 'delete');

// ---------------------------------------------------------------- the shift's state, summary and lifecycle

interface Timed {
  eventId: number;
  occurredAt: string;
}

export interface ShiftState {
  /** 'Mula Rondaan' without a 'Tamat Rondaan' after it: since when */
  patrolSince: string | null;
  /** the last entry is a 'Rehat': since when */
  breakSince: string | null;
  shiftStarted: boolean;
  shiftEnded: boolean;
  /** the event the patrol most likely records next (the recorder highlights its button) */
  suggested: number;
}

const byTime = <T extends Timed>(xs: readonly T[]) => [...xs].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));

export function shiftState(entries: readonly Timed[]): ShiftState {
  const xs = byTime(entries);
  let patrolSince: string | null = null;
  let shiftStarted = false;
  let shiftEnded = false;
  for (const e of xs) {
    if (e.eventId === ACTIVITY_EVENT.PATROL_START) patrolSince = e.occurredAt;
    else if (e.eventId === ACTIVITY_EVENT.PATROL_END) patrolSince = null;
    if (e.eventId === ACTIVITY_EVENT.SHIFT_START) shiftStarted = true;
    if (e.eventId === ACTIVITY_EVENT.SHIFT_END) shiftEnded = true;
  }
  if (xs.length) shiftStarted = true;
  const last = xs.at(-1);
  const breakSince = last?.eventId === ACTIVITY_EVENT.BREAK ? last.occurredAt : null;
  let suggested: number;
  if (!xs.length) suggested = ACTIVITY_EVENT.SHIFT_START;
  else if (shiftEnded) suggested = ACTIVITY_EVENT.SHIFT_END;
  else if (patrolSince) suggested = ACTIVITY_EVENT.PATROL_END;
  else if (last?.eventId === ACTIVITY_EVENT.SHIFT_START) suggested = ACTIVITY_EVENT.VEHICLE_CHECK;
  else suggested = ACTIVITY_EVENT.PATROL_START;
  return { patrolSince, breakSince, shiftStarted, shiftEnded, suggested };
}

export interface LocalSummary {
  /** 'Tamat Rondaan' entries that close a 'Mula Rondaan' */
  rondaCount: number;
  /** minutes of 'Rehat' (a break lasts until the next entry; the last one until now or the shift's end) */
  rehatMinutes: number;
  entryCount: number;
}

/** The summary a tablet can tell on its own (the server's adds DLU, LLU and inactive GPS from the positions). */
export function localSummary(entries: readonly Timed[], shift: ShiftWindow | null, now: number): LocalSummary {
  const xs = byTime(entries);
  let open = false;
  let rondaCount = 0;
  let rehatMs = 0;
  xs.forEach((e, i) => {
    if (e.eventId === ACTIVITY_EVENT.PATROL_START) open = true;
    else if (e.eventId === ACTIVITY_EVENT.PATROL_END && open) {
      rondaCount++;
      open = false;
    }
    if (e.eventId === ACTIVITY_EVENT.BREAK) {
      const from = Date.parse(e.occurredAt);
      const next = xs[i + 1];
      const until = next ? Date.parse(next.occurredAt) : Math.min(now, shift?.endsAt ?? now);
      if (until > from) rehatMs += until - from;
    }
  });
  return { rondaCount, rehatMinutes: Math.round(rehatMs / 60_000), entryCount: xs.length };
}

/**
 * The lifecycle a tablet can tell without the server (the server's report says it otherwise): approved and verified
 * from the acknowledgement, ended by 'Tamat Rondaan' (295), 'Tamat Syif' or the shift being over, on shift from the
 * first entry or the shift's start, else planned.
 */
export function localLifecycle(
  entries: readonly Timed[],
  shift: ShiftWindow | null,
  now: number,
  ack?: { isDisemak: boolean; isDisahkan: boolean } | null,
): RosterLifecycle {
  if (ack?.isDisahkan) return 'approved';
  if (ack?.isDisemak) return 'verified';
  if (entries.some((e) => e.eventId === ACTIVITY_EVENT.PATROL_END || e.eventId === ACTIVITY_EVENT.SHIFT_END)) return 'ended';
  if (shift && now >= shift.endsAt) return 'ended';
  if (entries.length || (shift && now >= shift.startsAt)) return 'onShift';
  return 'planned';
}

// ---------------------------------------------------------------- how an entry reads

export interface EntryNames {
  event: (id: number) => string | undefined;
  direction: (id: number) => string | undefined;
  checkpoint: (id: number) => string | undefined;
}

/** '12.3' (a KM as the screens write it: up to 3 decimals, no trailing zeros). */
export const kmText = (km: number) => String(Math.round(km * 1000) / 1000);

/**
 * The place of an entry in one line: the typed location first (so "650 m dari KM 12" keeps §2.18's map rule), then
 * KM, direction and checkpoint. Names from the server's row when it has them, else from the lookups.
 */
export function placeText(v: EntryValues, row: ActivityLogRow | null, names?: Partial<EntryNames>): string | null {
  const dir =
    v.directionId !== null
      ? ((row && row.directionId === v.directionId ? row.directionName : null) ?? names?.direction?.(v.directionId) ?? null)
      : null;
  const cp =
    v.rondaCheckpointId !== null
      ? ((row && row.rondaCheckpointId === v.rondaCheckpointId ? row.checkpointName : null) ?? names?.checkpoint?.(v.rondaCheckpointId) ?? null)
      : null;
  const parts = [v.location?.trim() || null, v.km !== null ? `KM ${kmText(v.km)}` : null, dir, cp].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : null;
}

/** The event's label: the server row's when it is the same event, else the lookup's, else '#id'. */
export function eventName(v: EntryValues, row: ActivityLogRow | null, names?: Partial<EntryNames>): string {
  return (row && row.eventId === v.eventId ? row.eventName : null) ?? names?.event?.(v.eventId) ?? `#${v.eventId}`;
}

/**
 * An entry as the §2.18 timeline entry: time, title (the event), description (remark, case, author), place. A queued
 * entry takes its names from the lookups (`names`); `by` words the author line.
 */
export function timelineEntryOf(e: Pick<ShownEntry, 'values' | 'row'>, names?: Partial<EntryNames>, by?: (name: string) => string): TimelineEntry {
  const v = e.values;
  const row = e.row;
  const description = [
    v.remark?.trim() || null,
    row?.ticketNumber ? `No. Tiket: ${row.ticketNumber}` : null,
    row && by ? by(row.createdByName) : null,
  ]
    .filter((p): p is string => !!p)
    .join('\n');
  const title = eventName(v, row, names);
  return {
    time: v.occurredAt,
    title,
    description: description || null,
    location: placeText(v, row, names),
    type: title,
    latitude: v.latitude,
    longitude: v.longitude,
  };
}

/** the screens' minute durations (one formatter for the portal) */
export { minutesText } from '@/lib/time';

/** The events' labels when the lookup is not on the device yet (the seed's activityLogEvents values). */
export const EVENT_FALLBACK_NAMES: Readonly<Record<number, string>> = {
  [ACTIVITY_EVENT.SHIFT_START]: 'Mula Syif',
  [ACTIVITY_EVENT.VEHICLE_CHECK]: 'Pemeriksaan Kenderaan',
  [ACTIVITY_EVENT.PATROL_START]: 'Mula Rondaan',
  [ACTIVITY_EVENT.PATROL_END]: 'Tamat Rondaan',
  [ACTIVITY_EVENT.BREAK]: 'Rehat',
  [ACTIVITY_EVENT.REFUEL]: 'Isi Minyak',
  [ACTIVITY_EVENT.INCIDENT]: 'Bantuan Insiden',
  [ACTIVITY_EVENT.TRAFFIC_CONTROL]: 'Kawalan Trafik',
  [ACTIVITY_EVENT.LAYBY_CHECK]: 'Pemeriksaan Hentian Sebelah',
  [ACTIVITY_EVENT.OFFICE]: 'Urusan Pejabat',
  [ACTIVITY_EVENT.HANDOVER]: 'Serah Tugas',
  [ACTIVITY_EVENT.SHIFT_END]: 'Tamat Syif',
};

/**
 * The event buttons: the lookup's events in the shift's order (events the lookup adds later come after), else the
 * fallback list.
 */
export function eventButtons(lookup: readonly { key: number; value: string }[] | undefined): { id: number; name: string }[] {
  if (!lookup?.length) return EVENT_ORDER.map((id) => ({ id, name: EVENT_FALLBACK_NAMES[id] ?? `#${id}` }));
  const rank = (id: number) => {
    const i = EVENT_ORDER.indexOf(id);
    return i === -1 ? EVENT_ORDER.length : i;
  };
  return [...lookup].sort((a, b) => rank(a.key) - rank(b.key)).map((e) => ({ id: e.key, name: e.value }));
}

/**
 * The dates an entry of the shift can fall on: the shift's start and end days (one or two), else today and yesterday
 * (the shift is not known on this device); the entry's own date is always offered.
 */
export function entryDates(shiftDates: { startDate: string; endDate: string } | null, today: string, yesterday: string, current?: string): string[] {
  const base = shiftDates ? [shiftDates.startDate, shiftDates.endDate] : [yesterday, today];
  const out = [...new Set([...base, ...(current ? [current] : [])])];
  return out.sort();
}

/** The date a new entry defaults to: today when the shift has it, else the shift's last day before today. */
export function defaultEntryDate(dates: readonly string[], today: string): string {
  if (dates.includes(today)) return today;
  const before = dates.filter((d) => d <= today);
  return before.at(-1) ?? dates[0] ?? today;
}
