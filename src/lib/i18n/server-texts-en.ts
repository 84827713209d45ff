import { ACTIVITY_MESSAGES } from '@contract/activity-log-rules';
import { CHECKLIST_MESSAGES } from '@contract/checklist-rules';
import { DATE_MESSAGES } from '@contract/date-rules';
import { FLEET_MESSAGES } from '@contract/fleet-rules';
import { LEAVE_MESSAGES, LEAVE_STATUS_LABEL, LEAVE_TYPES, type LeaveStatus } from '@contract/leave-rules';
import { REPORT_MESSAGES } from '@contract/reports-rules';
import { RONDA_MESSAGES } from '@contract/rondas-rules';
import { ROSTER_MESSAGES } from '@contract/rosters-rules';
import { SHIFT_MESSAGES } from '@contract/shifts-rules';
import { STAFF_MESSAGES } from '@contract/staff-rules';
import { TEAM_MESSAGES } from '@contract/teams-rules';
import { USERS_MESSAGES } from '@contract/users-rules';

/**
 * The server's texts in English: the API answers every error (statusMsg, the field messages of `issues`) in Malay,
 * the operator's existing API too, so the PWA translates them itself when English is chosen. This module is part of
 * the English chunk (loaded with en.ts, src/lib/i18n/index.ts): the Malay first load carries none of it.
 *
 * A text is found whole, or as a pattern: `{name}` stands for a value the server puts in (a ticket number, a name, a
 * count, a date), carried over into the English; a value that is itself a text the catalogue knows (a subform kind,
 * a status, a field message inside "Input tidak sah: field — message") is translated too. A text made of sentences
 * the catalogue knows one by one (a message constant followed by the details) is translated sentence by sentence.
 * Anything else is shown as the server sent it: a new server text never breaks the screen, it just stays Malay.
 *
 * Where the server builds a text from a contract constant, the entry takes the constant itself (the objects below
 * mirror them key by key, so a new key without English is a type error); the texts written in server/ are copied.
 * tests/unit/server-error-texts.test.ts finds every text the server's sources can send and wants an English one.
 */

type Pair = readonly [ms: string, en: string];

/** English for a constant text with numbers in it (a limit): `{0}`, `{1}`… are its numbers, in order. */
function num(ms: string, en: string): string {
  const numbers = ms.match(/\d[\d,.]*\d|\d/g) ?? [];
  return en.replace(/\{(\d)\}/g, (all, i: string) => numbers[Number(i)] ?? all);
}

/** A placeholder passed to a contract function that builds a text: `{name}` where the function writes the value. */
const ph = (name: string) => `{${name}}`;
/** The same for a number argument (the functions only write it into the text). */
const phNumber = (name: string) => ph(name) as unknown as number;

/**
 * English for each member of a contract message object: a text for a text, `[args, text]` for a function (called with
 * placeholders, `ph(name)`, which give the Malay pattern).
 */
type Mirror<T> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? readonly [A, string] : string };

function mirrored<T extends Record<string, unknown>>(ms: T, en: Mirror<T>): Pair[] {
  return Object.keys(ms).map((k) => {
    const m = ms[k];
    const e = en[k as keyof T] as string | readonly [unknown[], string];
    if (typeof m === 'function' && Array.isArray(e)) return [(m as (...a: unknown[]) => string)(...e[0]), e[1]] as const;
    return [m as string, e as string] as const;
  });
}

// ------------------------------------------------------------------------ labels inside texts (values translated)

/** Subform kinds (server/modules/incident/subforms.ts KIND_LABEL): the name of a subform ("the Accident subform"). */
const KIND_LABELS: Record<string, string> = {
  kemalangan: 'Accident',
  'kerosakan kenderaan': 'Breakdown',
  'objek halangan': 'Obstacle',
  'haiwan liar': 'Stray animal',
  'keadaan jalan berbahaya': 'Road hazard',
  'kerosakan aset lebuhraya': 'Highway asset damage',
  'kes lain-lain': 'Other case',
};

/** A case's lists (server/modules/incident/children.ts CHILD_LIST_LABEL), as the case screen's lists are named. */
const LIST_LABELS: Record<string, string> = {
  'Kenderaan terlibat': 'Involved vehicle',
  'Jenis pelanggaran': 'Collision type',
  'Bahagian lebuhraya': 'Highway section',
  Bantuan: 'Assistance',
  'Kerosakan aset': 'Asset damage',
  'Penutupan lorong': 'Lane closure',
  'Kesesakan jalan': 'Traffic jam',
  'Jenis kecederaan': 'Injury type',
};

/** The times and fields a case's lists check (server/modules/incident/children.ts). */
const FIELD_LABELS: Record<string, string> = {
  'Masa notifikasi': 'The notified time',
  'Masa ketibaan': 'The arrival time',
  'Masa selesai': 'The completion time',
  'Masa Tutup': 'The closed time',
  'Masa Buka': 'The opened time',
  'Masa mula kesesakan': 'The traffic jam start time',
  'Tarikh rekod': 'The record date',
  'Jenis kejadian': 'Incident type',
  Lebuhraya: 'Highway',
  Arah: 'Direction',
  Cuaca: 'Weather',
  'Keadaan jalan': 'Road condition',
  'Lokasi kejadian': 'Incident location',
  'Status kes': 'Case status',
  // the staff import's columns
  'No. staf': 'Staff number',
  Nama: 'Name',
  Jawatan: 'Position',
  'No. KP (NRIC)': 'IC number (NRIC)',
  // a combined section the server does not name
  'seksyen gabungan': 'a combined section',
};

/** Case statuses (the incidentStatus list) as the English screens name them. */
const STATUS_LABELS: Record<string, string> = {
  'Tugasan Dihantar': 'Task sent',
  'Tugasan Diterima': 'Task received',
  'Tiba di Lokasi': 'Arrived on scene',
  'Selesai Bantuan': 'Assistance done',
  'Selesai Kes': 'Case done',
  Tutup: 'Closed',
  Ditolak: 'Rejected',
  Batal: 'Cancelled',
};

const LEAVE_STATUS_EN: Record<LeaveStatus, string> = { requested: 'Requested', approved: 'Approved', rejected: 'Rejected' };

const LABELS: Record<string, string> = {
  ...KIND_LABELS,
  ...LIST_LABELS,
  ...FIELD_LABELS,
  ...STATUS_LABELS,
  ...Object.fromEntries(Object.entries(LEAVE_STATUS_LABEL).map(([k, v]) => [v, LEAVE_STATUS_EN[k as LeaveStatus]])),
  ...Object.fromEntries(LEAVE_TYPES.map((t) => [t.value, t.description])),
};

// ------------------------------------------------------------------------------------- the contract's messages

