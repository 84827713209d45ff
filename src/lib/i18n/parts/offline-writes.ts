import { registerTexts } from '../index';

/**
 * UI texts of the screens' queued writes (issue #4: new case, edits, status steps, journal and photos sent
 * through the outbox), both languages; registered when a module using them is loaded (src/lib/i18n/index.ts). Keys are prefixed 'queued.'.
 */
export const offlineWritesMs = {
  // what the outbox panel lists (the item's label)
  'queued.label.newCase': 'Kes baharu — {type}, KM {km}',
  'queued.label.subform': 'Maklumat lanjut — {type}, {ticket}',
  'queued.label.caseEdit': 'Kemaskini kes — {ticket}',
  'queued.label.status': 'Status: {status} — {ticket}',
  'queued.label.journal': 'Catatan jurnal — {ticket}',
  'queued.label.photo': 'Gambar {name} — {ticket}',
  'queued.label.media': 'Lampiran media {name} — {ticket}',
  'queued.label.attachmentDelete': 'Padam lampiran #{id}',
  'queued.label.alertRead': 'Amaran ditanda dibaca',
  'queued.label.notificationRead': 'Notifikasi ditanda dibaca — {ticket}',
  'queued.label.broadcast': 'Mesej siaran',
  'queued.label.broadcastSeen': 'Mesej siaran ditanda dilihat',
  'queued.label.journalRead': 'Jurnal ditanda dibaca — {ticket}',
  'queued.label.childSave': '{list}: {item} — {ticket}',
  'queued.label.childDelete': '{list}: padam {count} rekod — {ticket}',
  'queued.list.involvedVehicle': 'Kenderaan terlibat',
  'queued.list.collisionList': 'Jenis pelanggaran',
  'queued.list.roadLaneSelection': 'Bahagian lebuhraya',
  'queued.list.requestFurtherActionList': 'Bantuan',
  'queued.list.roadFurnitureList': 'Kerosakan aset',
  'queued.list.roadLaneClosureList': 'Penutupan lorong',
  'queued.list.trafficJam': 'Kesesakan jalan',
  'queued.list.injuryType': 'Jenis kecederaan',
  /** a case created offline has no ticket number yet */
  'queued.newTicket': 'kes baharu',
  // the badge of what waits on the device
  'queued.notSent': 'Belum dihantar',
  // the pending-case view
  'queued.pendingCase.title': 'Kes belum dihantar',
  'queued.pendingCase.hint':
    'Kes ini disimpan dalam peranti dan akan dihantar apabila talian pulih. Nombor tiket diberi oleh pelayan selepas itu. Jurnal dan gambar boleh ditambah sekarang.',
  'queued.pendingCase.gone': 'Kes ini tiada lagi dalam peranti (sudah dihantar atau dibuang).',
  'queued.pendingCase.parked': 'Pelayan menolak kes ini: {message}',
  'queued.pendingCase.details': 'Maklumat kes',
  'queued.pendingCase.reportedBy': 'Dilaporkan oleh',
  'queued.pendingCase.remark': 'Catatan',
  // drafts
  'queued.draft.newCase': 'Kes baharu — {type}',
  'queued.draft.newCaseEmpty': 'Kes baharu (belum lengkap)',
  'queued.draft.edit': 'Kemaskini kes — {ticket}',
  'queued.draft.resumed': 'Draf disambung semula.',
  'queued.draft.saved': 'Draf disimpan dalam peranti',
  'queued.draft.discard': 'Buang draf',
} as const;

export const offlineWritesEn: Record<keyof typeof offlineWritesMs, string> = {
  'queued.label.newCase': 'New case — {type}, KM {km}',
  'queued.label.subform': 'Further details — {type}, {ticket}',
  'queued.label.caseEdit': 'Case update — {ticket}',
  'queued.label.status': 'Status: {status} — {ticket}',
  'queued.label.journal': 'Journal entry — {ticket}',
  'queued.label.photo': 'Photo {name} — {ticket}',
  'queued.label.media': 'Media attachment {name} — {ticket}',
  'queued.label.attachmentDelete': 'Delete attachment #{id}',
  'queued.label.alertRead': 'Alert marked as read',
  'queued.label.notificationRead': 'Notification marked as read — {ticket}',
  'queued.label.broadcast': 'Broadcast message',
  'queued.label.broadcastSeen': 'Broadcasts marked as seen',
  'queued.label.journalRead': 'Journal marked as read — {ticket}',
  'queued.label.childSave': '{list}: {item} — {ticket}',
  'queued.label.childDelete': '{list}: delete {count} record(s) — {ticket}',
  'queued.list.involvedVehicle': 'Involved vehicle',
  'queued.list.collisionList': 'Collision type',
  'queued.list.roadLaneSelection': 'Highway section',
  'queued.list.requestFurtherActionList': 'Assistance',
  'queued.list.roadFurnitureList': 'Asset damage',
  'queued.list.roadLaneClosureList': 'Lane closure',
  'queued.list.trafficJam': 'Traffic jam',
  'queued.list.injuryType': 'Injury type',
  'queued.newTicket': 'new case',
  'queued.notSent': 'Not sent yet',
  'queued.pendingCase.title': 'Case not sent yet',
  'queued.pendingCase.hint':
    'This case is saved on this device and will be sent when the connection is back. The server gives the ticket number then. Journal entries and photos can be added now.',
  'queued.pendingCase.gone': 'This case is no longer on this device (already sent or discarded).',
  'queued.pendingCase.parked': 'The server refused this case: {message}',
  'queued.pendingCase.details': 'Case details',
  'queued.pendingCase.reportedBy': 'Reported by',
  'queued.pendingCase.remark': 'Remark',
  'queued.draft.newCase': 'New case — {type}',
  'queued.draft.newCaseEmpty': 'New case (incomplete)',
  'queued.draft.edit': 'Case update — {ticket}',
  'queued.draft.resumed': 'Draft resumed.',
  'queued.draft.saved': 'Draft saved on this device',
  'queued.draft.discard': 'Discard draft',
};

registerTexts(offlineWritesMs, offlineWritesEn);
