import { DatePicker, IconButton, Portal, parseDate, type DateValue } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-theme/recipes/date-picker';
import { LuCalendar } from 'react-icons/lu';
import { useLanguage } from '@/lib/i18n';
import { APP_TZ, isIsoDate } from '@/lib/time';
import { typedDateToIso, type DateFieldProps } from './date-text';

const pad = (n: number) => String(n).padStart(2, '0');
const toDisplay = (d: DateValue) => `${pad(d.day)}-${pad(d.month)}-${d.year}`;

function fromDisplay(s: string): DateValue | undefined {
  const iso = typedDateToIso(s);
  return iso ? parseDate(iso) : undefined;
}

/**
 * DateField's calendar (./date-field.tsx): Chakra's DatePicker, loaded and swapped in when the user first opens the
 * calendar of a field. Its machine and the Intl data of its locale were the heaviest part of a filter bar's first
 * render (about 250 ms of the dashboard's load at a mid-range phone's speed).
 */
export function DatePickerField({ value, onChange, label, max, testId, width = '200px', defaultOpen }: DateFieldProps & { defaultOpen?: boolean }) {
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
      // today's mark is the day in Brunei, as everywhere in the app (the picker's default zone is UTC: before 08:00
      // it marked yesterday)
      timeZone={APP_TZ}
      max={max && isIsoDate(max) ? parseDate(max) : undefined}
      width={width}
      size="md"
      // the calendar's three tables (about 90 cells) are drawn only while it is open: a screen with a few date
      // fields re-drew them hidden on every change of the page (the dashboard's start: 5,888 cell renders)
      lazyMount
      unmountOnExit
      defaultOpen={defaultOpen}
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
}
