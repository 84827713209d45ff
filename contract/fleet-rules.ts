/**
 * Fleet and equipment (issue #16; spec §2.1 /managevehicle, /registervehicle, /listingasset, /createupdateasset,
 * /maintenance; §3.6 vehicle details; §3.12 vehicle, callsign, checklist master; §4.7; §7.6; §9 page sizes):
 * paths, constants, messages and pure helpers. Zod-free, so the PWA may import it at run time; the schemas are in
 * contract/fleet.ts.
 *
 * - A vehicle belongs to one section, has a model (vehicleModel, which gives its type), a plate number (normalised:
 *   upper case, single spaces; unique ignoring spaces) and at most one call sign of its own section. A call sign is
 *   carried by at most one active vehicle.
 * - A vehicle, call sign, asset or master item that is referred to (rosters, checklists, vehicles) is deactivated,
 *   never erased.
 * - A vehicle "needs attention" from the moment a checklist finds one of its items short or damaged until a manager
 *   clears it (vehicle/clearAttention).
 */
import { MANAGE_BASE } from './paths';

export const VEHICLE_PATHS = {
  /** POST VehicleFilter: active vehicles (§7.6 dataTables) */
  dataTables: `${MANAGE_BASE}/vehicle/dataTables`,
  /** POST VehicleFilter: every status (§4.7 "vehicle lists cover all statuses") */
  dataTablesAllStatus: `${MANAGE_BASE}/vehicle/dataTablesAllStatus`,
  /** POST VehicleFilter: the same rows as CSV */
  csv: `${MANAGE_BASE}/vehicle/csv`,
  get: (id: number) => `${MANAGE_BASE}/vehicle/get/${id}`,
  getPattern: `${MANAGE_BASE}/vehicle/get/:id`,
  /** GET: the active vehicles of a section as options (with "needs attention") */
  bySection: (sectionId: number) => `${MANAGE_BASE}/vehicle/getBySectionId/${sectionId}`,
  bySectionPattern: `${MANAGE_BASE}/vehicle/getBySectionId/:id`,
  /** POST VehicleSave */
  save: `${MANAGE_BASE}/vehicle/save`,
  /** POST { pkVehicleId }: erased, or deactivated when it has rosters, checklists or assets */
  delete: `${MANAGE_BASE}/vehicle/delete`,
  /** POST { pkVehicleId, isActive }: the §4.7 isActive toggle */
  setActive: `${MANAGE_BASE}/vehicle/setActive`,
  /** POST { pkVehicleId, remark }: a manager clears "needs attention" */
  clearAttention: `${MANAGE_BASE}/vehicle/clearAttention`,
  /** POST VehicleModelFilter: the models (3,000 a page, §9) */
  modelDataTables: `${MANAGE_BASE}/vehicleModel/dataTables`,
  /** POST VehicleModelSave */
  modelSave: `${MANAGE_BASE}/vehicleModel/save`,
} as const;

export const CALLSIGN_PATHS = {
  /** POST CallSignFilter */
  dataTables: `${MANAGE_BASE}/callsign/dataTables`,
  /** POST { callsign }: one call sign by its name, with the vehicle carrying it (§7.8 "callsign name lookup") */
  getDetails: `${MANAGE_BASE}/callsign/getDetails`,
  get: (id: number) => `${MANAGE_BASE}/callsign/get/${id}`,
  getPattern: `${MANAGE_BASE}/callsign/get/:id`,
  /** POST CallSignSave */
  save: `${MANAGE_BASE}/callsign/save`,
  /** POST { pkCallSignId }: erased, or deactivated when a vehicle ever carried it; 409 while an active vehicle does */
  delete: `${MANAGE_BASE}/callsign/delete`,
  /** GET: the section's active call signs no active vehicle carries (a new vehicle's choice) */
  notAssigned: (sectionId: number) => `${MANAGE_BASE}/callsign/notAssigned/${sectionId}`,
  notAssignedPattern: `${MANAGE_BASE}/callsign/notAssigned/:id`,
  /** GET: the call signs a vehicle may carry: the free ones of its section and its own */
  unAssigned: (vehicleId: number) => `${MANAGE_BASE}/callsign/unAssigned/${vehicleId}`,
  unAssignedPattern: `${MANAGE_BASE}/callsign/unAssigned/:id`,
} as const;

