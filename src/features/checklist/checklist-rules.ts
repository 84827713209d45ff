/**
 * The pure side of the daily vehicle and asset checklist on the patrol's tablet (issue #16; spec §3.12, §7.6
 * dailyAssetChecklist and dailyAssetChecklistItems): the items to count in a phase (the master items for PRE, the
 * checklist's own items for POST) grouped by asset category, what the patrol's taps make of an item (steppers,
 * 'Cukup', 'Ada' / 'Tiada', 'Rosak'), the progress and defects, the client-side checks with the contract's messages
 * (nothing is queued while one fails), the save payload and the outbox plan of a submit with its photos (one group
 * per roster, so the save goes before its photos and POST after PRE), and the report's search in the URL.
 * No React, no Dexie: unit tested (tests/unit/checklist-rules.test.ts).
 */
import {
  CARD_NO_MAX,
  CHECKLIST_MESSAGES,
  CHECKLIST_PATHS,
  ODOMETER_MAX,
  QUANTITY_MAX,
  isDefect,
  itemStatus,
  type ChecklistPhase,
  type ItemStatus,
} from '@contract/checklist-rules';
import type {
  ChecklistDetail,
  ChecklistForm,
  ChecklistItemRow,
  ChecklistMasterItem,
  ChecklistPhotoSave,
  ChecklistReportFilter,
  ChecklistSave,
} from '@contract/checklist';
import type { NewOutboxItem } from '@/offline/outbox';
import { newId } from '@/offline/outbox';
import type { ChecklistReportSearch } from './checklist-search';
import { rangeOrLastDays } from '@/lib/time';

/** The outbox kinds and group of a roster's checklist: its writes go in order (PRE, its photos, POST, its photos). */
export const CHECKLIST_SAVE_KIND = 'checklist.save';
export const CHECKLIST_PHOTO_KIND = 'checklist.photo';
export const checklistGroup = (rosterId: number) => `checklist:${rosterId}`;

// ---------------------------------------------------------------- the items of a phase

/** One item to count, whatever its source (a master item for PRE, a checklist item for POST). */
export interface ItemSpec {
  masterId: number;
  name: string;
  unitLabel: string;
  isMeasurable: boolean;
  /** the quantity the vehicle should carry (an item that is not measured: 1) */
  expected: number;
  categoryId: number;
  categoryName: string | null;
}

export const specOfMaster = (m: ChecklistMasterItem): ItemSpec => ({
  masterId: m.pkAssetChecklistMasterId,
  name: m.name,
  unitLabel: m.unitLabel,
  isMeasurable: m.isMeasurable,
  expected: m.isMeasurable ? m.defaultQuantity : 1,
  categoryId: m.assetCategoryId,
  categoryName: m.assetCategoryName,
});

export const specOfItem = (i: ChecklistItemRow): ItemSpec => ({
  masterId: i.assetChecklistMasterId,
  name: i.name,
  unitLabel: i.unitLabel,
  isMeasurable: i.isMeasurable,
  expected: i.expectedQuantity,
  categoryId: i.assetCategoryId,
  categoryName: i.assetCategoryName,
});

/**
 * What a phase counts: PRE every active master item (or, once the checklist exists, its own items); POST the items
 * the checklist counted at PRE (or, when PRE is still on the device, the master items it counted).
 */
export function specsFor(form: Pick<ChecklistForm, 'masterItems' | 'checklist'>): ItemSpec[] {
  if (form.checklist?.items.length) return form.checklist.items.map(specOfItem);
  // the server's order: category, then the master's sort order
  return form.masterItems.map(specOfMaster);
}

export interface CategoryGroup<T extends { categoryId: number; categoryName: string | null }> {
  categoryId: number;
  categoryName: string | null;
  items: T[];
}

/** The items by asset category, in the order the categories first appear. */
export function groupByCategory<T extends { categoryId: number; categoryName: string | null }>(items: readonly T[]): CategoryGroup<T>[] {
  const out: CategoryGroup<T>[] = [];
  const by = new Map<number, CategoryGroup<T>>();
  for (const i of items) {
    let g = by.get(i.categoryId);
    if (!g) {
      g = { categoryId: i.categoryId, categoryName: i.categoryName, items: [] };
      by.set(i.categoryId, g);
      out.push(g);
    }
    g.items.push(i);
  }
  return out;
}

