/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts (one module per language). Keys are prefixed
 * 'journal.'. Spec texts (§8 and the screens of §2) are used verbatim.
 */
export const journalMs = {
} as const;

export const journalEn: Record<keyof typeof journalMs, string> = {
};