export const ASSET_PATHS = {
  /** POST AssetFilter */
  dataTables: `${MANAGE_BASE}/asset/dataTables`,
  csv: `${MANAGE_BASE}/asset/csv`,
  get: (id: number) => `${MANAGE_BASE}/asset/get/${id}`,
  getPattern: `${MANAGE_BASE}/asset/get/:id`,
  /** POST AssetSave */
  save: `${MANAGE_BASE}/asset/save`,
  /** POST { pkAssetId }: erased, or deactivated when it was ever assigned to a vehicle */
  delete: `${MANAGE_BASE}/asset/delete`,
} as const;

export const CHECKLIST_MASTER_PATHS = {
  /** POST ChecklistMasterFilter */
  dataTables: `${MANAGE_BASE}/assetChecklistMaster/dataTables`,
  /** POST ChecklistMasterSave */
  save: `${MANAGE_BASE}/assetChecklistMaster/save`,
  /** POST { pkAssetChecklistMasterId }: erased, or deactivated when a checklist counted it */
  delete: `${MANAGE_BASE}/assetChecklistMaster/delete`,
} as const;

/** §9 page sizes */
export const VEHICLE_PAGE_SIZE = 5000;
export const VEHICLE_MODEL_PAGE_SIZE = 3000;

/**
 * 9999999 → '9,999,999': the messages' numbers as `toLocaleString('en')` writes them, without Intl, whose number data
 * loaded as these modules were evaluated (80 ms of the patrol's Syif saya at a mid-range phone's speed).
 */
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const PLATE_MAX = 15;
export const CALLSIGN_MAX = 30;
export const ASSET_TAG_MAX = 40;
export const FLEET_NAME_MAX = 100;
export const FLEET_REMARK_MAX = 500;
export const UNIT_LABEL_MAX = 20;
/** a quantity counted in a checklist or expected by the master: 0…10,000 */
export const QUANTITY_MAX = 10_000;

/** Plate numbers: upper case, runs of white space made one space, trimmed ('wxy  1234 ' → 'WXY 1234'). */
export const normalisePlate = (plate: string) => plate.trim().toUpperCase().replace(/\s+/g, ' ');
/** The key two plates are compared by (spaces dropped, as §7.8's findPRVehicle does): 'WXY 1234' = 'WXY1234'. */
export const plateKey = (plate: string) => normalisePlate(plate).replace(/ /g, '');
/** After normalisation: letters, digits and single spaces, with at least one digit. */
export const PLATE_PATTERN = /^(?=.*\d)[A-Z0-9]+( [A-Z0-9]+)*$/;

/** Call signs: upper case, single spaces ('ronda n9-1' → 'RONDA N9-1'). */
export const normaliseCallSign = (cs: string) => cs.trim().toUpperCase().replace(/\s+/g, ' ');
export const CALLSIGN_PATTERN = /^[A-Z0-9][A-Z0-9 \-/]*$/;

/** Asset tags: upper case, no spaces around. */
export const normaliseTag = (tag: string) => tag.trim().toUpperCase().replace(/\s+/g, ' ');

export const VEHICLE_STATUS_TEXT = { active: 'Aktif', inactive: 'Tidak Aktif' } as const;

