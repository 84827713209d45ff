/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts. Keys are prefixed 'clock.'.
 */
export const clockMs = {} as const;

export const clockEn: Record<keyof typeof clockMs, string> = {};