const CONSTANTS: Pair[] = [
  ...mirrored(ACTIVITY_MESSAGES, {
    saved: 'Activity saved.',
    deleted: 'Activity deleted.',
    notFound: 'Activity not found.',
    rosterNotFound: 'Duty roster not found.',
    outOfRegion: 'This duty roster is outside your region.',
    notOwnTeam: 'You are not in the patrol team of this duty roster.',
    outsideShift: 'The activity time must be within the shift of this duty roster (15 minutes before the start to 15 minutes after the end).',
    inFuture: 'The activity time cannot be later than now.',
    unknownEvent: 'Invalid activity type.',
    checkpointNotOnRonda: 'This checkpoint is not on a ronda of this duty roster’s section.',
    lockedByAck: 'This end-of-duty report has been verified; its activities can no longer be changed.',
    summaryUpdated: 'Shift summary updated.',
    verified: 'End-of-duty report verified.',
    approved: 'End-of-duty report approved.',
    revoked: 'The end-of-duty report’s verification has been undone.',
    verifyOwn: 'You cannot verify your own end-of-duty report.',
    approveOwn: 'You cannot approve your own end-of-duty report.',
    alreadyVerified: 'This end-of-duty report has already been verified.',
    alreadyApproved: 'This end-of-duty report has already been approved.',
    approveBeforeVerify: 'The end-of-duty report must be verified before it is approved.',
    notEnded: 'The end-of-duty report can only be verified after the shift has ended.',
    revokeNeedsJustification: 'A justification is needed to undo the verification.',
    nothingToRevoke: 'This end-of-duty report has not been verified yet.',
  }),
  ...mirrored(CHECKLIST_MESSAGES, {
    odometer: 'The odometer reading must be a whole number, 0 or more (km).',
    odometerMax: num(CHECKLIST_MESSAGES.odometerMax, 'The odometer reading is at most {0} km.'),
    odometerBelowLast: [
      [phNumber('reading'), phNumber('last'), ph('date')],
      'The odometer reading of {reading} km is less than this vehicle’s last reading ({last} km on {date}).',
    ],
    odometerBelowPre: [
      [phNumber('post'), phNumber('pre')],
      'The post-shift odometer reading of {post} km cannot be less than the pre-shift reading of {pre} km.',
    ],
    quantity: num(CHECKLIST_MESSAGES.quantity, 'The quantity must be a whole number from 0 to {1}.'),
    quantityNotMeasurable: [[ph('item')], '{item}: this item is only there (1) or not (0).'],
    missingItems: [[[ph('items')]], 'The checklist is not complete: {items}.'],
    unknownItem: 'Checklist item not found or inactive.',
    duplicateItem: 'The same item was sent twice.',
    cardLong: num(CHECKLIST_MESSAGES.cardLong, 'Card number: at most {0} characters.'),
    remarkLong: num(CHECKLIST_MESSAGES.remarkLong, 'Remark: at most {0} characters.'),
    itemRemarkLong: num(CHECKLIST_MESSAGES.itemRemarkLong, 'Item remark: at most {0} characters.'),
    rosterNotFound: 'Duty roster not found.',
    notOnRoster: 'You are not on this duty roster; the checklist cannot be recorded.',
    vehicleNotOnRoster: 'This vehicle is not the vehicle of this duty roster.',
    rosterNoVehicle: 'This duty roster has no vehicle.',
    vehicleInactive: 'This vehicle is inactive.',
    preMissing: 'The pre-shift checklist of this vehicle has not been recorded.',
    postRecorded: 'The post-shift checklist has been recorded; the pre-shift one can no longer be changed.',
    locked: 'The end-of-duty report of this roster has been verified; the checklist can no longer be changed.',
    notFound: 'Checklist not found.',
    photoNotFound: 'Photo not found.',
    itemNotCounted: 'This item has not been counted in that phase.',
    saved: 'Checklist saved.',
    photoSaved: 'Photo saved.',
    dateRange: 'The "To" date cannot be before the "From" date.',
    rangeTooLong: 'The date range is at most 366 days.',
    defectAlert: [
      [ph('plate'), null, ph('item+'), ph('status'), ph('counted'), ph('phase')],
      'Vehicle {plate}: {item} {status} ({counted}) in the {phase} check',
    ],
  }),
  ...mirrored(DATE_MESSAGES, {
    format: 'The date must be YYYY-MM-DD',
    invalid: 'Invalid date',
    range: num(DATE_MESSAGES.range, 'The date must be between {0} and {1}'),
    instantFormat: 'The time must be ISO 8601 with a zone, e.g. 2026-11-22T08:30:00.000Z',
    precision: 'The time may have at most milliseconds (3 digits of fractional seconds)',
    toBeforeFrom: 'The end date cannot be before the start date.',
  }),
  ...mirrored(FLEET_MESSAGES, {
    plate: 'Plate number is required.',
    plateFormat: 'Plate number: letters and digits only, with at most one space between them and at least one digit.',
    plateLong: num(FLEET_MESSAGES.plateLong, 'Plate number: at most {0} characters.'),
    duplicatePlate: [[ph('plate')], 'Plate number {plate} is already registered to another vehicle.'],
    model: 'Vehicle model is required.',
    modelNotFound: 'Vehicle model not found or inactive.',
    modelName: 'Model name is required.',
    modelType: 'Vehicle type is required.',
    duplicateModel: 'This vehicle model already exists.',
    section: 'Section is required.',
    sectionNotFound: 'Section not found.',
    vehicleNotFound: 'Vehicle not found.',
    vehicleSaved: 'Vehicle saved.',
    vehicleDeleted: 'Vehicle deleted.',
    vehicleDeactivated: 'This vehicle has duty rosters, checklists or assets, so it was deactivated (not deleted).',
    vehicleActivated: 'Vehicle activated.',
    vehicleDeactivatedToggle: 'Vehicle deactivated.',
    attentionCleared: 'The "needs attention" flag has been cleared.',
    attentionNotSet: 'This vehicle is not flagged "needs attention".',
    attentionRemark: 'A remark on the action taken is required.',
    staleVehicle: 'This vehicle was updated by another user. Reload and try again.',
    callsign: 'Call sign is required.',
    callsignFormat: 'Call sign: letters, digits, spaces, - and / only.',
    callsignLong: num(FLEET_MESSAGES.callsignLong, 'Call sign: at most {0} characters.'),
    duplicateCallsign: [[ph('callsign')], 'Call sign {callsign} already exists.'],
    callsignNotFound: 'Call sign not found.',
    callsignOtherSection: [[ph('callsign'), ph('section')], 'Call sign {callsign} belongs to section {section}, not to this vehicle’s section.'],
    callsignInactive: [[ph('callsign')], 'Call sign {callsign} is inactive.'],
    callsignTaken: [[ph('callsign'), ph('plate')], 'Call sign {callsign} is in use by active vehicle {plate}.'],
    callsignSaved: 'Call sign saved.',
    callsignDeleted: 'Call sign deleted.',
    callsignDeactivated: 'A vehicle once carried this call sign, so it was deactivated (not deleted).',
    callsignSectionLocked: 'The call sign’s section cannot be changed while a vehicle carries it.',
    assetName: 'Asset name is required.',
    assetTag: 'Asset tag number is required.',
    assetTagLong: num(FLEET_MESSAGES.assetTagLong, 'Asset tag number: at most {0} characters.'),
    duplicateAssetTag: [[ph('tag')], 'Tag number {tag} is already used by another asset.'],
    assetCategory: 'Invalid asset category.',
    assetNotFound: 'Asset not found.',
    assetVehicleSection: 'The asset’s vehicle must be of the same section as the asset.',
    assetVehicleInactive: 'An asset cannot be given to an inactive vehicle.',
    assetSaved: 'Asset saved.',
    assetDeleted: 'Asset deleted.',
    assetDeactivated: 'This asset was once given to a vehicle, so it was deactivated (not deleted).',
    masterName: 'Item name is required.',
    masterUnit: 'Unit is required.',
    masterQuantity: num(FLEET_MESSAGES.masterQuantity, 'The default quantity must be a whole number from 0 to {1}.'),
    masterNotMeasurable: 'An item that is not measured has a default quantity of 1 (there / not there).',
    duplicateMaster: 'This item already exists in the same asset category.',
    masterNotFound: 'Checklist item not found.',
    masterSaved: 'Checklist item saved.',
    masterDeleted: 'Checklist item deleted.',
    masterDeactivated: 'This item has been used in checklists, so it was deactivated (not deleted).',
    remarkLong: num(FLEET_MESSAGES.remarkLong, 'Remark: at most {0} characters.'),
    nameLong: num(FLEET_MESSAGES.nameLong, 'Name: at most {0} characters.'),
  }),
  ...mirrored(LEAVE_MESSAGES, {
    toBeforeFrom: 'The leave’s end date cannot be before its start date.',
    tooLong: num(LEAVE_MESSAGES.tooLong, 'One leave request is at most {0} days.'),
    type: 'Invalid leave type.',
    typeRequired: 'Choose the leave type.',
    staff: 'Choose the staff member.',
    notFound: 'Leave record not found.',
    staffNotFound: 'Staff member not found.',
    staffInactive: 'This staff member is inactive.',
    otherRegion: 'This staff member is outside your region.',
    overlap: 'The leave overlaps another leave of the same staff member',
    notRequested: 'Only leave with the status Requested can be changed.',
    alreadyDecided: 'This leave has already been decided.',
    deleteNotRequested: 'Only leave with the status Requested can be deleted.',
    ownLeave: 'You cannot approve or reject your own leave.',
    rosterActionRequired: 'This leave meets duty rosters. Choose what happens to those rosters (keep the person on them or release them).',
    saved: 'Leave saved.',
    approved: 'Leave approved.',
    rejected: 'Leave rejected.',
    deleted: 'Leave deleted.',
  }),
  ...mirrored(REPORT_MESSAGES, {
    rangeTooLong: 'The date range is at most 2 years (731 days).',
    regionNotFound: 'Region not found.',
    sectionNotFound: 'Section not found.',
    outOfRegion: 'This region or section is outside your scope.',
    sectionNotInRegion: 'This section is not in the chosen region.',
    empty: 'No data for this period and scope.',
  }),
  ...mirrored(RONDA_MESSAGES, {
    saved: 'Ronda saved.',
    deleted: 'Ronda deleted.',
    checkpointSaved: 'Checkpoint saved.',
    checkpointDeleted: 'Checkpoint deleted.',
    checkpointMoved: 'Checkpoint order updated.',
    rondaNotFound: 'Ronda not found.',
    checkpointNotFound: 'Checkpoint not found.',
    sectionWithoutRange: 'This section has no KM range; choose a specific section (e.g. N9, S1).',
    sectionWithoutAlignment: 'This section has no highway alignment; a checkpoint cannot be placed on it.',
    kmEqual: 'KM From and KM To cannot be the same.',
    inactiveRonda: 'This ronda is inactive; activate it before adding checkpoints.',
    badDirection: 'Invalid direction: choose one from the direction list (cardinalDirection).',
  }),
  ...mirrored(ROSTER_MESSAGES, {
    saved: 'Duty roster saved.',
    deleted: 'Duty roster deleted.',
    generated: 'This month’s duty rosters have been generated.',
    preview: 'Preview of the duty roster generation.',
    notFound: 'Duty roster not found.',
    outOfRegion: 'This duty roster is outside your region.',
    otherRegion: 'You can only see the duty rosters of your region.',
    notOwnRoster: 'You can only see the duty rosters of your own team.',
    stale: 'This duty roster was updated by another user. Please reload and try again.',
    versionRequired: 'The duty roster’s version is required to update it.',
    endBeforeStart: 'The duty roster’s end time must be after its start time.',
    tooLong: num(ROSTER_MESSAGES.tooLong, 'A duty roster cannot be longer than {0} hours.'),
    noMembers: 'A duty roster must have at least one member.',
    oneLeader: 'Only one team leader per duty roster.',
    locked: 'The end-of-duty report of this roster has been verified; the duty roster can no longer be changed or deleted.',
    sectionNotListed: 'Duty rosters are only for the listed sections (not a G section or part of a combined section).',
    unknownJenisRoster: 'The roster type does not exist.',
    unknownDevice: 'The device number does not exist.',
    unknownPhone: 'The section phone number does not exist.',
    month: 'The month must be YYYY-MM.',
  }),
  ...mirrored(SHIFT_MESSAGES, {
    hour: 'The time must be HH:MM (00:00–23:59).',
    sameHours: 'The shift’s start and end times cannot be the same.',
    name: 'Shift name is required.',
    nameLong: num(SHIFT_MESSAGES.nameLong, 'Shift name: at most {0} characters.'),
    category: 'Invalid shift category.',
    jenisRoster: 'Invalid roster type.',
    duplicateName: 'This shift name is already used by another active shift.',
    notFound: 'Shift not found.',
    jenisRosterNotFound: 'Roster type not found.',
    saved: 'Shift saved.',
    deleted: 'Shift deleted.',
    deactivated: 'This shift is used by duty rosters or team schedules, so it was deactivated (not deleted).',
  }),
  ...mirrored(STAFF_MESSAGES, {
    duplicateStaffNo: 'The staff number already exists',
    nric: 'The IC number (NRIC) must be 12 digits, e.g. 900101-10-1234 or 900101101234',
    email: 'Invalid email address',
    phone: 'Invalid phone number: 7–20 digits (+, - or spaces allowed)',
    staffNo: 'Staff number: letters, digits, - and / only (1–30 characters)',
    displayName: 'Name is required (at most 150 characters)',
    position: 'Position is required (at most 100 characters)',
    section: 'Section is required',
    notFound: 'Staff member not found.',
    inactive: 'This staff member is inactive.',
    otherRegion: 'This staff member is outside your region.',
    sectionOtherRegion: 'This section is outside your region.',
    unknownRole: 'The role does not exist.',
    roleNotAllowed: 'You are not allowed to give or change this role.',
    ownRole: 'You cannot change your own role.',
    noUserForRole: 'This staff member has no user account: a role cannot be set.',
    created: 'Staff member registered.',
    saved: 'Staff details saved.',
    rolesSaved: 'Positions and roles updated.',
    deleted: 'Staff deleted or deactivated.',
    imported: 'Staff imported.',
    importRefused: 'Import refused: some rows are invalid. No staff were saved.',
    tooManyRows: 'at most 5000 rows',
  }),
  ...mirrored(TEAM_MESSAGES, {
    saved: 'Team saved.',
    deleted: 'Team deleted.',
    deactivated: 'A team with duty rosters is not deleted but deactivated.',
    membersSaved: 'Team members added.',
    membersDeleted: 'Team members removed.',
    scheduleSaved: 'Team schedule saved. Duty rosters already generated do not change.',
    notFound: 'Team not found.',
    outOfRegion: 'This team is outside your region.',
  }),
  ...mirrored(USERS_MESSAGES, {
    registered: 'User registered.',
    activated: 'User activated.',
    deactivated: 'User deactivated. Their sessions have been ended.',
    roleChanged: 'User’s role changed. Their sessions have been ended.',
    passwordReset: 'A temporary password has been set. The user must change it at the next sign-in.',
    linkMade: 'A password reset link has been made. Give this link to the user.',
    linkUsed: 'Password set. Please sign in with the new password.',
    usernameTaken: 'The username already exists',
    staffHasUser: 'This staff member already has a user account.',
    staffNotFound: 'Staff member not found.',
    staffInactive: 'This staff member is inactive; an account cannot be registered.',
    userNotFound: 'User not found.',
    roleNotFound: 'The role does not exist.',
    ldapNotConfigured: 'LDAP sign-in is not configured on this server.',
    ldapUnknownAccount: 'This account does not exist in the LDAP directory.',
    ldapUnavailable: 'The LDAP directory cannot be reached. Please try again shortly or contact the administrator.',
    ldapPassword: 'An LDAP user’s password is managed in the LDAP directory, not here.',
    notSelfDeactivate: 'You cannot deactivate your own account.',
    notSelfRole: 'You cannot change your own role.',
    sameRole: 'The user already has this role.',
    inactiveUser: 'This user is inactive; activate them first.',
    linkInvalid: 'The password reset link is invalid or has been used.',
    linkExpired: 'The password reset link has expired. Ask the administrator for a new link.',
  }),
  // composed on the server from the constants above
  [`${ROSTER_MESSAGES.noMembers} Pasukan {team} tiada ahli.`, `A duty roster must have at least one member. Team {team} has no members.`],
  [`${RONDA_MESSAGES.checkpointNotFound} (id {id})`, 'Checkpoint not found (id {id}).'],
  [`${USERS_MESSAGES.userNotFound} (id {ids})`, 'User not found (id {ids}).'],
  [`${STAFF_MESSAGES.unknownRole} (pkRoleId {id})`, 'The role does not exist (pkRoleId {id}).'],
  [
    `${STAFF_MESSAGES.importRefused} {bad} daripada {rows} baris tidak sah.`,
    'Import refused: {bad} of {rows} rows are invalid. No staff were saved.',
  ],
  [`${SHIFT_MESSAGES.duplicateName} (syif #{id})`, 'This shift name is already used by another active shift (shift #{id}).'],
  [
    `${LEAVE_MESSAGES.overlap}: {type+} {from} hingga {to} ({status}).`,
    'The leave overlaps another leave of the same staff member: {type} {from} to {to} ({status}).',
  ],
  [
    `${LEAVE_MESSAGES.rosterActionRequired} Jadual bertembung: {rosters}.`,
    'This leave meets duty rosters. Choose what happens to those rosters (keep the person on them or release them). Rosters met: {rosters}.',
  ],
];

