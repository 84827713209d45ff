import { memo, useId, useState, type KeyboardEvent } from 'react';
import { chakra, IconButton, useSlotRecipe } from '@chakra-ui/react';
import { datePickerSlotRecipe } from '@chakra-theme/recipes/date-picker';
import { LuCalendar } from 'react-icons/lu';
import { isoDateToDisplay } from '@/lib/time';
import { committedDate, type DateFieldProps } from './date-text';
import { onDemand, prefetch, useOnDemand } from './on-demand';

const picker = onDemand(() => import('./date-picker-field'));

/**
 * A date field that shows and takes dd-mm-yyyy (§9) and hands out 'YYYY-MM-DD'. It is drawn as Chakra's DatePicker
 * draws it (the same recipe), with a plain text input: typing a date and Enter, or leaving the field, commits it as
 * the picker does. The picker itself (its calendar, its machine, the Intl data of its locale) loads when the user
 * reaches for the calendar button and takes the field's place when it is pressed, opened. Memoised: a screen's renders
 * for other reasons leave it alone while its props hold.
 */
export const DateField = memo(function DateField(props: DateFieldProps) {
  const [mod, request, asked] = useOnDemand(picker);
  if (mod && asked) return <mod.DatePickerField {...props} defaultOpen />;
  return <TypedDateField {...props} onOpen={request} />;
});

function TypedDateField({ value, onChange, label, max, testId, width = '200px', onOpen }: DateFieldProps & { onOpen: () => void }) {
  const styles = useSlotRecipe({ recipe: datePickerSlotRecipe })({ size: 'md' });
  const id = useId();
  const shown = isoDateToDisplay(value);
  // what the user is typing, kept for the value it was typed over: a new value from outside (a reset, the URL, a
  // committed date) replaces it in the same render, with no effect and no render more
  const [draft, setDraft] = useState({ over: shown, text: shown });
  const text = draft.over === shown ? draft.text : shown;
  const setText = (next: string) => setDraft({ over: shown, text: next });
  const commit = () => {
    const iso = committedDate(text, max);
    if (iso === null || iso === value) setText(shown);
    else onChange(iso);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    commit();
  };
  return (
    <chakra.div css={[styles.root, { width }]} className="chakra-date-picker__root" data-testid={testId}>
      <chakra.label css={[styles.label, { fontSize: 'sm', fontWeight: 'medium' }]} htmlFor={id}>
        {label}
      </chakra.label>
      <chakra.div css={styles.control}>
        <chakra.input
          id={id}
          css={[styles.input, { bg: 'bg.panel', minH: '11' }]}
          value={text}
          placeholder="dd-mm-yyyy"
          autoComplete="off"
          inputMode="numeric"
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          data-testid={testId ? `${testId}-input` : undefined}
        />
        <chakra.div css={styles.indicatorGroup}>
          <IconButton
            aria-label={label}
            aria-haspopup="dialog"
            variant="ghost"
            size="sm"
            onPointerEnter={() => prefetch(picker)}
            onFocus={() => prefetch(picker)}
            onClick={onOpen}
          >
            <LuCalendar />
          </IconButton>
        </chakra.div>
      </chakra.div>
    </chakra.div>
  );
}
