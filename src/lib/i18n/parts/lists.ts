/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts (one module per language). Keys are prefixed
 * 'lists.'. Spec texts (§8 and the screens of §2) are used verbatim.
 */
export const listsMs = {
} as const;

export const listsEn: Record<keyof typeof listsMs, string> = {
};
