import { compare } from 'natural-orderby';

/**
 * Names with numbers in them in their natural order ('N9' before 'N10', 'Ronda 2' before 'Ronda 10'; letters without
 * regard to case). natural-orderby compares ASCII text in plain code; `a.localeCompare(b, 'ms', { numeric: true })`
 * built a new collator on every call (V8 keeps only the option-less form), and even one `Intl.Collator` loads its
 * locale's collation data: sorting the region's sections was 86 ms of a patrol's landing at a mid-range phone's
 * speed, and one collator still 50 ms.
 */
export const compareNatural: (a: string, b: string) => number = compare();
