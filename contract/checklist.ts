/**
 * The daily vehicle and asset checklist and its report: schemas (issue #16). Rules, paths and messages are in
 * contract/checklist-rules.ts (zod-free).
 */
import { z } from 'zod';
import {
  CARD_NO_MAX,
  CHECKLIST_MESSAGES,
  CHECKLIST_PHASES,
  CHECKLIST_REMARK_MAX,
  ITEM_REMARK_MAX,
  ODOMETER_MAX,
  QUANTITY_MAX,
} from './checklist-rules';
import { calendarDate, instant, withRange } from './dates';

export * from './checklist-rules';

const id = z.number().int().positive();
const phase = z.enum(CHECKLIST_PHASES);
const itemStatus = z.enum(['OK', 'SHORT', 'DAMAGED']);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const odometerSchema = z
  .number({ error: CHECKLIST_MESSAGES.odometer })
  .int(CHECKLIST_MESSAGES.odometer)
  .min(0, CHECKLIST_MESSAGES.odometer)
  .max(ODOMETER_MAX, CHECKLIST_MESSAGES.odometerMax);

export const quantitySchema = z
  .number({ error: CHECKLIST_MESSAGES.quantity })
  .int(CHECKLIST_MESSAGES.quantity)
  .min(0, CHECKLIST_MESSAGES.quantity)
  .max(QUANTITY_MAX, CHECKLIST_MESSAGES.quantity);

/** One counted master item of one phase. */
export const ChecklistItemInputSchema = z.object({
  assetChecklistMasterId: id,
  quantity: quantitySchema,
  damaged: z.boolean().optional().default(false),
  remark: optionalText(ITEM_REMARK_MAX, CHECKLIST_MESSAGES.itemRemarkLong),
});
export type ChecklistItemInput = z.input<typeof ChecklistItemInputSchema>;

const itemsSchema = z
  .array(ChecklistItemInputSchema)
  .max(500)
  .refine((items) => new Set(items.map((i) => i.assetChecklistMasterId)).size === items.length, CHECKLIST_MESSAGES.duplicateItem);

/**
 * dailyAssetChecklist/save and portal/save. One checklist per roster and vehicle: PRE creates it (or corrects it
 * until POST is recorded) with every active master item; POST adds the end-of-shift odometer and quantities.
 * noKadTng and noKadBahanApi belong to PRE (ignored on POST).
 */
export const ChecklistSaveSchema = z.object({
  phase,
  dutyRosterId: id,
  vehicleId: id,
  odometer: odometerSchema,
  noKadTng: optionalText(CARD_NO_MAX, CHECKLIST_MESSAGES.cardLong),
  noKadBahanApi: optionalText(CARD_NO_MAX, CHECKLIST_MESSAGES.cardLong),
  remark: optionalText(CHECKLIST_REMARK_MAX, CHECKLIST_MESSAGES.remarkLong),
  /** when the check was made on the device (defaults to the server's now; not in the future) */
  recordedAt: instant.optional(),
  items: itemsSchema,
});
export type ChecklistSave = z.input<typeof ChecklistSaveSchema>;

/** dailyAssetChecklistItems/save and portal/save: the items of one phase alone (the checklist must exist). */
export const ChecklistItemsSaveSchema = z.object({ phase, dutyRosterId: id, vehicleId: id, items: itemsSchema });
export type ChecklistItemsSave = z.input<typeof ChecklistItemsSaveSchema>;

/** dailyAssetChecklistItems/photo/save: one photo of an item found short or damaged in that phase. */
export const ChecklistPhotoSaveSchema = z.object({
  dutyRosterId: id,
  vehicleId: id,
  assetChecklistMasterId: id,
  phase,
  documentName: z.string().trim().min(1).max(200),
  documentType: z.string().trim().max(100).optional(),
  /** base64 of the image (the outbox fills it from the queued Blob) */
  fileContent: z.string().min(1),
});
export type ChecklistPhotoSave = z.input<typeof ChecklistPhotoSaveSchema>;

export const ChecklistPhotoSchema = z.object({
  pkChecklistPhotoId: z.number().int(),
  phase,
  fileName: z.string(),
  byteSize: z.number().int(),
  createdAt: z.string(),
});
export type ChecklistPhoto = z.infer<typeof ChecklistPhotoSchema>;

export const ChecklistItemRowSchema = z.object({
  pkDailyAssetChecklistItemId: z.number().int(),
  assetChecklistMasterId: z.number().int(),
  assetCategoryId: z.number().int(),
  assetCategoryName: z.string().nullable(),
  name: z.string(),
  unitLabel: z.string(),
  isMeasurable: z.boolean(),
  expectedQuantity: z.number().int(),
  preQuantity: z.number().int().nullable(),
  preDamaged: z.boolean(),
  preStatus: itemStatus.nullable(),
  postQuantity: z.number().int().nullable(),
  postDamaged: z.boolean(),
  postStatus: itemStatus.nullable(),
  remark: z.string().nullable(),
  photos: z.array(ChecklistPhotoSchema),
});
export type ChecklistItemRow = z.infer<typeof ChecklistItemRowSchema>;