// ------------------------------------------------------------------------------------ the server's own texts

const SERVER: Pair[] = [
  // server/lib/http-error.ts, server/plugins (the envelope, sessions, headers, the text guard)
  ['Sesi tidak sah. Sila log masuk semula.', 'Invalid session. Please sign in again.'],
  ['Anda tidak dibenarkan melakukan tindakan ini.', 'You are not allowed to do this.'],
  ['Rekod tidak dijumpai.', 'Record not found.'],
  ['Input tidak sah: {field} — {message}', 'Invalid input: {field} — {message}'],
  ['tidak sah', 'invalid'],
  ['Ralat dalaman pelayan. Sila cuba lagi.', 'Internal server error. Please try again.'],
  ['Permintaan terlalu besar.', 'The request is too large.'],
  ['Format JSON tidak sah.', 'Invalid JSON.'],
  ['Jenis kandungan tidak disokong.', 'Unsupported content type.'],
  ['Nilai yang dihantar tidak dapat disimpan (terlalu panjang atau di luar julat).', 'A value sent cannot be saved (too long or out of range).'],
  ['Rekod ini merujuk kepada data yang tidak wujud atau tidak sah.', 'This record refers to data that does not exist or is invalid.'],
  ['Rekod yang sama sudah wujud.', 'The same record already exists.'],
  ['Permintaan tidak sah.', 'Invalid request.'],
  ['Laluan {method} {path} tidak wujud.', 'The route {method} {path} does not exist.'],
  ['Sesi telah ditamatkan. Sila log masuk semula.', 'The session has been ended. Please sign in again.'],
  ['Peranan anda telah berubah. Sila log masuk semula.', 'Your role has changed. Please sign in again.'],
  ['Token tidak diberikan. Sila log masuk.', 'No token given. Please sign in.'],
  ['Sesi telah tamat. Sila log masuk semula.', 'The session has expired. Please sign in again.'],
  ['Token tidak sah. Sila log masuk semula.', 'Invalid token. Please sign in again.'],
  ['Anda perlu menukar kata laluan sebelum meneruskan.', 'You must change your password before you continue.'],
  ['Permintaan dengan kunci ini sedang diproses. Sila cuba lagi sebentar.', 'A request with this key is being processed. Please try again shortly.'],
  [
    'Kunci Idempotency-Key ini telah digunakan untuk permintaan lain (kandungan atau laluan berbeza). Setiap perubahan baharu memerlukan kunci baharu.',
    'This Idempotency-Key was used for another request (a different body or route). Every new change needs a new key.',
  ],
  ['Pengepala {header} hanya boleh dihantar sekali.', 'The {header} header may be sent only once.'],
  [
    'Pengepala {header} tidak sah: 1–100 aksara ASCII tanpa ruang (contohnya UUID).',
    'Invalid {header} header: 1–100 ASCII characters without spaces (e.g. a UUID).',
  ],
  ['Pengepala {header} tidak sah: 1–100 aksara.', 'Invalid {header} header: 1–100 characters.'],
  [
    'Pengepala {header} tidak sah: mesti masa ISO 8601 dengan zon (contohnya 2026-11-22T08:30:00.000Z).',
    'Invalid {header} header: it must be an ISO 8601 time with a zone (e.g. 2026-11-22T08:30:00.000Z).',
  ],
  ['Data bersarang terlalu dalam: maksimum {max} tahap.', 'The data is nested too deep: at most {max} levels.'],
  ['Teks mengandungi aksara yang tidak dibenarkan ({chars}).', 'The text contains characters that are not allowed ({chars}).'],
  ['Medan tidak dibenarkan: ia ditetapkan oleh pelayan atau tidak wujud.', 'Field not allowed: it is set by the server or does not exist.'],
  // server/lib/data-table.ts: sorting and CSV imports
  ['Lajur susunan tidak sah: {column}. Pilihan: {columns}.', 'Invalid sort column: {column}. Choices: {columns}.'],
  ["Lajur susunan '{column}' tidak dikenali. Pilih: {columns}.", "Unknown sort column '{column}'. Choose one of: {columns}."],
  [
    'Fail CSV mesti dalam pengekodan UTF-8 (simpan semula sebagai "CSV UTF-8").',
    'The CSV file must be UTF-8 encoded (save it again as "CSV UTF-8").',
  ],
  ['Fail CSV tiada baris data.', 'The CSV file has no data rows.'],
  ['Fail CSV mempunyai {rows} baris; maksimum {max} baris satu import.', 'The CSV file has {rows} rows; one import takes at most {max} rows.'],
  ['Lajur CSV tiada: {missing}. Lajur diperlukan: {required}.', 'CSV columns missing: {missing}. Columns needed: {required}.'],
  ['Fail CSV kosong.', 'The CSV file is empty.'],
  // the rows of a staff import (server/modules/staff/import.ts)
  ['Baris {line}: {message}', 'Row {line}: {message}'],
  ['{label} diperlukan', '{label} is required'],
  ['No. staf berulang dalam fail (baris {lines})', 'Staff number repeated in the file (rows {lines})'],
  [`${STAFF_MESSAGES.duplicateStaffNo}: {staffNo}`, 'The staff number already exists: {staffNo}'],
  ['Kod seksyen tidak wujud: {code}', 'The section code does not exist: {code}'],
  ['Seksyen {code} di luar wilayah anda', 'Section {code} is outside your region'],
  ['Fail CSV terlalu besar: maksimum {max} MB.', 'The CSV file is too large: at most {max} MB.'],
  // sign-in, passwords, users
  ['Nama pengguna atau kata laluan tidak sah.', 'Invalid username or password.'],
  ['Akaun anda tidak aktif. Sila hubungi pentadbir.', 'Your account is inactive. Please contact the administrator.'],
  ['Terlalu banyak cubaan log masuk. Sila cuba lagi dalam {n} minit.', 'Too many sign-in attempts. Please try again in {n} minutes.'],
  ['Terlalu banyak cubaan log masuk. Sila cuba lagi dalam {n} saat.', 'Too many sign-in attempts. Please try again in {n} seconds.'],
  [
    'Pengesahan LDAP tidak dikonfigurasi pada pelayan ini. Pengguna LDAP tidak boleh log masuk; sila hubungi pentadbir.',
    'LDAP sign-in is not configured on this server. LDAP users cannot sign in; please contact the administrator.',
  ],
  ['Pengguna tidak dijumpai.', 'User not found.'],
  ['Anda hanya boleh menukar kata laluan anda sendiri.', 'You can only change your own password.'],
  ['Kata laluan lama tidak sah.', 'The old password is wrong.'],
  ['Terlalu banyak semakan. Sila cuba sebentar lagi.', 'Too many checks. Please try again shortly.'],
  ['Terlalu banyak cubaan. Sila cuba sebentar lagi.', 'Too many attempts. Please try again shortly.'],
  ['Kata laluan awal diperlukan', 'An initial password is required'],
  ['Anda tidak boleh mengurus pengguna berperanan {role}.', 'You cannot manage a user with the role {role}.'],
  ['Peranan {role} tidak wujud.', 'The role {role} does not exist.'],
  ['Hanya SUPERADMIN boleh memberi peranan pentadbir {role}.', 'Only SUPERADMIN can give the administrator role {role}.'],
  [
    'Hanya SUPERADMIN boleh memberi peranan {role}, yang melihat semua wilayah.',
    'Only SUPERADMIN can give the role {role}, which sees every region.',
  ],
  [
    'Peranan anda tidak boleh memberi peranan {role}: hanya peranan di bawah pangkat sendiri.',
    'Your role cannot give the role {role}: only roles below its own rank.',
  ],
  [
    'Peranan {caller} tidak boleh memberi peranan {role}: hanya peranan di bawah pangkat sendiri.',
    'The role {caller} cannot give the role {role}: only roles below its own rank.',
  ],
  // staff, teams, shifts, leave, regions
  ['Anda tidak boleh menyahaktifkan rekod staf anda sendiri.', 'You cannot deactivate your own staff record.'],
  ['Anda tidak boleh memadam rekod staf anda sendiri.', 'You cannot delete your own staff record.'],
  ['Pasukan tidak dijumpai.', 'Team not found.'],
  [
    'Pasukan hanya boleh berada dalam seksyen yang disenaraikan (bukan seksyen G atau sebahagian seksyen gabungan).',
    'A team can only be in a listed section (not a G section or part of a combined section).',
  ],
  [
    'Nama pasukan "{name}" sudah digunakan dalam seksyen {section}. Sila pilih nama lain.',
    'The team name "{name}" is already used in section {section}. Please choose another name.',
  ],
  [
    '{name} sudah menjadi ahli pasukan aktif {team} (seksyen {section}) (dan {more} lagi). Seorang kakitangan hanya boleh berada dalam satu pasukan aktif.',
    '{name} is already a member of the active team {team} (section {section}) (and {more} more). A staff member can only be in one active team.',
  ],
  [
    '{name} sudah menjadi ahli pasukan aktif {team} (seksyen {section}). Seorang kakitangan hanya boleh berada dalam satu pasukan aktif.',
    '{name} is already a member of the active team {team} (section {section}). A staff member can only be in one active team.',
  ],
  [
    'Pasukan {team} mempunyai {n} ahli dari wilayah lain; keluarkan ahlinya dahulu sebelum memindahkannya ke seksyen {section}.',
    'Team {team} has {n} members from another region; remove them before moving the team to section {section}.',
  ],
  ['Kakitangan tidak dijumpai (id {ids}).', 'Staff member not found (id {ids}).'],
  ['{name} di luar wilayah anda.', '{name} is outside your region.'],
  ['{name} bukan kakitangan wilayah pasukan {team}.', '{name} is not staff of the region of team {team}.'],
  ['{name} tidak aktif dan tidak boleh ditambah ke pasukan.', '{name} is inactive and cannot be added to a team.'],
  ['{name} sudah menjadi ahli pasukan {team}.', '{name} is already a member of team {team}.'],
  ['Pasukan maksimum {max} ahli; pasukan {team} sudah mempunyai {n} ahli.', 'A team has at most {max} members; team {team} already has {n} members.'],
  ['Ahli pasukan tidak dijumpai (id {ids}).', 'Team member not found (id {ids}).'],
  [
    'Ahli pasukan telah dikeluarkan oleh pengguna lain. Sila muat semula senarai.',
    'The team member was removed by another user. Please reload the list.',
  ],
  ['Syif tidak wujud.', 'The shift does not exist.'],
  ['Syif {shift} tidak aktif; pilih syif yang aktif.', 'Shift {shift} is inactive; choose an active shift.'],
  ['Kenderaan tidak wujud.', 'The vehicle does not exist.'],
  ['Kenderaan {plate} tidak aktif; pilih kenderaan yang aktif.', 'Vehicle {plate} is inactive; choose an active vehicle.'],
  ['Kenderaan {plate} bukan kenderaan seksyen {section}.', 'Vehicle {plate} is not a vehicle of section {section}.'],
  [
    'Syif baharu tidak dapat diberi nombor kerana simpanan serentak. Sila cuba lagi.',
    'The new shift could not get a number because of a simultaneous save. Please try again.',
  ],
  ['Kakitangan tidak dijumpai.', 'Staff member not found.'],
  ['Kakitangan ini tidak aktif.', 'This staff member is inactive.'],
  ['Kakitangan ini di luar wilayah anda.', 'This staff member is outside your region.'],
  ['Wilayah ini di luar skop anda.', 'This region is outside your scope.'],
  ['({from} hingga {to}: {status})', '({from} to {to}: {status})'],
  ['(status: {status})', '(status: {status})'],
  // duty rosters
  ['Anda hanya boleh melihat jadual tugas wilayah anda.', 'You can only see the duty rosters of your region.'],
  ['Anda hanya boleh melihat jadual tugas pasukan anda.', 'You can only see the duty rosters of your team.'],
  ['Anda hanya boleh melihat peronda aktif wilayah anda.', 'You can only see the active patrols of your region.'],
  ['Pasukan tidak wujud.', 'The team does not exist.'],
  ['Pasukan {team} bukan pasukan seksyen {section}.', 'Team {team} is not a team of section {section}.'],
  ['Pasukan {team} tidak aktif; pilih pasukan yang aktif.', 'Team {team} is inactive; choose an active team.'],
  ['Syif {shift} bukan syif bagi jenis roster yang dipilih.', 'Shift {shift} is not a shift of the chosen roster type.'],
  [`${ROSTER_MESSAGES.endBeforeStart} ({from} – {to})`, 'The duty roster’s end time must be after its start time. ({from} – {to})'],
  [
    'Pasukan {team} sudah mempunyai jadual tugas {roster} pada {date} ({shift}).',
    'Team {team} already has the duty roster {roster} on {date} ({shift}).',
  ],
  ['Kenderaan {plate} tidak aktif dan tidak boleh digunakan dalam jadual tugas.', 'Vehicle {plate} is inactive and cannot be used in a duty roster.'],
  ['Peranti {device} tidak aktif.', 'Device {device} is inactive.'],
  ['No. telefon {phone} bukan telefon seksyen {section}.', 'Phone number {phone} is not a phone of section {section}.'],
  ['No. telefon {phone} tidak aktif.', 'Phone number {phone} is inactive.'],
  ['{name} tidak aktif dan tidak boleh dimasukkan ke dalam jadual tugas.', '{name} is inactive and cannot be put on a duty roster.'],
  ['{name} bukan kakitangan wilayah seksyen {section}.', '{name} is not staff of the region of section {section}.'],
  [
    '{name} bercuti ({type}) dari {from} hingga {to} dan tidak boleh dimasukkan ke dalam jadual tugas {date}.',
    '{name} is on leave ({type}) from {from} to {to} and cannot be put on the duty roster of {date}.',
  ],
  [
    '{name} sudah bertugas dalam jadual tugas {roster} pada masa yang sama.',
    '{name} is already on duty in the duty roster {roster} at the same time.',
  ],
  [
    'Kenderaan {plate} sudah digunakan oleh jadual tugas {roster} pada masa yang sama.',
    'Vehicle {plate} is already used by the duty roster {roster} at the same time.',
  ],
  [
    'Pasukan ini sudah mempunyai jadual tugas bagi syif dan tarikh mula yang sama.',
    'This team already has a duty roster for the same shift and start date.',
  ],
  ['Jadual tugas {roster} tidak boleh dipadam kerana ia mempunyai {uses}.', 'Duty roster {roster} cannot be deleted because it has {uses}.'],
  ['Jadual tugas tidak dijumpai.', 'Duty roster not found.'],
  ['Jadual tugas ini di luar wilayah anda.', 'This duty roster is outside your region.'],
  ['Jadual tugas ini bukan dari wilayah kes ini.', 'This duty roster is not of this case’s region.'],
  ['Jadual tugas ini telah tamat.', 'This duty roster has ended.'],
  ['Jadual tugas kes tidak dijumpai.', 'The case’s duty roster was not found.'],
  // activity log, positions
  ['Aktiviti tidak boleh dipindahkan ke jadual tugas lain.', 'An activity cannot be moved to another duty roster.'],
  ['Arah tidak sah.', 'Invalid direction.'],
  ['Kes tidak dijumpai.', 'Case not found.'],
  ['Kes ini bukan dari wilayah jadual tugas ini.', 'This case is not of this duty roster’s region.'],
  ['Latitud dan longitud mesti diberi bersama.', 'Latitude and longitude must be given together.'],
  ['Anda tidak dibenarkan menyemak laporan tamat tugas.', 'You are not allowed to verify end-of-duty reports.'],
  ['Anda tidak dibenarkan mengesahkan laporan tamat tugas.', 'You are not allowed to approve end-of-duty reports.'],
  ['Hanya SUPERADMIN boleh membatalkan pengesahan laporan tamat tugas.', 'Only SUPERADMIN can undo the verification of an end-of-duty report.'],
  ['Masa kedudukan tidak boleh melebihi masa semasa.', 'The position time cannot be later than now.'],
  ['Kedudukan hanya boleh dihantar semasa syif jadual tugas ini.', 'Positions can only be sent during this duty roster’s shift.'],
  // checklists, fleet, photos and attachments
  ['Wilayah atau seksyen ini di luar wilayah anda.', 'This region or section is outside your region.'],
  ['Peronda merekod senarai semak melalui tablet, bukan portal.', 'Patrols record checklists on the tablet, not in the portal.'],
  ['Masa semakan tidak boleh melebihi 5 minit dari masa sekarang.', 'The check time cannot be more than 5 minutes after now.'],
  ['Masa semakan pasca-syif tidak boleh sebelum masa semakan pra-syif.', 'The post-shift check time cannot be before the pre-shift check time.'],
  ['Fail terlalu besar. Saiz maksimum {max} MB.', 'The file is too large. The maximum size is {max} MB.'],
  ['Foto terlalu besar. Saiz maksimum {max} MB.', 'The photo is too large. The maximum size is {max} MB.'],
  ['Rekod ini di luar wilayah anda.', 'This record is outside your region.'],
  ['Callsign ini sedang digunakan oleh kenderaan aktif lain.', 'This call sign is in use by another active vehicle.'],
  [
    'Kenderaan ini membawa aset seksyennya; keluarkan atau pindahkan aset tersebut dahulu sebelum menukar seksyen kenderaan.',
    'This vehicle carries its section’s assets; remove or move those assets before changing the vehicle’s section.',
  ],
  ['Kandungan fail bukan base64 yang sah.', 'The file content is not valid base64.'],
  [
    'Imej terlalu besar: {width}×{height} piksel (maksimum {max} megapiksel).',
    'The image is too large: {width}×{height} pixels (at most {max} megapixels).',
  ],
  ['Lampiran tidak dijumpai.', 'Attachment not found.'],
  [
    'Lampiran yang telah disimpan tidak boleh diubah. Padam dan muat naik semula jika perlu.',
    'A saved attachment cannot be changed. Delete it and upload it again if needed.',
  ],
  ['Ops! Aset tidak berjaya dipadam.', 'Oops! The asset could not be deleted.'],
  ['Kemasukan jurnal tidak dijumpai.', 'Journal entry not found.'],
  ['Hanya penulis kemasukan jurnal ini boleh melampirkan imej kepadanya.', 'Only the writer of this journal entry can attach images to it.'],
  ['Hanya peronda yang ditugaskan boleh menambah lampiran kes ini.', 'Only the assigned patrol can add attachments to this case.'],
  [
    'Kes telah ditutup atau dibatalkan; lampiran media tidak boleh ditambah.',
    'The case has been closed or cancelled; media attachments cannot be added.',
  ],
  // cases
  ['Kes ini di luar wilayah anda.', 'This case is outside your region.'],
  ['Seksyen ini di luar wilayah anda.', 'This section is outside your region.'],
  ['Seksyen tidak dijumpai.', 'Section not found.'],
  ['Seksyen tidak wujud.', 'The section does not exist.'],
  ['Seksyen {section} tidak wujud.', 'Section {section} does not exist.'],
  ['Seksyen {section} tidak boleh dipilih untuk kes.', 'Section {section} cannot be chosen for a case.'],
  [
    'Seksyen {section} dikendalikan sebagai {combined}: pilih seksyen gabungan itu dan seksyen khusus {specific}.',
    'Section {section} is handled as part of {combined}: choose that combined section and the specific section {specific}.',
  ],
  ['Sila pilih seksyen khusus bagi seksyen gabungan {section}.', 'Please choose the specific section of the combined section {section}.'],
  ['Seksyen khusus {specific} bukan sebahagian daripada {section}.', 'The specific section {specific} is not part of {section}.'],
  [
    'Seksyen {section} bukan seksyen gabungan: seksyen khusus tidak diperlukan.',
    'Section {section} is not a combined section: no specific section is needed.',
  ],
  ['Lokasi kejadian bukan dalam seksyen {section}.', 'The incident location is not in section {section}.'],
  ['Lebuhraya tidak sepadan dengan seksyen {section} ({highway}).', 'The highway does not match section {section} ({highway}).'],
  ['Jenis kejadian tidak sah (kod {code}; mesti 184–190).', 'Invalid incident type (code {code}; must be 184–190).'],
  ['Laporan peronda hanya boleh diterima ke dalam kes baharu.', 'A field report can only be accepted into a new case.'],
  ['Anda tidak dibenarkan mengemaskini kes.', 'You are not allowed to update cases.'],
  [
    'Kes yang telah dibatalkan tidak boleh dikemaskini. Hanya superadmin boleh membuat pembetulan.',
    'A cancelled case cannot be updated. Only a superadmin can make corrections.',
  ],
  [
    'Kes yang telah ditutup (Tutup) tidak boleh dikemaskini. Hanya superadmin boleh membuat pembetulan.',
    'A closed case (Tutup) cannot be updated. Only a superadmin can make corrections.',
  ],
  [
    'Superadmin hanya mengemaskini kes yang telah ditutup (Tutup) atau dibatalkan; kes terbuka dikemaskini oleh TMC.',
    'A superadmin only updates closed (Tutup) or cancelled cases; open cases are updated by the TMC.',
  ],
  [
    'Input tidak sah: version — versi kes diperlukan untuk mengemaskini kes.',
    'Invalid input: version — the case’s version is needed to update the case.',
  ],
  [
    'Kes ini telah dikemaskini oleh pengguna lain. Sila muat semula dan cuba lagi.',
    'This case was updated by another user. Please reload and try again.',
  ],
  ['Hanya TMCA dan TMCS boleh merekod kes baharu.', 'Only TMCA and TMCS can record new cases.'],
  ['Tarikh dan masa kes tidak boleh pada masa hadapan.', 'The case’s date and time cannot be in the future.'],
  ['Sila pilih "Ditugaskan Kepada".', 'Please choose "Assigned To".'],
  ['Tugasan tidak boleh diubah pada kes yang telah ditutup atau dibatalkan.', 'The assignment of a closed or cancelled case cannot be changed.'],
  ['Tiada kes dengan nombor tiket {ticket}.', 'No case with ticket number {ticket}.'],
  ['Kes berjaya disimpan.', 'Case saved.'],
  ['{label} tidak sah (kod {code} bukan dalam senarai {category}).', '{label} is invalid (code {code} is not in the list {category}).'],
  // the case's status trail (audit)
  ['Status kes tidak boleh ditukar daripada "{from}" kepada "{to}".', 'The case status cannot change from "{from}" to "{to}".'],
  ['Status {status} tidak dikenali.', 'Unknown status {status}.'],
  ['Masa status tidak boleh pada masa hadapan.', 'The status time cannot be in the future.'],
  ['Masa status tidak boleh sebelum masa kes.', 'The status time cannot be before the case time.'],
  ['Kod lewat {code} tidak sah.', 'Invalid delay code {code}.'],
  ['Anda tidak dibenarkan menugaskan kes.', 'You are not allowed to assign cases.'],
  ['Kes yang telah ditutup atau dibatalkan tidak boleh ditugaskan semula.', 'A closed or cancelled case cannot be assigned again.'],
  ['Anda tidak dibenarkan mengemaskini status rondaan.', 'You are not allowed to update the patrol status.'],
  ['Kes ini tidak ditugaskan kepada pasukan anda.', 'This case is not assigned to your team.'],
  ['Anda tidak dibenarkan menutup kes.', 'You are not allowed to close cases.'],
  ['Kes ini telah pun ditutup.', 'This case is already closed.'],
  ['Kes yang telah dibatalkan tidak boleh ditutup.', 'A cancelled case cannot be closed.'],
  [
    'Kes tidak boleh ditutup: tiada status Selesai Kes (298) atau Negative (209).',
    'The case cannot be closed: it has no Case done (298) or Negative (209) status.',
  ],
  ['Anda tidak dibenarkan membatalkan kes.', 'You are not allowed to cancel cases.'],
  ['Kes berstatus "{status}" tidak boleh dibatalkan.', 'A case with the status "{status}" cannot be cancelled.'],
  // subforms
  ['Subform tidak dijumpai.', 'Subform not found.'],
  ['Subform {id} tidak dijumpai.', 'Subform {id} not found.'],
  ['Subform {id} tidak dijumpai atau telah dipadam.', 'Subform {id} not found or deleted.'],
  ['Subform {id} bukan subform {kind}.', 'Subform {id} is not the {kind} subform.'],
  [
    'Jenis subform ({type}) tidak sepadan dengan jenis kejadian kes ({caseType}); subform ini untuk {kind} ({kindType}).',
    'The subform type ({type}) does not match the case’s incident type ({caseType}); this subform is for {kind} ({kindType}).',
  ],
  ['Catatan maksimum {max} aksara.', 'Remark: at most {max} characters.'],
  ['Subform {kind} hanya menerima bantuan lain-lain ({code}).', 'The {kind} subform only takes other assistance ({code}).'],
  [
    'Subform {kind} hanya menerima bantuan lain-lain, bukan bantuan sedia ada.',
    'The {kind} subform only takes other assistance, not existing assistance.',
  ],
  [
    'Subform ini telah dikemaskini oleh pengguna lain. Sila muat semula dan cuba lagi.',
    'This subform was updated by another user. Please reload and try again.',
  ],
  ['Subform ini telah dipadam atau diganti. Sila muat semula kes.', 'This subform has been deleted or replaced. Please reload the case.'],
  ['Subform ini bukan milik kes tersebut.', 'This subform does not belong to that case.'],
  // a case's lists (children)
  ['{list} tiada pada subform {subform}.', 'The {subform} subform has no {list} list.'],
  ['{label} tidak boleh lewat daripada masa sekarang ({now}).', '{label} cannot be later than now ({now}).'],
  ['Masa Buka tidak boleh sebelum Masa Tutup.', 'The opened time cannot be before the closed time.'],
  ['Masa ketibaan tidak boleh sebelum masa notifikasi.', 'The arrival time cannot be before the notified time.'],
  ['Masa selesai tidak boleh sebelum masa ketibaan.', 'The completion time cannot be before the arrival time.'],
  ['Masa selesai tidak boleh sebelum masa notifikasi.', 'The completion time cannot be before the notified time.'],
  ['Masa tamat kesesakan tidak boleh sebelum masa mula.', 'The traffic jam’s end time cannot be before its start time.'],
  ['Jenis haiwan diperlukan bagi pelanggaran haiwan ({code}).', 'An animal type is required for an animal collision ({code}).'],
  ['Pelanggaran haiwan ({code}) tidak mengambil jenis objek halangan.', 'An animal collision ({code}) takes no obstacle type.'],
  ['Jenis objek halangan diperlukan bagi pelanggaran objek ({code}).', 'An obstacle type is required for an object collision ({code}).'],
  ['Pelanggaran objek ({code}) tidak mengambil jenis haiwan.', 'An object collision ({code}) takes no animal type.'],
  ['Jenis haiwan hanya bagi pelanggaran haiwan ({code}).', 'An animal type is only for an animal collision ({code}).'],
  ['Jenis objek halangan hanya bagi pelanggaran objek ({codes}).', 'An obstacle type is only for an object collision ({codes}).'],
  ['Bahagian lebuhraya ini telah dipilih bagi subform ini.', 'This highway section has already been chosen for this subform.'],
  [
    'Kod {code} ialah pilihan jenis bantuan, bukan item bantuan: pilih bantuan daripada senarai.',
    'Code {code} is an assistance type, not an assistance item: choose the assistance from the list.',
  ],
  [
    'Bantuan tidak sah (kod {code} bukan dalam senarai requestFurtherAction atau bantuanSediaAda).',
    'Invalid assistance (code {code} is not in the requestFurtherAction or bantuanSediaAda list).',
  ],
  ['Ketibaan memerlukan Notifikasi ditanda.', 'Ketibaan (arrived) needs Notifikasi (notified) ticked.'],
  ['Selesai memerlukan Ketibaan ditanda.', 'Selesai (completed) needs Ketibaan (arrived) ticked.'],
  ['Bantuan sedia ada hanya berstatus Ketibaan atau Selesai.', 'Existing assistance can only be Ketibaan (arrived) or Selesai (completed).'],
  ['Masa ketibaan hanya diisi apabila Ketibaan ditanda.', 'The arrival time is only filled in when Ketibaan (arrived) is ticked.'],
  ['Masa selesai hanya diisi apabila Selesai ditanda.', 'The completion time is only filled in when Selesai (completed) is ticked.'],
  ['Masa notifikasi hanya diisi apabila Notifikasi ditanda.', 'The notified time is only filled in when Notifikasi (notified) is ticked.'],
  ['Masa ketibaan diperlukan apabila Ketibaan ditanda.', 'The arrival time is required when Ketibaan (arrived) is ticked.'],
  ['Masa selesai diperlukan apabila Selesai ditanda.', 'The completion time is required when Selesai (completed) is ticked.'],
  ['Aset lebuhraya tidak sah (kod {code} bukan dalam senarai aset).', 'Invalid highway asset (code {code} is not in the asset list).'],
  [
    'Kesesakan jalan hanya satu rekod bagi setiap kes. Kemaskini rekod sedia ada ({field} {id}).',
    'Only one traffic jam record per case. Update the existing record ({field} {id}).',
  ],
  [
    'Tempoh kesesakan dikira oleh pelayan dan memerlukan masa mula dan masa tamat.',
    'The traffic jam’s duration is worked out by the server and needs a start and an end time.',
  ],
  [
    'Tempoh kesesakan ({given} saat) tidak sepadan dengan masa mula dan tamat ({expected} saat).',
    'The traffic jam’s duration ({given} seconds) does not match its start and end times ({expected} seconds).',
  ],
  ['{list} {id} tidak dijumpai pada subform ini (mungkin telah dipadam).', '{list} {id} was not found on this subform (it may have been deleted).'],
  ['{list} {id} tidak dijumpai (mungkin telah dipadam).', '{list} {id} was not found (it may have been deleted).'],
  ['{list}: maksimum {max} rekod bagi setiap subform.', '{list}: at most {max} records per subform.'],
  // the journal, notifications, broadcasts, handover, field reports
  ['Kemasukan jurnal ini bukan milik kes subform tersebut.', 'This journal entry does not belong to that subform’s case.'],
  ['staffId bukan penulis kemasukan jurnal ini.', 'staffId is not the writer of this journal entry.'],
  ['Sila nyatakan kes (incidentSubFormId atau incidentId).', 'Please give the case (incidentSubFormId or incidentId).'],
  ['Sila nyatakan kes (incidentSubFormId atau pkIncidentId).', 'Please give the case (incidentSubFormId or pkIncidentId).'],
  ['Hanya pengguna TMC boleh menanda jurnal sebagai telah dibaca.', 'Only TMC users can mark the journal as read.'],
  ['Mesej siaran tidak boleh kosong', 'The broadcast message cannot be empty'],
  ['Mesej siaran tidak boleh melebihi {max} aksara', 'The broadcast message cannot be longer than {max} characters'],
  ['Tarikh akhir mesti selepas tarikh mula.', 'The end date must be after the start date.'],
  ['Siaran tidak dijumpai: {ids}.', 'Broadcasts not found: {ids}.'],
  ['Notifikasi tidak dijumpai.', 'Notification not found.'],
  ['Notifikasi bagi tiket ini tidak dijumpai.', 'No notification found for this ticket.'],
  ['Notifikasi ini di luar wilayah anda.', 'This notification is outside your region.'],
  ['Setiap kes hanya sekali dalam satu serahan.', 'Each case only once in a handover.'],
  // contract/handover-rules.ts HANDOVER_TEXTS and contract/field-report-rules.ts FIELD_REPORT_TEXTS, written out: their
  // modules are on the Malay first load for other constants, and taking these from them would put the texts there
  [
    '{ticket}: Kes ini tidak perlu diserahkan: jadual tugasnya belum hampir tamat.',
    '{ticket}: This case needs no handover: its duty roster is not about to end.',
  ],
  ['Jadual tugas baharu mesti berbeza daripada jadual tugas yang tamat.', 'The new duty roster must be another one than the ending duty roster.'],
  ['Jadual tugas baharu mesti dari seksyen kes ini.', 'The new duty roster must be of this case’s section.'],
  [
    'Jadual tugas baharu tamat sebelum atau bersama jadual tugas yang diserahkan.',
    'The new duty roster ends before or together with the duty roster handing over.',
  ],
  ['{ticket}: Kes yang telah ditutup atau dibatalkan tidak perlu diserahkan.', '{ticket}: A closed or cancelled case needs no handover.'],
  [
    '{ticket}: Peronda telah menyelesaikan kes ini: ia menunggu ditutup oleh TMC, bukan serahan.',
    '{ticket}: The patrol has finished this case: it is waiting for the TMC to close it, not for a handover.',
  ],
  [
    'Jadual tugas baharu juga hampir tamat. Sila pilih jadual tugas syif seterusnya.',
    'The new duty roster is about to end too. Please choose a duty roster of the next shift.',
  ],
  [
    '{ticket}: Tiada jadual tugas seterusnya untuk seksyen ini. Sila pilih jadual tugas.',
    '{ticket}: No next duty roster for this section. Please choose a duty roster.',
  ],
  ['Anda bukan peronda jadual tugas ini.', 'You are not a patrol of this duty roster.'],
  ['Jadual tugas ini telah lama tamat: laporan tidak boleh dihantar.', 'This duty roster ended long ago: the report cannot be sent.'],
  ['Seksyen laporan mesti dari wilayah jadual tugas anda.', 'The report’s section must be of your duty roster’s region.'],
  ['Laporan ini telah diputuskan oleh operator lain.', 'This report has already been decided by another operator.'],
  ['Laporan peronda tidak dijumpai.', 'Field report not found.'],
  ['Laporan ini tiada foto.', 'This report has no photo.'],
  ['Sila nyatakan sebab laporan ditolak.', 'Please say why the report is rejected.'],
  ['Nama foto diperlukan bersama foto.', 'A photo name is required with the photo.'],
  ['Masa laporan tidak boleh pada masa hadapan.', 'The report time cannot be in the future.'],
  ['Hanya TMCA dan TMCS boleh menerima laporan peronda.', 'Only TMCA and TMCS can accept field reports.'],
  ['Laporan peronda ini di luar wilayah anda.', 'This field report is outside your region.'],
  // lists, maps, sections, logsheets, history, reports
  ["Wilayah '{region}' tidak dijumpai.", "Region '{region}' not found."],
  ['Anda hanya boleh melihat kes wilayah anda.', 'You can only see the cases of your region.'],
  ['Tarikh mula tidak sah.', 'Invalid start date.'],
  ['Tarikh akhir tidak sah.', 'Invalid end date.'],
  ['Tarikh akhir tidak boleh sebelum tarikh mula.', 'The end date cannot be before the start date.'],
  ['Jenis kes tidak sah.', 'Invalid case type.'],
  ['Nombor plat: sekurang-kurangnya 2 aksara.', 'Plate number: at least 2 characters.'],
  ['Carian awalan nombor tiket: sekurang-kurangnya 3 aksara sebelum *.', 'Ticket number prefix search: at least 3 characters before *.'],
  ['Nombor tiket: * hanya dibenarkan di hujung.', 'Ticket number: * is only allowed at the end.'],
  ['Status kes tidak sah.', 'Invalid case status.'],
  ['Nombor plat diperlukan', 'Plate number is required'],
  ['Kenderaan {plate} tidak dijumpai.', 'Vehicle {plate} not found.'],
  ['Kenderaan ini di luar wilayah anda.', 'This vehicle is outside your region.'],
  ['Anda hanya boleh melihat peta wilayah anda.', 'You can only see the map of your region.'],
  ['Min 1 aksara bernombor', 'At least 1 digit'],
  ["Senarai '{name}' tidak wujud.", "The list '{name}' does not exist."],
  ['Sejarah rekod ini tidak disimpan.', 'The history of this record is not kept.'],
  ["Masa 'To' tidak boleh sebelum masa 'From'.", "The 'To' time cannot be before the 'From' time."],
  ['Catatan log tidak dijumpai.', 'Log entry not found.'],
  ['Anda tidak dibenarkan menulis catatan log bagi wilayah lain.', 'You are not allowed to write log entries for another region.'],
  ['Wilayah catatan log tidak boleh ditukar semasa kemaskini.', 'A log entry’s region cannot be changed when updating it.'],
  ['Catatan log hanya boleh dikemaskini dalam tempoh satu hari selepas dicipta.', 'A log entry can only be updated within one day of being created.'],
  ['Wilayah tidak wujud.', 'The region does not exist.'],
  ['Wilayah tidak dijumpai.', 'Region not found.'],
  // rondas
  ['Ronda ini di luar wilayah anda.', 'This ronda is outside your region.'],
  ['Pusat semakan ini di luar wilayah anda.', 'This checkpoint is outside your region.'],
  [
    '{label+} {km} di luar julat seksyen {section} (KM {from} – KM {to}).',
    '{label} {km} is outside the range of section {section} (KM {from} – KM {to}).',
  ],
  [
    'Seksyen ronda yang sudah mempunyai pusat semakan tidak boleh ditukar; padam pusat semakannya dahulu.',
    'The section of a ronda that has checkpoints cannot be changed; delete its checkpoints first.',
  ],
  [
    'Koordinat ({lat}, {lng}) berada {km} km dari lebuh raya seksyen {section}; pusat semakan mesti dalam {max} km dari jajaran seksyen.',
    'The coordinates ({lat}, {lng}) are {km} km from the highway of section {section}; a checkpoint must be within {max} km of the section’s alignment.',
  ],
  [
    'KM {km} tidak sepadan dengan koordinat yang dipilih (di sekitar KM {near}).',
    'KM {km} does not match the chosen coordinates (around KM {near}).',
  ],
  ['Pusat semakan tidak boleh dipindahkan ke ronda lain.', 'A checkpoint cannot be moved to another ronda.'],
];