// ---------------------------------------------------------------- what the patrol enters

/** A photo taken of an item found short or damaged (a JPEG prepared like the journal's, ≤ 900 px). */
export interface ItemPhoto {
  name: string;
  blob: Blob;
}

/** One item as the patrol has it: quantity null until counted (the item is "checked" once it has one). */
export interface ItemEntry {
  quantity: number | null;
  damaged: boolean;
  photo: ItemPhoto | null;
}

export const EMPTY_ENTRY: ItemEntry = { quantity: null, damaged: false, photo: null };

/** What the tablet's form holds for one phase (texts as typed). */
export interface PhaseValues {
  odometer: string;
  noKadTng: string;
  noKadBahanApi: string;
  /** by master item id */
  items: Record<string, ItemEntry>;
}

export const emptyValues = (): PhaseValues => ({ odometer: '', noKadTng: '', noKadBahanApi: '', items: {} });

export const entryOf = (values: PhaseValues, masterId: number): ItemEntry => values.items[String(masterId)] ?? EMPTY_ENTRY;

export const clampQuantity = (n: number) => Math.max(0, Math.min(QUANTITY_MAX, Math.round(n)));

/** − / +: from the expected quantity when nothing was counted yet. */
export function stepQuantity(spec: ItemSpec, entry: ItemEntry, delta: number): ItemEntry {
  const from = entry.quantity ?? spec.expected;
  const max = spec.isMeasurable ? QUANTITY_MAX : 1;
  return { ...entry, quantity: Math.max(0, Math.min(max, from + delta)) };
}

/** 'Cukup' (a measured item: the expected quantity) or 'Ada' (an item that is not measured: 1). */
export const markEnough = (spec: ItemSpec, entry: ItemEntry): ItemEntry => ({ ...entry, quantity: spec.isMeasurable ? spec.expected : 1 });

/** 'Tiada': none there. */
export const markNone = (entry: ItemEntry): ItemEntry => ({ ...entry, quantity: 0 });

/** A quantity typed directly: '' clears it (not counted), anything else that is not a whole number is ignored. */
export function typeQuantity(spec: ItemSpec, entry: ItemEntry, text: string): ItemEntry {
  const v = text.trim();
  if (v === '') return { ...entry, quantity: null };
  if (!/^\d{1,6}$/.test(v)) return entry;
  const max = spec.isMeasurable ? QUANTITY_MAX : 1;
  return { ...entry, quantity: Math.min(max, Number(v)) };
}

/** 'Rosak': toggles; marking an item not counted yet damaged counts it as there (it was seen). */
export function toggleDamaged(spec: ItemSpec, entry: ItemEntry): ItemEntry {
  const damaged = !entry.damaged;
  if (damaged && entry.quantity === null) return { ...entry, damaged, quantity: spec.isMeasurable ? spec.expected : 1 };
  return { ...entry, damaged };
}

export const statusOf = (spec: ItemSpec, entry: ItemEntry): ItemStatus | null => itemStatus(entry.quantity, entry.damaged, spec.expected);

export interface Progress {
  checked: number;
  total: number;
  /** items found short or damaged */
  defects: number;
  /** defects without a photo yet */
  missingPhotos: number;
  /** every item checked and every defect photographed */
  complete: boolean;
}

export function progressOf(specs: readonly ItemSpec[], values: PhaseValues): Progress {
  let checked = 0;
  let defects = 0;
  let missingPhotos = 0;
  for (const s of specs) {
    const e = entryOf(values, s.masterId);
    if (e.quantity !== null) checked++;
    if (isDefect(statusOf(s, e))) {
      defects++;
      if (!e.photo) missingPhotos++;
    }
  }
  return { checked, total: specs.length, defects, missingPhotos, complete: specs.length > 0 && checked === specs.length && missingPhotos === 0 };
}

/** '12/15' */
export const progressText = (p: Pick<Progress, 'checked' | 'total'>) => `${p.checked}/${p.total}`;

// ---------------------------------------------------------------- checks and the payload

/** The odometer as typed → km (null for empty; NaN for anything that is not a whole number). */
export function parseOdometer(text: string): number | null {
  const v = text.trim().replace(/[\s,]/g, '');
  if (!v) return null;
  if (!/^\d+$/.test(v)) return Number.NaN;
  return Number(v);
}

