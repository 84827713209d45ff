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
  /** the caller has seen these broadcasts (issue #6 "seen by N of M") */
  broadcastSeen: `${MANAGE_BASE}/messageBroadcast/seen`,
  // ---- TMC logsheet (§2.17, §3.10, §7.5 tmcLogSheet)
  tmcLogSheetDataTables: `${MANAGE_BASE}/tmcLogSheet/dataTables`,
  tmcLogSheetSave: `${MANAGE_BASE}/tmcLogSheet/save`,
  tmcLogSheetCsv: `${MANAGE_BASE}/tmcLogSheet/csv`,
  // ---- incidents (§7.3); `…Pattern` is the server's route, the function the client's URL
  incidentSave: `${MANAGE_BASE}/incident/save`,
  incidentGet: (id: number) => `${MANAGE_BASE}/incident/get/${id}`,
  incidentGetPattern: `${MANAGE_BASE}/incident/get/:id`,
  incidentByTicket: (ticket: string) => `${MANAGE_BASE}/incident/getByTicketNumber/${encodeURIComponent(ticket)}`,
  incidentByTicketPattern: `${MANAGE_BASE}/incident/getByTicketNumber/:ticket`,
  incidentViewGet: (id: number) => `${MANAGE_BASE}/incidentView/get/${id}`,
  incidentViewGetPattern: `${MANAGE_BASE}/incidentView/get/:id`,
  incidentViewBySubform: (id: number) => `${MANAGE_BASE}/incidentView/searchBySubformId/${id}`,
  incidentViewBySubformPattern: `${MANAGE_BASE}/incidentView/searchBySubformId/:id`,
  incidentViewDataTables: `${MANAGE_BASE}/incidentView/dataTables`,
  dashboardDataTables: `${MANAGE_BASE}/dashboard/dataTables`,
  dashboardIncidentCount: `${MANAGE_BASE}/dashboard/getIncidentItemsCount`,
  dashboardItemsCount: `${MANAGE_BASE}/dashboard/getDashboardItemsCount`,
  /** subform calls: kind path word of SUBFORMS (incidentAccident, …) + save | get/{id} | delete */
  subformSave: (pathWord: string) => `${MANAGE_BASE}/${pathWord}/save`,
  subformGet: (pathWord: string, id: number) => `${MANAGE_BASE}/${pathWord}/get/${id}`,
  subformDelete: (pathWord: string) => `${MANAGE_BASE}/${pathWord}/delete`,
  auditSave: `${MANAGE_BASE}/incidentAudit/save`,
  auditDataTables: `${MANAGE_BASE}/incidentAudit/dataTables`,
  auditByIncident: (id: number) => `${MANAGE_BASE}/incidentAudit/getByIncidentId/${id}`,
  auditByIncidentPattern: `${MANAGE_BASE}/incidentAudit/getByIncidentId/:id`,
  kmLocation: `${MANAGE_BASE}/GpsKmMarker/getLocationGpsCoordinates`,
  kmMarkersBySection: (id: number) => `${MANAGE_BASE}/gpskmmarkersectionid/getBySectionId/${id}`,
  kmMarkersBySectionPattern: `${MANAGE_BASE}/gpskmmarkersectionid/getBySectionId/:id`,
  nearestActivePr: `${MANAGE_BASE}/dutyroster/nearestActivePR`,
  activePrList: `${MANAGE_BASE}/dutyroster/activePRList`,
  // ---- journal and attachments (§7.4, §7.3 attachmentList, §7.5 document)
  journalEntrySave: `${MANAGE_BASE}/journalEntry/save`,
  journalEntryGet: (id: number) => `${MANAGE_BASE}/journalEntry/get/${id}`,
  journalEntryGetPattern: `${MANAGE_BASE}/journalEntry/get/:id`,
  journalEntryUpdateStatus: `${MANAGE_BASE}/journalEntry/updateStatus`,
  journalSave: `${MANAGE_BASE}/journal/save`,
  journalDataTables: `${MANAGE_BASE}/journal/dataTables`,
  journalByIncident: (id: number) => `${MANAGE_BASE}/journal/getAllByIncident/${id}`,
  journalByIncidentPattern: `${MANAGE_BASE}/journal/getAllByIncident/:id`,
  journalByTicket: (ticket: string) => `${MANAGE_BASE}/journal/getByTicketNumber/${encodeURIComponent(ticket)}`,
  journalByTicketPattern: `${MANAGE_BASE}/journal/getByTicketNumber/:ticket`,
  documentSave: `${MANAGE_BASE}/document/saveFile`,
  documentDownload: `${MANAGE_BASE}/document/downloadFile`,
  attachmentDataTables: `${MANAGE_BASE}/attachmentList/dataTables`,
  attachmentGet: (id: number) => `${MANAGE_BASE}/attachmentList/get/${id}`,
  attachmentGetPattern: `${MANAGE_BASE}/attachmentList/get/:id`,
  attachmentDelete: (id: number) => `${MANAGE_BASE}/attachmentList/delete/${id}`,
  attachmentDeletePattern: `${MANAGE_BASE}/attachmentList/delete/:id`,
  // ---- child lists of a subform (§7.3; contract/child-lists.ts CHILD_LISTS): save | dataTables | delete
  childSave: (list: string) => `${MANAGE_BASE}/${list}/save`,
  childDataTables: (list: string) => `${MANAGE_BASE}/${list}/dataTables`,
  childDelete: (list: string) => `${MANAGE_BASE}/${list}/delete`,
  /** Bahagian Lebuhraya items (roadLanes keys with a colour), §7.5 highwaysectionid */
  highwaySections: `${MANAGE_BASE}/highwaysectionid/get`,
  /** the highway assets a damage is recorded against (§7.5 roadFurniture getAll / dataTables) */
  roadFurnitureAll: `${MANAGE_BASE}/roadFurniture/getAll`,
  roadFurnitureDataTables: `${MANAGE_BASE}/roadFurniture/dataTables`,
  health: '/healthz',
} as const;