// ------------------------------------------------------------------------ the schemas' field messages (zod)

const FIELDS: Pair[] = [
  // contract/auth.ts, contract/users.ts
  ['Nama pengguna diperlukan', 'Username is required'],
  ['Nama pengguna tidak sah', 'Invalid username'],
  ['Kata laluan diperlukan', 'Password is required'],
  ['Kata laluan lama diperlukan', 'Old password is required'],
  ['Kata laluan baharu diperlukan', 'New password is required'],
  ['Kata laluan baharu mesti sekurang-kurangnya 8 aksara', 'The new password must be at least 8 characters'],
  ['Kata laluan baharu mesti mengandungi huruf', 'The new password must contain a letter'],
  ['Kata laluan baharu mesti mengandungi nombor', 'The new password must contain a digit'],
  ['Kata laluan baharu mesti berbeza daripada kata laluan lama', 'The new password must differ from the old password'],
  ['Kata laluan baharu maksimum {max} aksara', 'New password: at most {max} characters'],
  ['Kata laluan awal maksimum {max} aksara', 'Initial password: at most {max} characters'],
  ['Kata laluan awal mesti sekurang-kurangnya 8 aksara', 'The initial password must be at least 8 characters'],
  ['Kata laluan awal mesti mengandungi huruf', 'The initial password must contain a letter'],
  ['Kata laluan awal mesti mengandungi nombor', 'The initial password must contain a digit'],
  ['Kata laluan awal tidak sah', 'Invalid initial password'],
  ['Kata laluan sementara diperlukan', 'A temporary password is required'],
  ['Kata laluan sementara maksimum {max} aksara', 'Temporary password: at most {max} characters'],
  ['Kata laluan sementara mesti sekurang-kurangnya 8 aksara', 'The temporary password must be at least 8 characters'],
  ['Kata laluan sementara mesti mengandungi huruf', 'The temporary password must contain a letter'],
  ['Kata laluan sementara mesti mengandungi nombor', 'The temporary password must contain a digit'],
  ['Pengguna LDAP tidak mempunyai kata laluan di sini', 'An LDAP user has no password here'],
  ['Nama pengguna maksimum {max} aksara', 'Username: at most {max} characters'],
  ['Nama pengguna tidak boleh mengandungi ruang', 'The username cannot contain spaces'],
  ['Nama pengguna hanya boleh mengandungi huruf, nombor dan . _ @ -', 'The username may only contain letters, digits and . _ @ -'],
  ['Pilih kakitangan', 'Choose the staff member'],
  ['Peranan diperlukan', 'Role is required'],
  ['Jenis pengesahan mesti LOCAL atau LDAP', 'The sign-in type must be LOCAL or LDAP'],
  ['Pilih sekurang-kurangnya satu pengguna', 'Choose at least one user'],
  ['Maksimum {max} pengguna satu masa', 'At most {max} users at a time'],
  ['Token pautan tidak sah', 'Invalid link token'],
  // contract/staff.ts
  ['Nyatakan jawatan atau peranan', 'Give the position or the role'],
  ['Pilih sekurang-kurangnya satu staf', 'Choose at least one staff member'],
  ['Maksimum 500 staf satu kali', 'At most 500 staff at a time'],
  ['Fail kosong', 'The file is empty'],
  ['Fail terlalu besar (maksimum 6 MB)', 'The file is too large (at most 6 MB)'],
  ['Kandungan fail mesti base64', 'The file content must be base64'],
  // contract/teams.ts
  ['Sila isi nama pasukan.', 'Please fill in the team name.'],
  ['Nama pasukan maksimum {max} aksara.', 'Team name: at most {max} characters.'],
  ['Maksimum 100 pasukan sekali.', 'At most 100 teams at a time.'],
  ['Sila pilih sekurang-kurangnya seorang kakitangan.', 'Please choose at least one staff member.'],
  ['Maksimum {max} ahli sekali.', 'At most {max} members at a time.'],
  ['Sila pilih ahli pasukan.', 'Please choose the team member.'],
  ['Sila isi panjang kitaran (hari).', 'Please fill in the cycle length (days).'],
  ['Panjang kitaran mesti nombor bulat.', 'The cycle length must be a whole number.'],
  ['Panjang kitaran sekurang-kurangnya 1 hari.', 'The cycle length is at least 1 day.'],
  ['Panjang kitaran maksimum {max} hari.', 'The cycle length is at most {max} days.'],
  ['Hari bekerja tidak sah.', 'Invalid working days.'],
  ['Pilih sekurang-kurangnya satu hari bekerja.', 'Choose at least one working day.'],
  ['Hari bekerja mesti antara 1 dan {max} (hari dalam kitaran).', 'Working days must be between 1 and {max} (the days of the cycle).'],
  ['Hari bekerja berulang.', 'A working day is repeated.'],
  ['Saiz halaman sekurang-kurangnya 1.', 'The page size is at least 1.'],
  ['Saiz halaman maksimum {max} pasukan.', 'The page size is at most {max} teams.'],
  ['Saiz halaman maksimum {max} ahli.', 'The page size is at most {max} members.'],
  // contract/rosters.ts
  ['Sila pilih seksyen.', 'Please choose the section.'],
  ['Sila pilih syif.', 'Please choose the shift.'],
  ['Sila pilih pasukan.', 'Please choose the team.'],
  ['Sila pilih peranan.', 'Please choose the role.'],
  ['Sila pilih jadual tugas.', 'Please choose the duty roster.'],
  ['seksyen tidak sah.', 'Invalid section.'],
  ['syif tidak sah.', 'Invalid shift.'],
  ['pasukan tidak sah.', 'Invalid team.'],
  ['kakitangan tidak sah.', 'Invalid staff member.'],
  ['jadual tugas tidak sah.', 'Invalid duty roster.'],
  ['Kenderaan tidak sah.', 'Invalid vehicle.'],
  ['No. peranti tidak sah.', 'Invalid device number.'],
  ['No. telefon seksyen tidak sah.', 'Invalid section phone number.'],
  ['Peranan dalam jadual tugas tidak sah.', 'Invalid duty roster role.'],
  ['Masa mesti HH:mm (24 jam).', 'The time must be HH:mm (24-hour).'],
  ['Maksimum {max} ahli satu jadual tugas.', 'At most {max} members per duty roster.'],
  ['Kakitangan yang sama dipilih lebih daripada sekali.', 'The same staff member was chosen more than once.'],
  ['Sila isi Tarikh mula.', 'Please fill in the start date.'],
  ['Tarikh mula mesti hh/bb/tttt (cth. 22/11/2026).', 'The start date must be dd/mm/yyyy (e.g. 22/11/2026).'],
  ['Tarikh tamat mesti hh/bb/tttt (cth. 22/11/2026).', 'The end date must be dd/mm/yyyy (e.g. 22/11/2026).'],
  ['Saiz halaman maksimum {max} jadual tugas.', 'The page size is at most {max} duty rosters.'],
  // contract/rondas.ts
  ['Seksyen diperlukan', 'Section is required'],
  ['Nama ronda diperlukan', 'Ronda name is required'],
  ['Nama ronda maksimum {max} aksara', 'Ronda name: at most {max} characters'],
  ['Nama Titik A diperlukan', 'Point A name is required'],
  ['Nama Titik A maksimum {max} aksara', 'Point A name: at most {max} characters'],
  ['Nama Titik B diperlukan', 'Point B name is required'],
  ['Nama Titik B maksimum {max} aksara', 'Point B name: at most {max} characters'],
  ['KM Dari mesti nombor', 'KM From must be a number'],
  ['KM Dari terlalu besar', 'KM From is too large'],
  ['KM Dari tidak boleh negatif', 'KM From cannot be negative'],
  ['KM Hingga mesti nombor', 'KM To must be a number'],
  ['KM Hingga terlalu besar', 'KM To is too large'],
  ['KM Hingga tidak boleh negatif', 'KM To cannot be negative'],
  ['KM mesti nombor', 'KM must be a number'],
  ['KM terlalu besar', 'KM is too large'],
  ['KM tidak boleh negatif', 'KM cannot be negative'],
  ['Pilih sekurang-kurangnya satu rekod', 'Choose at least one record'],
  ['Maksimum 100 rekod sekali', 'At most 100 records at a time'],
  ['Ronda diperlukan', 'Ronda is required'],
  ['Nama pusat semakan diperlukan', 'Checkpoint name is required'],
  ['Nama pusat semakan maksimum {max} aksara', 'Checkpoint name: at most {max} characters'],
  ['Arah diperlukan', 'Direction is required'],
  ['Latitud diperlukan', 'Latitude is required'],
  ['Longitud diperlukan', 'Longitude is required'],
  ['Susunan mesti 1 atau lebih', 'The order must be 1 or more'],
  // contract/maps.ts, contract/incidents.ts, contract/child-lists.ts, contract/handover.ts, contract/comms.ts …
  ['Latitud mesti antara -90 dan 90', 'Latitude must be between -90 and 90'],
  ['Longitud mesti antara -180 dan 180', 'Longitude must be between -180 and 180'],
  ['Tiada kedudukan dihantar', 'No positions sent'],
  ['Maksimum {max} kedudukan setiap penghantaran', 'At most {max} positions per send'],
  ['Masa mesti hh:mm:ss', 'The time must be hh:mm:ss'],
  ['Catatan maksimum {max} aksara', 'Remark: at most {max} characters'],
  ['Justifikasi maksimum {max} aksara', 'Justification: at most {max} characters'],
  ['Kenyataan maksimum {max} aksara', 'Statement: at most {max} characters'],
  ['Kenyataan tidak boleh kosong', 'The statement cannot be empty'],
  ['Sila hantar kandungan imej dalam fileContent (atau img), satu sahaja.', 'Please send the image content in fileContent (or img), only one.'],
  ['No. plat diperlukan', 'Plate number is required'],
  ['No. plat maksimum {max} aksara', 'Plate number: at most {max} characters'],
  ['Bilangan tidak boleh negatif', 'The number cannot be negative'],
  ['Bilangan maksimum 2 titik perpuluhan', 'The number has at most 2 decimal places'],
  ['Bilangan mesti nombor bulat', 'The number must be a whole number'],
  ['Panjang kesesakan diperlukan', 'The jam length is required'],
  ['Panjang maksimum {max} aksara', 'Length: at most {max} characters'],
  ['Panjang mesti nombor (km), cth. 1.5', 'The length must be a number (km), e.g. 1.5'],
  ['Sila pilih sekurang-kurangnya satu kes.', 'Please choose at least one case.'],
  ['Paling banyak {max} kes sekali gus.', 'At most {max} cases at once.'],
  ['Mesej siaran tidak boleh melebihi 1000 aksara', 'The broadcast message cannot be longer than 1000 characters'],
  ['Nama lajur tidak sah', 'Invalid column name'],
  ['Kilometer diperlukan', 'Kilometre is required'],
];