export interface OdometerContext {
  phase: ChecklistPhase;
  /** PRE: the vehicle's last reading and when ('dd-mm-yyyy' as the message shows it) */
  lastOdometer?: number | null;
  lastOdometerDate?: string | null;
  /** POST: the PRE reading */
  preOdometer?: number | null;
}

/** The odometer's message (the contract's), or null when it will do. */
export function odometerError(text: string, ctx: OdometerContext): string | null {
  const km = parseOdometer(text);
  if (km === null || Number.isNaN(km) || !Number.isSafeInteger(km) || km < 0) return CHECKLIST_MESSAGES.odometer;
  if (km > ODOMETER_MAX) return CHECKLIST_MESSAGES.odometerMax;
  if (ctx.phase === 'PRE' && ctx.lastOdometer !== null && ctx.lastOdometer !== undefined && km < ctx.lastOdometer)
    return CHECKLIST_MESSAGES.odometerBelowLast(km, ctx.lastOdometer, ctx.lastOdometerDate ?? '—');
  if (ctx.phase === 'POST' && ctx.preOdometer !== null && ctx.preOdometer !== undefined && km < ctx.preOdometer)
    return CHECKLIST_MESSAGES.odometerBelowPre(km, ctx.preOdometer);
  return null;
}

export type FieldErrors = Partial<Record<'odometer' | 'noKadTng' | 'noKadBahanApi' | 'items', string>>;

export type BuildResult = { ok: true; body: ChecklistSave; photos: { spec: ItemSpec; photo: ItemPhoto }[] } | { ok: false; errors: FieldErrors };

/**
 * The save body of a phase and the photos to send with it (one per defect), or the fields in error (the server's
 * checks made here so a tablet offline hears them at once). Cards belong to PRE.
 */
export function buildSave(input: {
  phase: ChecklistPhase;
  rosterId: number;
  vehicleId: number;
  specs: readonly ItemSpec[];
  values: PhaseValues;
  odometer: OdometerContext;
  recordedAt?: string;
}): BuildResult {
  const { values, specs, phase } = input;
  const errors: FieldErrors = {};
  const odo = odometerError(values.odometer, { ...input.odometer, phase });
  if (odo) errors.odometer = odo;
  if (phase === 'PRE') {
    if (values.noKadTng.trim().length > CARD_NO_MAX) errors.noKadTng = CHECKLIST_MESSAGES.cardLong;
    if (values.noKadBahanApi.trim().length > CARD_NO_MAX) errors.noKadBahanApi = CHECKLIST_MESSAGES.cardLong;
  }
  const missing = specs.filter((s) => entryOf(values, s.masterId).quantity === null).map((s) => s.name);
  if (missing.length) errors.items = CHECKLIST_MESSAGES.missingItems(missing);
  if (Object.keys(errors).length) return { ok: false, errors };

  const photos: { spec: ItemSpec; photo: ItemPhoto }[] = [];
  const items = specs.map((s) => {
    const e = entryOf(values, s.masterId);
    if (isDefect(statusOf(s, e)) && e.photo) photos.push({ spec: s, photo: e.photo });
    return { assetChecklistMasterId: s.masterId, quantity: e.quantity!, damaged: e.damaged, remark: null };
  });
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const body: ChecklistSave = {
    phase,
    dutyRosterId: input.rosterId,
    vehicleId: input.vehicleId,
    odometer: parseOdometer(values.odometer)!,
    ...(phase === 'PRE' ? { noKadTng: text(values.noKadTng), noKadBahanApi: text(values.noKadBahanApi) } : {}),
    ...(input.recordedAt ? { recordedAt: input.recordedAt } : {}),
    items,
  };
  return { ok: true, body, photos };
}

// ---------------------------------------------------------------- the outbox plan

export interface WriteContext {
  userId: string;
  rosterId: number;
  /** what the sync panel shows: 'Senarai semak pra-syif WXY 1234 (N9-PAGI-A)' */
  label: string;
  photoLabel: (itemName: string) => string;
}

/**
 * A submit: the save, then one photo item per photo (its JPEG as the item's Blob: the outbox sends it as
 * `fileContent`, base64), all in the roster's group so they go in order and a refused save holds its photos back.
 */
