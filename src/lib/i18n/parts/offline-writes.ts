/**
 * UI texts of the screens' queued writes (issue #4: new case, edits, status steps, journal and photos sent
 * through the outbox), both languages; spread into ms.ts and en.ts. Keys are prefixed 'queued.'.
 */
export const offlineWritesMs = {} as const;

export const offlineWritesEn: Record<keyof typeof offlineWritesMs, string> = {};