/** Values the server writes in Malay around a number (contract/leave-rules.ts leaveTypeName's unknown type, a staff id). */
const VALUE_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [/^Jenis (\S+)$/, 'Type $1'],
  [/^Kakitangan (\S+)$/, 'Staff member $1'],
];

// ------------------------------------------------------------------------------------------------ matching

interface Pattern {
  re: RegExp;
  names: string[];
  en: string;
  /** how much of the Malay text is written out (the more, the more specific) */
  literal: number;
}

/** `{name}` in a Malay text: a value, as short as the text around it allows; `{name+}` as long (a value with spaces before another). */
const PLACEHOLDER = /\{(\w+)\+?\}/g;
/** Placeholders that only stand for one of the server's labels (a list's name has spaces: "Kenderaan terlibat 12"). */
const CHOICES: Record<string, readonly string[]> = { list: Object.keys(LIST_LABELS), kind: Object.keys(KIND_LABELS) };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sentences: a text's parts after ". " (or "! ", "? ") where the next one starts with a capital or "(" ("No. KP" goes on). */
const SENTENCE_BREAK = /(?<!\bNo\.)(?<=[.!?])\s+(?=[A-Z(])/;

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

/** Every entry, Malay → English (tests/unit/server-error-texts.test.ts finds a text the server sends for each). */
export const SERVER_TEXT_ENTRIES: readonly Pair[] = [...CONSTANTS, ...SERVER, ...FIELDS];

/** The entries sorted into whole texts and patterns (once, at the first translation). */
function compile() {
  exact = new Map();
  patterns = [];
  for (const [ms, en] of SERVER_TEXT_ENTRIES) {
    const names = [...ms.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (!names.length) {
      if (!exact.has(ms)) exact.set(ms, en);
      continue;
    }
    const source = ms
      .split(/\{(\w+\+?)\}/)
      .map((part, i) => {
        if (i % 2 === 0) return escapeRe(part);
        if (part.endsWith('+')) return '(.*)';
        return CHOICES[part] ? `(${CHOICES[part].map(escapeRe).join('|')})` : '(.*?)';
      })
      .join('');
    patterns.push({ re: new RegExp(`^${source}$`, 's'), names, en, literal: ms.replace(PLACEHOLDER, '').length });
  }
  // the longest literal text first: "Subform {id} tidak dijumpai atau telah dipadam." before "Subform {id} tidak dijumpai."
  patterns.sort((a, b) => b.literal - a.literal);
}

/** A value carried into a text: a label or a text the catalogue knows is translated, anything else kept. */
function value(v: string, depth: number): string {
  if (LABELS[v] !== undefined) return LABELS[v];
  for (const [re, en] of VALUE_PATTERNS) if (re.test(v)) return v.replace(re, en);
  return (depth < 2 ? whole(v, depth + 1) : undefined) ?? v;
}

/** The English of a text the catalogue knows whole or by a pattern; undefined otherwise. */
function whole(text: string, depth = 0): string | undefined {
  if (!exact) compile();
  const found = exact!.get(text);
  if (found !== undefined) return found;
  for (const p of patterns) {
    const m = p.re.exec(text);
    // a value is never a sentence of its own: "… berperanan X. Peranan Y tidak wujud." is two texts
    if (!m || m.slice(1).some((v) => SENTENCE_BREAK.test(v))) continue;
    const values: Record<string, string> = {};
    p.names.forEach((n, i) => {
      values[n] = value(m[i + 1], depth);
    });
    return p.en.replace(PLACEHOLDER, (all, n: string) => values[n] ?? all);
  }
  return undefined;
}

/**
 * The English of a server text: the text whole or by a pattern, else sentence by sentence when every sentence is
 * known; otherwise the text as it came (a text the catalogue does not know stays as the server wrote it).
 */
export function serverTextEn(text: string): string {
  const found = whole(text);
  if (found !== undefined) return found;
  const parts = text.split(SENTENCE_BREAK);
  if (parts.length > 1) {
    const english = parts.map((p) => whole(p));
    if (english.every((e) => e !== undefined)) return english.join(' ');
  }
  return text;
}
