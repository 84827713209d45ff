import { memo } from 'react';
import { DatePicker, IconButton, Portal, parseDate, type DateValue } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-theme/recipes/date-picker';
import { LuCalendar } from 'react-icons/lu';
import { useLanguage } from '@/lib/i18n';
import { displayDateToIso, isIsoDate } from '@/lib/time';

const pad = (n: number) => String(n).padStart(2, '0');
const toDisplay = (d: DateValue) => `${pad(d.day)}-${pad(d.month)}-${d.year}`;

function fromDisplay(s: string): DateValue | undefined {
  // typed as dd-mm-yyyy, dd/mm/yyyy or dd.mm.yyyy; the picker's ms-MY input keeps only digits and '/', so
  // '28-11-2026' typed arrives as '28112026': eight digits are read as ddmmyyyy
  const v = s.trim();
  const digits = /^\d{8}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}` : v.replace(/[/.]/g, '-');
  const iso = displayDateToIso(digits);
  return iso ? parseDate(iso) : undefined;
}

/**
 * A date field that shows and takes dd-mm-yyyy (§9) and hands out 'YYYY-MM-DD'. Memoised: its picker's machine is
 * the heaviest part of a filter bar's render, and a screen's renders for other reasons leave it alone while its
 * props hold.
 */
export const DateField = memo(function DateField({
  value,
  onChange,
  label,
  max,
  testId,
  width = '200px',
}: {
  value: string;
  onChange: (iso: string) => void;
  label: string;
  max?: string;
  testId?: string;
  width?: string;
}) {
  const current = isIsoDate(value) ? [parseDate(value)] : [];
  // the calendar's month and weekday names in the user's language (the field itself is dd-mm-yyyy in both)
  const locale = useLanguage() === 'en' ? 'en-GB' : 'ms-MY';
  return (
    <DatePicker.Root
      recipe={datePickerSlotRecipe}
      value={current}
      onValueChange={(d) => {
        const v = d.value[0];
        if (v) onChange(v.toString());
      }}
      format={toDisplay}
      parse={fromDisplay}
      placeholder="dd-mm-yyyy"
      locale={locale}
      max={max && isIsoDate(max) ? parseDate(max) : undefined}
      width={width}
      size="md"
      // the calendar's three tables (about 90 cells) are drawn only while it is open: a screen with a few date
      // fields re-drew them hidden on every change of the page (the dashboard's start: 5,888 cell renders)
      lazyMount
      unmountOnExit
      data-testid={testId}
    >
      <DatePicker.Label fontSize="sm" fontWeight="medium">
        {label}
      </DatePicker.Label>
      <DatePicker.Control>
        <DatePicker.Input bg="bg.panel" minH="11" data-testid={testId ? `${testId}-input` : undefined} />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger asChild>
            <IconButton aria-label={label} variant="ghost" size="sm">
              <LuCalendar />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
});