export const FLEET_MESSAGES = {
  plate: 'No. plat diperlukan.',
  plateFormat: 'No. plat hanya huruf, nombor dan satu ruang di antaranya, dengan sekurang-kurangnya satu nombor.',
  plateLong: `No. plat maksimum ${PLATE_MAX} aksara.`,
  duplicatePlate: (plate: string) => `No. plat ${plate} telah didaftarkan bagi kenderaan lain.`,
  model: 'Model kenderaan diperlukan.',
  modelNotFound: 'Model kenderaan tidak dijumpai atau tidak aktif.',
  modelName: 'Nama model diperlukan.',
  modelType: 'Jenis kenderaan diperlukan.',
  duplicateModel: 'Model kenderaan ini telah wujud.',
  section: 'Seksyen diperlukan.',
  sectionNotFound: 'Seksyen tidak dijumpai.',
  vehicleNotFound: 'Kenderaan tidak dijumpai.',
  vehicleSaved: 'Kenderaan telah berjaya disimpan.',
  vehicleDeleted: 'Kenderaan telah dipadam.',
  vehicleDeactivated: 'Kenderaan ini mempunyai jadual tugas, senarai semak atau aset, maka ia dinyahaktifkan (tidak dipadam).',
  vehicleActivated: 'Kenderaan telah diaktifkan.',
  vehicleDeactivatedToggle: 'Kenderaan telah dinyahaktifkan.',
  attentionCleared: 'Tanda "perlu perhatian" telah dikosongkan.',
  attentionNotSet: 'Kenderaan ini tidak ditanda "perlu perhatian".',
  attentionRemark: 'Catatan tindakan diperlukan.',
  staleVehicle: 'Kenderaan ini telah dikemas kini oleh pengguna lain. Muat semula dan cuba lagi.',
  callsign: 'Callsign diperlukan.',
  callsignFormat: 'Callsign hanya huruf, nombor, ruang, - dan /.',
  callsignLong: `Callsign maksimum ${CALLSIGN_MAX} aksara.`,
  duplicateCallsign: (cs: string) => `Callsign ${cs} telah wujud.`,
  callsignNotFound: 'Callsign tidak dijumpai.',
  callsignOtherSection: (cs: string, section: string) => `Callsign ${cs} milik seksyen ${section}, bukan seksyen kenderaan ini.`,
  callsignInactive: (cs: string) => `Callsign ${cs} tidak aktif.`,
  callsignTaken: (cs: string, plate: string) => `Callsign ${cs} sedang digunakan oleh kenderaan aktif ${plate}.`,
  callsignSaved: 'Callsign telah berjaya disimpan.',
  callsignDeleted: 'Callsign telah dipadam.',
  callsignDeactivated: 'Callsign ini pernah digunakan oleh kenderaan, maka ia dinyahaktifkan (tidak dipadam).',
  callsignSectionLocked: 'Seksyen callsign tidak boleh ditukar semasa ia dibawa oleh kenderaan.',
  assetName: 'Nama aset diperlukan.',
  assetTag: 'No. tag aset diperlukan.',
  assetTagLong: `No. tag aset maksimum ${ASSET_TAG_MAX} aksara.`,
  duplicateAssetTag: (tag: string) => `No. tag ${tag} telah digunakan oleh aset lain.`,
  assetCategory: 'Kategori aset tidak sah.',
  assetNotFound: 'Aset tidak dijumpai.',
  assetVehicleSection: 'Kenderaan aset mesti dari seksyen yang sama dengan aset.',
  assetVehicleInactive: 'Aset tidak boleh diberi kepada kenderaan yang tidak aktif.',
  assetSaved: 'Aset telah berjaya disimpan.',
  assetDeleted: 'Aset telah dipadam.',
  assetDeactivated: 'Aset ini pernah diberi kepada kenderaan, maka ia dinyahaktifkan (tidak dipadam).',
  masterName: 'Nama item diperlukan.',
  masterUnit: 'Unit diperlukan.',
  masterQuantity: `Kuantiti lalai mesti nombor bulat 0 hingga ${thousands(QUANTITY_MAX)}.`,
  masterNotMeasurable: 'Item yang tidak diukur mempunyai kuantiti lalai 1 (ada / tiada).',
  duplicateMaster: 'Item ini telah wujud dalam kategori aset yang sama.',
  masterNotFound: 'Item senarai semak tidak dijumpai.',
  masterSaved: 'Item senarai semak telah berjaya disimpan.',
  masterDeleted: 'Item senarai semak telah dipadam.',
  masterDeactivated: 'Item ini telah digunakan dalam senarai semak, maka ia dinyahaktifkan (tidak dipadam).',
  remarkLong: `Catatan maksimum ${FLEET_REMARK_MAX} aksara.`,
  nameLong: `Nama maksimum ${FLEET_NAME_MAX} aksara.`,
} as const;
