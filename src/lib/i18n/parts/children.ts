/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts. Keys are prefixed 'children.'.
 */
export const childrenMs = {} as const;

export const childrenEn: Record<keyof typeof childrenMs, string> = {};
