/**
 * What a DateField (src/ui/date-field.tsx) makes of a typed date: its text input commits on Enter or when the user
 * leaves it, as Chakra's DatePicker did (the picker loads only with the calendar).
 */
import { describe, expect, it } from 'vitest';
import { committedDate, typedDateToIso } from '@/ui/date-text';

describe('typedDateToIso', () => {
  it('takes dd-mm-yyyy, dd/mm/yyyy, dd.mm.yyyy and eight digits', () => {
    expect(typedDateToIso('28-11-2026')).toBe('2026-11-28');
    expect(typedDateToIso(' 28/11/2026 ')).toBe('2026-11-28');
    expect(typedDateToIso('28.11.2026')).toBe('2026-11-28');
    expect(typedDateToIso('28112026')).toBe('2026-11-28');
  });

  it('gives nothing for what is no day of the calendar', () => {
    for (const s of ['', '31-02-2026', '2026-11-28', '28-13-2026', '1-1-2026', 'semalam', '2811202']) expect(typedDateToIso(s)).toBe('');
  });
});

describe('committedDate', () => {
  it('commits a date, kept within the bound', () => {
    expect(committedDate('01/12/2026', '2026-12-05')).toBe('2026-12-01');
    expect(committedDate('05/12/2026', '2026-12-05')).toBe('2026-12-05');
    expect(committedDate('31/12/2026', '2026-12-05')).toBe('2026-12-05');
    expect(committedDate('31/12/2026')).toBe('2026-12-31');
  });

  it('commits nothing for text that is no date (the field shows its value again)', () => {
    expect(committedDate('')).toBeNull();
    expect(committedDate('30-02-2026', '2026-12-05')).toBeNull();
  });
});
