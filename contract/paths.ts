/**
 * Full REST paths, written once (READING-NOTES "Paths"): short paths of §7 live under /rest/roster/manage/,
 * lookups under /rest/roster/lookup/, sign-in under /rest/auth/, the username check under /public/.
 */
export const AUTH_BASE = '/rest/auth';
export const MANAGE_BASE = '/rest/roster/manage';
export const LOOKUP_BASE = '/rest/roster/lookup';
export const PUBLIC_BASE = '/public';

export const PATHS = {
  login: `${AUTH_BASE}/jwt/login`,
  webUser: `${AUTH_BASE}/getDetailWebUser`,
  checkToken: `${AUTH_BASE}/checkToken`,
  logout: `${AUTH_BASE}/logout`,
  resetPassword: `${MANAGE_BASE}/user/resetPassword`,
  primeUser: (username: string) => `${PUBLIC_BASE}/primeuser/get/${encodeURIComponent(username)}`,
  primeUserPattern: `${PUBLIC_BASE}/primeuser/get/:username`,
  lookup: (name: string) => `${LOOKUP_BASE}/${name}`,
  sectionGet: (id: number) => `${MANAGE_BASE}/section/get/${id}`,
  sectionGetPattern: `${MANAGE_BASE}/section/get/:id`,
  sectionDataTables: `${MANAGE_BASE}/section/dataTables`,
  eventLocationsBySection: (id: number) => `${MANAGE_BASE}/eventlocationid/getBySectionId/${id}`,
  eventLocationsBySectionPattern: `${MANAGE_BASE}/eventlocationid/getBySectionId/:id`,
  dutyRosterDataTables: `${MANAGE_BASE}/dutyroster/dataTables`,
  broadcastSave: `${MANAGE_BASE}/messageBroadcast/save`,
  broadcastDataTables: `${MANAGE_BASE}/messageBroadcast/dataTables`,
  alertDataTables: `${MANAGE_BASE}/alertNotification/dataTables`,
  alertSave: `${MANAGE_BASE}/alertNotification/save`,
  notificationGetAll: `${MANAGE_BASE}/notificationView/getAll`,
  notificationUpdate: `${MANAGE_BASE}/notificationView/update`,
  health: '/healthz',
} as const;