export function planSubmit(ctx: WriteContext, body: ChecklistSave, photos: readonly { spec: ItemSpec; photo: ItemPhoto }[]): NewOutboxItem[] {
  const group = checklistGroup(ctx.rosterId);
  const items: NewOutboxItem[] = [
    { clientId: newId(), userId: ctx.userId, kind: CHECKLIST_SAVE_KIND, label: ctx.label, path: CHECKLIST_PATHS.save, body, group },
  ];
  for (const { spec, photo } of photos) {
    const photoBody: Omit<ChecklistPhotoSave, 'fileContent'> = {
      dutyRosterId: body.dutyRosterId,
      vehicleId: body.vehicleId,
      assetChecklistMasterId: spec.masterId,
      phase: body.phase,
      documentName: photo.name,
      documentType: photo.blob.type || 'image/jpeg',
    };
    items.push({
      clientId: newId(),
      userId: ctx.userId,
      kind: CHECKLIST_PHOTO_KIND,
      label: ctx.photoLabel(spec.name),
      path: CHECKLIST_PATHS.photoSave,
      body: photoBody,
      blob: photo.blob,
      group,
    });
  }
  return items;
}

// ---------------------------------------------------------------- the writes waiting on the device

/** A write of the roster's group as the outbox holds it. */
export interface QueuedChecklistWrite {
  clientId: string;
  seq?: number;
  kind: string;
  state: 'pending' | 'sending' | 'parked';
  body: unknown;
  park?: { message: string };
  /** a photo item's JPEG */
  blob?: Blob;
}

export interface QueuedPhase {
  state: 'pending' | 'sending' | 'parked';
  /** the server's refusal of a parked item */
  message: string | null;
  /** the client ids of the phase's items (save and photos), oldest first */
  items: string[];
  /** the queued save's body */
  save: ChecklistSave | null;
  /** the queued photos by master item id */
  photos: Record<string, Blob>;
}

const phaseOfBody = (b: unknown): ChecklistPhase | null => {
  const p = b && typeof b === 'object' ? (b as { phase?: unknown }).phase : null;
  return p === 'PRE' || p === 'POST' ? p : null;
};

const RANK = { pending: 0, sending: 1, parked: 2 } as const;

/** The user's queued writes of each phase: the worst state of its items and the refusal's message. */
export function queuedPhases(items: readonly QueuedChecklistWrite[]): Partial<Record<ChecklistPhase, QueuedPhase>> {
  const out: Partial<Record<ChecklistPhase, QueuedPhase>> = {};
  for (const w of [...items].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (w.kind !== CHECKLIST_SAVE_KIND && w.kind !== CHECKLIST_PHOTO_KIND) continue;
    const phase = phaseOfBody(w.body);
    if (!phase) continue;
    const prev = out[phase];
    const state = prev && RANK[prev.state] >= RANK[w.state] ? prev.state : w.state;
    out[phase] = {
      state,
      message: w.state === 'parked' ? (w.park?.message ?? null) : (prev?.message ?? null),
      items: [...(prev?.items ?? []), w.clientId],
      save: w.kind === CHECKLIST_SAVE_KIND ? (w.body as ChecklistSave) : (prev?.save ?? null),
      photos: { ...(prev?.photos ?? {}) },
    };
    const masterId = (w.body as { assetChecklistMasterId?: unknown }).assetChecklistMasterId;
    if (w.kind === CHECKLIST_PHOTO_KIND && w.blob && typeof masterId === 'number') out[phase]!.photos[String(masterId)] = w.blob;
  }
  return out;
}

// ---------------------------------------------------------------- the phases' state

export type PhaseState =
  /** the server has it */
  | 'recorded'
  /** on the device, not acknowledged yet */
  | 'queued'
  /** refused by the server: the values wait for correction */
  | 'refused'
  /** being filled (or not started) */
  | 'open'
  /** not yet possible (POST before PRE) */
  | 'blocked';

export function phaseStates(
  checklist: ChecklistDetail | null,
  queued: Partial<Record<ChecklistPhase, QueuedPhase>>,
): Record<ChecklistPhase, PhaseState> {
  const of = (phase: ChecklistPhase, onServer: boolean): PhaseState => {
    const q = queued[phase];
    if (q) return q.state === 'parked' ? 'refused' : 'queued';
    return onServer ? 'recorded' : 'open';
  };
  const pre = of('PRE', !!checklist);
  let post = of('POST', !!checklist?.postAt);
  if (post === 'open' && pre !== 'recorded' && pre !== 'queued') post = 'blocked';
  return { PRE: pre, POST: post };
}

