/**
 * Texts of the system notifications the service worker shows (issue #6 item 4), both languages. Not an i18n part:
 * the worker has neither React nor the page's text registry, so it takes these plain objects (the language is the
 * one the page last reported, Malay until then). `{name}` placeholders are filled by fill().
 */
export const systemTextsMs = {
  caseTitle: 'Notifikasi kes {ticket}',
  caseBody: 'Status: {status}. Peronda telah mengemas kini kes ini.',
  alertTitle: 'Notifikasi baharu',
  alertBody: '{description}',
  summaryTitle: '{count} notifikasi baharu',
  summaryBody: 'Buka Lebuhraya Ops untuk melihatnya.',
} as const;

export type SystemTextKey = keyof typeof systemTextsMs;

export const systemTextsEn: Record<SystemTextKey, string> = {
  caseTitle: 'Case notification {ticket}',
  caseBody: 'Status: {status}. A patrol has updated this case.',
  alertTitle: 'New alert',
  alertBody: '{description}',
  summaryTitle: '{count} new notifications',
  summaryBody: 'Open Lebuhraya Ops to see them.',
};

export type SystemLang = 'ms' | 'en';

export function systemText(lang: SystemLang, key: SystemTextKey, params: Record<string, string | number> = {}): string {
  const text: string = (lang === 'en' ? systemTextsEn : systemTextsMs)[key];
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
