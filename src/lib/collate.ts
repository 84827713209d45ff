/**
 * Names with numbers in them in their natural order ('N9' before 'N10', 'Ronda 2' before 'Ronda 10'), letters
 * without regard to case, by their code units (the app's names are Malay and English in the Latin alphabet).
 * `a.localeCompare(b, 'ms', { numeric: true })` built a new collator on every call (V8 keeps only the option-less
 * form), and even one `Intl.Collator` loads its locale's collation data: sorting the region's sections was 86 ms of a
 * patrol's landing at a mid-range phone's speed, and one collator still 50 ms. natural-orderby does the same in plain
 * code but weighs 1.5 KB gzipped in the first load (issue #33's budget): these few lines are all the app needs.
 */
const RUNS = /\d+|\D+/g;
const isDigits = (s: string) => s.charCodeAt(0) >= 48 && s.charCodeAt(0) <= 57;

/** A name's sort key: its runs of digits and of other characters, lowercased (compute it once per row to sort many). */
export interface NaturalKey {
  text: string;
  runs: string[];
}
export const naturalKey = (text: string): NaturalKey => ({ text, runs: text.toLowerCase().match(RUNS) ?? [] });

/** compareNatural on keys made once (a report column sorted over thousands of rows). */
export function compareNaturalKeys(a: NaturalKey, b: NaturalKey): number {
  const x = a.runs;
  const y = b.runs;
  for (let i = 0; i < x.length && i < y.length; i++) {
    const p = x[i];
    const q = y[i];
    if (p === q) continue;
    if (isDigits(p) && isDigits(q)) {
      const d = Number(p) - Number(q);
      if (d !== 0) return d < 0 ? -1 : 1;
      continue;
    }
    return p < q ? -1 : 1;
  }
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

export const compareNatural = (a: string, b: string): number => compareNaturalKeys(naturalKey(a), naturalKey(b));
