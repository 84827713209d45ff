import { displayDateToIso, isIsoDate } from '@/lib/time';

/** What a DateField takes (./date-field.tsx): the value and the bound as 'YYYY-MM-DD'. */
export interface DateFieldProps {
  value: string;
  onChange: (iso: string) => void;
  label: string;
  max?: string;
  testId?: string;
  width?: string;
}

/**
 * A date as the user typed it → 'YYYY-MM-DD', or '' when it is no real date. Taken: dd-mm-yyyy (§9), dd/mm/yyyy,
 * dd.mm.yyyy, and eight digits as ddmmyyyy (the picker's ms-MY input keeps only digits and '/', so '28-11-2026'
 * typed there arrives as '28112026').
 */
export function typedDateToIso(typed: string): string {
  const v = typed.trim();
  const digits = /^\d{8}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}` : v.replace(/[/.]/g, '-');
  return displayDateToIso(digits);
}

/**
 * What a typed date commits to, as the picker does on Enter or leaving the field: the date, kept within `max`; null
 * when the text is no date (the field then shows its value again).
 */
export function committedDate(typed: string, max?: string): string | null {
  const iso = typedDateToIso(typed);
  if (!iso) return null;
  return max && isIsoDate(max) && iso > max ? max : iso;
}