/** One checklist (a list row and the header of the detail). */
export const ChecklistRowSchema = z.object({
  pkDailyAssetChecklistId: z.number().int(),
  dutyRosterId: z.number().int(),
  dutyRosterName: z.string(),
  /** the roster's local start date (yyyy-mm-dd) */
  rosterDate: z.string(),
  regionId: z.number().int(),
  regionName: z.string(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  vehicleId: z.number().int(),
  plateNumber: z.string(),
  callSign: z.string().nullable(),
  staffId: z.number().int(),
  staffName: z.string(),
  postStaffName: z.string().nullable(),
  odometerPre: z.number().int(),
  odometerPost: z.number().int().nullable(),
  km: z.number().int().nullable(),
  /** the vehicle's reading before this checklist (the previous checklist's last reading) */
  previousOdometer: z.number().int().nullable(),
  /** PRE reading − previous reading, when over ODOMETER_GAP_KM */
  gapKm: z.number().int().nullable(),
  /** km of this shift, when over ODOMETER_JUMP_KM */
  jumpKm: z.number().int().nullable(),
  noKadTng: z.string().nullable(),
  noKadBahanApi: z.string().nullable(),
  remark: z.string().nullable(),
  preAt: z.string(),
  postAt: z.string().nullable(),
  itemCount: z.number().int(),
  preDefects: z.number().int(),
  postDefects: z.number().int(),
  /** the names of the defective items ('Kon trafik (kurang), Lampu isyarat (rosak)') */
  defectSummary: z.string().nullable(),
});
export type ChecklistRow = z.infer<typeof ChecklistRowSchema>;

/** save's answer: the checklist and all its items. */
export const ChecklistDetailSchema = ChecklistRowSchema.extend({ items: z.array(ChecklistItemRowSchema) });
export type ChecklistDetail = z.infer<typeof ChecklistDetailSchema>;

export const ChecklistMasterItemSchema = z.object({
  pkAssetChecklistMasterId: z.number().int(),
  assetCategoryId: z.number().int(),
  assetCategoryName: z.string().nullable(),
  name: z.string(),
  unitLabel: z.string(),
  isMeasurable: z.boolean(),
  defaultQuantity: z.number().int(),
  sortOrder: z.number().int(),
});
export type ChecklistMasterItem = z.infer<typeof ChecklistMasterItemSchema>;

/** forRoster/{id}: what the tablet needs to fill (and show) a roster's checklist, cached for offline use. */
export const ChecklistFormSchema = z.object({
  roster: z.object({
    pkDutyRosterId: z.number().int(),
    dutyRosterName: z.string(),
    sectionId: z.number().int(),
    sectionName: z.string(),
    startDate: z.string(),
    startHour: z.string(),
    endHour: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** the end-of-duty report is verified: nothing may change */
    locked: z.boolean(),
  }),
  /** the roster's vehicle (null: the roster has none) */
  vehicle: z
    .object({
      pkVehicleId: z.number().int(),
      plateNumber: z.string(),
      callSign: z.string().nullable(),
      vehicleModel: z.string(),
      vehicleType: z.string(),
      isActive: z.boolean(),
      needsAttention: z.boolean(),
      attentionReason: z.string().nullable(),
      /** the vehicle's last reading before this roster's checklist (the PRE reading may not be below it) */
      lastOdometer: z.number().int().nullable(),
      lastOdometerAt: z.string().nullable(),
    })
    .nullable(),
  /** the active master items, in category and sort order (what a new checklist counts) */
  masterItems: z.array(ChecklistMasterItemSchema),
  /** the checklist already recorded for this roster and vehicle, with its items */
  checklist: ChecklistDetailSchema.nullable(),
  /** what the caller may do */
  can: z.object({ save: z.boolean() }),
});
export type ChecklistForm = z.infer<typeof ChecklistFormSchema>;

export const ChecklistFilterSchema = withRange(
  z.object({
    dutyRosterId: id.optional(),
    vehicleId: id.optional(),
    regionId: id.optional(),
    sectionId: id.optional(),
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
  }),
  'dateFrom',
  'dateTo',
);
export type ChecklistFilter = z.infer<typeof ChecklistFilterSchema>;

export const ChecklistItemFilterSchema = z.object({ pkDailyAssetChecklistId: id, onlyDefects: z.boolean().optional() });
export type ChecklistItemFilter = z.infer<typeof ChecklistItemFilterSchema>;

/** laporanSenaraiSemakData: a date range (local dates, at most 366 days), section and vehicle as the scope allows. */
export const ChecklistReportFilterSchema = withRange(
  z.object({
    dateFrom: calendarDate,
    dateTo: calendarDate,
    regionId: id.optional(),
    sectionId: id.optional(),
    vehicleId: id.optional(),
    /** only checklists with a defect */
    defectsOnly: z.boolean().optional(),
    /** only checklists flagged (gap or jump) */
    flaggedOnly: z.boolean().optional(),
  }),
  'dateFrom',
  'dateTo',
);
export type ChecklistReportFilter = z.infer<typeof ChecklistReportFilterSchema>;

/** The end-of-duty report's checklist part (LaporanTamatTugas.checklist). */
export const ChecklistSummarySchema = z.object({
  pkDailyAssetChecklistId: z.number().int(),
  plateNumber: z.string(),
  callSign: z.string().nullable(),
  odometerPre: z.number().int(),
  odometerPost: z.number().int().nullable(),
  km: z.number().int().nullable(),
  noKadTng: z.string().nullable(),
  noKadBahanApi: z.string().nullable(),
  preAt: z.string(),
  postAt: z.string().nullable(),
  itemCount: z.number().int(),
  preDefects: z.number().int(),
  postDefects: z.number().int(),
  defectSummary: z.string().nullable(),
  gapKm: z.number().int().nullable(),
  jumpKm: z.number().int().nullable(),
});
export type ChecklistSummary = z.infer<typeof ChecklistSummarySchema>;
