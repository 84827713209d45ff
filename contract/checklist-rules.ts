/**
 * The daily vehicle and asset checklist and its report (issue #16; spec §3.12 daily asset checklist, items, master;
 * §6 Laporan Senarai Semak; §7.6 dailyAssetChecklist and dailyAssetChecklistItems; §7.7 laporanSenaraiSemakData;
 * §9 page sizes: checklist report 10, items 5). Paths, constants, messages and pure helpers, zod-free; the schemas
 * are in contract/checklist.ts.
 *
 * One checklist per roster and vehicle. At shift start (phase PRE) the patrol records the odometer, the Touch 'n Go
 * card (noKadTng), the fuel card (noKadBahanApi) and the quantity of every active master item; at shift end (POST)
 * the odometer and the quantities again. An item is **short** when fewer are counted than expected (for an item that
 * is not measured: 0 of 1, missing) and **damaged** when marked so; either is a **defect**: it alerts the section's
 * managers and marks the vehicle "needs attention".
 *
 * Odometer: a PRE reading below the vehicle's last reading, or a POST reading below the PRE reading, is refused. The
 * report flags a **gap** (the PRE reading more than ODOMETER_GAP_KM above the vehicle's previous reading: driven off
 * any checklist) and a **jump** (more than ODOMETER_JUMP_KM in one shift).
 */
import { MANAGE_BASE } from './paths';
import { QUANTITY_MAX, thousands } from './fleet-rules';

export const CHECKLIST_PATHS = {
  /** POST ChecklistFilter: checklists (one row per roster and vehicle) */
  dataTables: `${MANAGE_BASE}/dailyAssetChecklist/dataTables`,
  /** POST ChecklistSave: the patrol's tablet (a PR only for a roster it is on) */
  save: `${MANAGE_BASE}/dailyAssetChecklist/save`,
  /** POST ChecklistSave: the same from the portal (supervisors and managers, for a roster of their region) */
  portalSave: `${MANAGE_BASE}/dailyAssetChecklist/portal/save`,
  /** GET: what the tablet needs to fill a roster's checklist (ChecklistForm) */
  forRoster: (rosterId: number) => `${MANAGE_BASE}/dailyAssetChecklist/forRoster/${rosterId}`,
  forRosterPattern: `${MANAGE_BASE}/dailyAssetChecklist/forRoster/:id`,
  /** POST ChecklistItemFilter: the items of one checklist (5 a page, §9) */
  itemsDataTables: `${MANAGE_BASE}/dailyAssetChecklistItems/dataTables`,
  /** POST ChecklistItemsSave: the items alone (same rules as the items of ChecklistSave) */
  itemsSave: `${MANAGE_BASE}/dailyAssetChecklistItems/save`,
  /** POST ChecklistItemsSave from the portal */
  itemsPortalSave: `${MANAGE_BASE}/dailyAssetChecklistItems/portal/save`,
  /** POST ChecklistPhotoSave: a photo of an item found short or damaged (base64 JPEG/PNG, re-encoded) */
  photoSave: `${MANAGE_BASE}/dailyAssetChecklistItems/photo/save`,
  /** GET: the photo's bytes (image/jpeg) */
  photo: (photoId: number) => `${MANAGE_BASE}/dailyAssetChecklistItems/photo/${photoId}`,
  photoPattern: `${MANAGE_BASE}/dailyAssetChecklistItems/photo/:id`,
  /** POST ChecklistReportFilter: §7.7's bare form of the report, the same page of rows as reportDataTables */
  report: `${MANAGE_BASE}/laporanSenaraiSemakData`,
  /** POST ChecklistReportFilter: Laporan Senarai Semak (10 a page, §9) */
  reportDataTables: `${MANAGE_BASE}/laporanSenaraiSemakData/dataTables`,
  /** POST ChecklistReportFilter: the same rows as CSV (UTF-8 with BOM, dd-mm-yyyy) */
  reportCsv: `${MANAGE_BASE}/laporanSenaraiSemakData/csv`,
} as const;

export const CHECKLIST_PHASES = ['PRE', 'POST'] as const;
export type ChecklistPhase = (typeof CHECKLIST_PHASES)[number];

/** §9 page sizes */
export const CHECKLIST_REPORT_PAGE_SIZE = 10;
export const CHECKLIST_ITEMS_PAGE_SIZE = 5;

