/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts. Keys are prefixed 'comms.'.
 */
export const commsMs = {
  'comms.caseDialog.title': 'Maklumat Kes',
  'comms.seenBy': 'Dilihat oleh {seen} daripada {total}',
  'comms.notifyPermission': 'Benarkan notifikasi sistem supaya anda dimaklumkan tentang kes baharu walaupun portal tidak dibuka?',
  'comms.notifyAllow': 'Benarkan',
  'comms.notifyLater': 'Tidak sekarang',
  'comms.systemNotificationTitle': 'Lebuhraya Ops',
  'comms.systemNotificationCase': 'Aktiviti peronda pada kes {ticket} ({status})',
  'comms.systemNotificationAlert': 'Amaran: {description}',
} as const;

export const commsEn: Record<keyof typeof commsMs, string> = {
  'comms.caseDialog.title': 'Case details',
  'comms.seenBy': 'Seen by {seen} of {total}',
  'comms.notifyPermission': 'Allow system notifications so you hear about new case activity even when the portal is not open?',
  'comms.notifyAllow': 'Allow',
  'comms.notifyLater': 'Not now',
  'comms.systemNotificationTitle': 'Lebuhraya Ops',
  'comms.systemNotificationCase': 'Patrol activity on case {ticket} ({status})',
  'comms.systemNotificationAlert': 'Alert: {description}',
};
