/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts (one module per language). Keys are prefixed
 * 'newCase.'. Spec texts (§8 and the screens of §2) are used verbatim.
 */
export const newCaseMs = {
} as const;

export const newCaseEn: Record<keyof typeof newCaseMs, string> = {
};
