/**
 * UI texts of one area, both languages; spread into ms.ts and en.ts (one module per language). Keys are prefixed
 * 'incident.'. Spec texts (§8 and the screens of §2) are used verbatim.
 */
export const incidentMs = {
} as const;

export const incidentEn: Record<keyof typeof incidentMs, string> = {
};