export const ODOMETER_MAX = 9_999_999;
/** a PRE reading more than this above the vehicle's previous reading is flagged 'gap' (possible unrecorded use) */
export const ODOMETER_GAP_KM = 5;
/** more than this in one shift is flagged 'jump' */
export const ODOMETER_JUMP_KM = 600;
export const CARD_NO_MAX = 30;
export const CHECKLIST_REMARK_MAX = 500;
export const ITEM_REMARK_MAX = 200;
export { QUANTITY_MAX };

/** 'OK', 'SHORT' (fewer than expected), 'DAMAGED' (marked damaged; wins over short), or null (not counted yet) */
export type ItemStatus = 'OK' | 'SHORT' | 'DAMAGED';

export function itemStatus(quantity: number | null | undefined, damaged: boolean, expected: number): ItemStatus | null {
  if (damaged) return 'DAMAGED';
  if (quantity === null || quantity === undefined) return null;
  return quantity < expected ? 'SHORT' : 'OK';
}

export const isDefect = (s: ItemStatus | null) => s === 'SHORT' || s === 'DAMAGED';

/** km of one shift, when both readings exist */
export const kmOf = (pre: number | null, post: number | null) => (pre !== null && post !== null ? post - pre : null);

export const ALERT_CATEGORY_VEHICLE = 'KENDERAAN';

export const PHASE_TEXT: Record<ChecklistPhase, string> = { PRE: 'pra-syif', POST: 'pasca-syif' };
export const ITEM_STATUS_TEXT: Record<ItemStatus, string> = { OK: 'Baik', SHORT: 'Kurang', DAMAGED: 'Rosak' };

export const CHECKLIST_MESSAGES = {
  odometer: 'Bacaan odometer mesti nombor bulat 0 atau lebih (km).',
  odometerMax: `Bacaan odometer maksimum ${thousands(ODOMETER_MAX)} km.`,
  odometerBelowLast: (reading: number, last: number, date: string) =>
    `Bacaan odometer ${reading} km kurang daripada bacaan terakhir kenderaan ini (${last} km pada ${date}).`,
  odometerBelowPre: (post: number, pre: number) => `Bacaan odometer pasca-syif ${post} km tidak boleh kurang daripada bacaan pra-syif ${pre} km.`,
  quantity: `Kuantiti mesti nombor bulat 0 hingga ${thousands(QUANTITY_MAX)}.`,
  quantityNotMeasurable: (name: string) => `${name}: item ini hanya ada (1) atau tiada (0).`,
  missingItems: (names: string[]) => `Senarai semak belum lengkap: ${names.join(', ')}.`,
  unknownItem: 'Item senarai semak tidak dijumpai atau tidak aktif.',
  duplicateItem: 'Item yang sama dihantar dua kali.',
  cardLong: `No. kad maksimum ${CARD_NO_MAX} aksara.`,
  remarkLong: `Catatan maksimum ${CHECKLIST_REMARK_MAX} aksara.`,
  itemRemarkLong: `Catatan item maksimum ${ITEM_REMARK_MAX} aksara.`,
  rosterNotFound: 'Jadual tugas tidak dijumpai.',
  notOnRoster: 'Anda tiada dalam jadual tugas ini; senarai semak tidak boleh direkod.',
  vehicleNotOnRoster: 'Kenderaan ini bukan kenderaan jadual tugas ini.',
  rosterNoVehicle: 'Jadual tugas ini tiada kenderaan.',
  vehicleInactive: 'Kenderaan ini tidak aktif.',
  preMissing: 'Senarai semak pra-syif belum direkod bagi kenderaan ini.',
  postRecorded: 'Senarai semak pasca-syif telah direkod; pra-syif tidak boleh diubah lagi.',
  locked: 'Laporan tamat tugas jadual ini telah disemak; senarai semak tidak boleh diubah.',
  notFound: 'Senarai semak tidak dijumpai.',
  photoNotFound: 'Gambar tidak dijumpai.',
  itemNotCounted: 'Item ini belum dikira dalam fasa tersebut.',
  saved: 'Senarai semak telah berjaya disimpan.',
  photoSaved: 'Gambar telah berjaya disimpan.',
  dateRange: 'Tarikh "Hingga" tidak boleh sebelum tarikh "Dari".',
  rangeTooLong: 'Julat tarikh maksimum 366 hari.',
  defectAlert: (plate: string, callSign: string | null, item: string, status: string, counted: string, phase: string) =>
    `Kenderaan ${plate}${callSign ? ` (${callSign})` : ''}: ${item} ${status.toLowerCase()} (${counted}) semasa semakan ${phase}`,
} as const;