/** The phase the screen opens on: the first one that still needs the patrol, else POST. */
export function currentPhase(states: Record<ChecklistPhase, PhaseState>): ChecklistPhase {
  if (states.PRE === 'open' || states.PRE === 'refused') return 'PRE';
  return 'POST';
}

// ---------------------------------------------------------------- a recorded phase, read-only

export interface RecordedItem {
  spec: ItemSpec;
  quantity: number | null;
  damaged: boolean;
  status: ItemStatus | null;
  /** server photos by id */
  photoIds: number[];
  /** a photo still on the device */
  localPhoto: Blob | null;
}

export interface RecordedPhase {
  odometer: number | null;
  noKadTng: string | null;
  noKadBahanApi: string | null;
  items: RecordedItem[];
}

/** A phase as the server has it. */
export function recordedOfServer(c: ChecklistDetail, phase: ChecklistPhase): RecordedPhase {
  return {
    odometer: phase === 'PRE' ? c.odometerPre : c.odometerPost,
    noKadTng: c.noKadTng,
    noKadBahanApi: c.noKadBahanApi,
    items: c.items.map((i) => ({
      spec: specOfItem(i),
      quantity: phase === 'PRE' ? i.preQuantity : i.postQuantity,
      damaged: phase === 'PRE' ? i.preDamaged : i.postDamaged,
      status: phase === 'PRE' ? i.preStatus : i.postStatus,
      photoIds: i.photos.filter((p) => p.phase === phase).map((p) => p.pkChecklistPhotoId),
      localPhoto: null,
    })),
  };
}

/** A phase as this device sent it (the draft's values; the photos still as Blobs). */
export function recordedOfValues(specs: readonly ItemSpec[], values: PhaseValues): RecordedPhase {
  const odo = parseOdometer(values.odometer);
  return {
    odometer: odo === null || Number.isNaN(odo) ? null : odo,
    noKadTng: values.noKadTng.trim() || null,
    noKadBahanApi: values.noKadBahanApi.trim() || null,
    items: specs.map((s) => {
      const e = entryOf(values, s.masterId);
      const status = statusOf(s, e);
      return {
        spec: s,
        quantity: e.quantity,
        damaged: e.damaged,
        status,
        photoIds: [],
        localPhoto: isDefect(status) ? (e.photo?.blob ?? null) : null,
      };
    }),
  };
}

/** A phase as its queued save says (when the draft is gone: sent from another tab, or before a reload). */
export function recordedOfQueued(specs: readonly ItemSpec[], q: QueuedPhase): RecordedPhase | null {
  const save = q.save;
  if (!save) return null;
  const byId = new Map(save.items.map((i) => [i.assetChecklistMasterId, i]));
  return {
    odometer: save.odometer,
    noKadTng: save.noKadTng ?? null,
    noKadBahanApi: save.noKadBahanApi ?? null,
    items: specs.map((s) => {
      const i = byId.get(s.masterId);
      const quantity = i ? i.quantity : null;
      const damaged = !!i?.damaged;
      return {
        spec: s,
        quantity,
        damaged,
        status: itemStatus(quantity, damaged, s.expected),
        photoIds: [],
        localPhoto: q.photos[String(s.masterId)] ?? null,
      };
    }),
  };
}

// ---------------------------------------------------------------- the report's search (URL) and filter

export const REPORT_DEFAULT_DAYS = 7;

export const reportRangeOf = (search: ChecklistReportSearch, today: string) => rangeOrLastDays(search, today, REPORT_DEFAULT_DAYS);

/** The filter of laporanSenaraiSemakData (the region fixed to the caller's own when scoped); null when the range is backwards. */
export function reportFilterOf(search: ChecklistReportSearch, today: string, scopeRegionId: number | undefined): ChecklistReportFilter | null {
  const { from, to } = reportRangeOf(search, today);
  if (from > to) return null;
  const regionId = scopeRegionId ?? search.regionId;
  return {
    dateFrom: from,
    dateTo: to,
    ...(regionId ? { regionId } : {}),
    ...(search.sectionId ? { sectionId: search.sectionId } : {}),
    ...(search.vehicleId ? { vehicleId: search.vehicleId } : {}),
    ...(search.defects ? { defectsOnly: true } : {}),
    ...(search.flagged ? { flaggedOnly: true } : {}),
  };
}
