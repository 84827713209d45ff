/** Small pieces the child-list editors share: text and date/time inputs, a string-valued select, lookup options, rule texts, durations. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Field, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import type { LookupName } from '@contract/lookups';
import { useLookup } from '@/lib/lookups';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { formatTime, isoDateToDisplay, todayIso } from '@/lib/time';
import type { Option } from '../controls';
import { durationSeconds, formatDuration, normalizeTime, type RuleError } from '../children-rules';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';

/** The options of a §7.2 lookup, with the label of a key. A failed load leaves an empty list (§8), never a crash. */
export function useLookupOptions(name: LookupName) {
  const q = useLookup(name);
  const options = useMemo<Option[]>(() => (q.data ?? []).map((i) => ({ value: i.key, label: i.value })), [q.data]);
  const labelOf = useCallback((key: number | null) => (key === null ? '' : (options.find((o) => o.value === key)?.label ?? '')), [options]);
  return { options, pending: q.isPending, failed: q.isError, labelOf };
}

/** A duration in seconds as 'N jam M minit' in the user's language. */
export function useDurationText() {
  const t = useT();
  return (seconds: number | null) => formatDuration(seconds, { hours: t('children.hours'), minutes: t('children.minutes') });
}

/** A row's date (as shown) and time, or '-' while either is missing. */
export const dateTimeText = (date: string | null, time: string | null) =>
  date && time ? `${isoDateToDisplay(date)} ${normalizeTime(time) ?? time}` : '-';

/** The rule text of a RuleError. */
export function useRuleText() {
  const t = useT();
  return (code: RuleError | null) => (code === null ? null : t(`children.rule.${code}` satisfies TextKey));
}

export function TextInputField({
  label,
  value,
  onChange,
  testId,
  placeholder,
  maxLength,
  inputMode,
  type = 'text',
  min,
  step,
  required,
  helper,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'decimal' | 'numeric';
  type?: 'text' | 'number';
  min?: number;
  step?: number | string;
  required?: boolean;
  helper?: ReactNode;
}) {
  return (
    <Field.Root required={required}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        size="lg"
        bg="bg.panel"
        type={type}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        min={min}
        step={step}
        autoComplete="off"
        data-testid={testId}
      />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * A date and a time of day on one line (§5): native `<input type="date">` with max = today in Asia/Brunei (start
 * pickers) and `<input type="time" step="1">` (hh:mm:ss).
 */
export function DateTimeInputs({
  label,
  date,
  time,
  onDate,
  onTime,
  maxToday,
  testIdPrefix,
  required,
  helper,
}: {
  label: string;
  date: string | null;
  time: string | null;
  onDate: (v: string | null) => void;
  onTime: (v: string | null) => void;
  maxToday?: boolean;
  /** e.g. 'child-lane-start' → child-lane-start-date, child-lane-start-time */
  testIdPrefix: string;
  required?: boolean;
  helper?: ReactNode;
}) {
  const t = useT();
  return (
    <Field.Root required={required}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
        <Input
          size="lg"
          bg="bg.panel"
          type="date"
          aria-label={`${label} — ${t('children.date')}`}
          max={maxToday ? todayIso() : undefined}
          value={date ?? ''}
          onChange={(e) => onDate(e.currentTarget.value || null)}
          data-testid={`${testIdPrefix}-date`}
        />
        <Input
          size="lg"
          bg="bg.panel"
          type="time"
          step={1}
          aria-label={`${label} — ${t('children.time')}`}
          value={time ?? ''}
          onChange={(e) => onTime(e.currentTarget.value || null)}
          data-testid={`${testIdPrefix}-time`}
        />
      </Flex>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** A native select over string values (the assistance status: NOTIFIKASI | KETIBAAN | SELESAI). */
export function ChoiceSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  testId,
  helper,
}: {
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
  testId: string;
  helper?: ReactNode;
}) {
  return (
    <Field.Root required>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg">
        <NativeSelect.Field
          bg="bg.panel"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value as V)}
          data-testid={testId}
          aria-label={label}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** The dates and times of a range as the lane-closure and traffic-jam dialogs hold them. */
export interface RangeDraft {
  startDate: string | null;
  startTime: string | null;
  endDate: string | null;
  endTime: string | null;
}

/**
 * Start and end (date and time each, §5: start no later than today) and the duration between them once both are
 * complete, in hours and minutes. Test ids `<prefix>-start-date|time`, `<prefix>-end-date|time`, `<prefix>-duration`.
 */
export function DateTimeRange({
  value,
  onChange,
  labels,
  startRequired,
  testIdPrefix,
}: {
  value: RangeDraft;
  onChange: (patch: Partial<RangeDraft>) => void;
  labels: { start: string; end: string; endHint?: string };
  startRequired?: boolean;
  testIdPrefix: string;
}) {
  const t = useT();
  const durationText = useDurationText();
  const seconds = durationSeconds(value.startDate, value.startTime, value.endDate, value.endTime);
  return (
    <>
      <DateTimeInputs
        label={labels.start}
        date={value.startDate}
        time={value.startTime}
        onDate={(x) => onChange({ startDate: x })}
        onTime={(x) => onChange({ startTime: x })}
        maxToday
        required={startRequired}
        testIdPrefix={`${testIdPrefix}-start`}
      />
      <DateTimeInputs
        label={labels.end}
        date={value.endDate}
        time={value.endTime}
        onDate={(x) => onChange({ endDate: x })}
        onTime={(x) => onChange({ endTime: x })}
        helper={labels.endHint}
        testIdPrefix={`${testIdPrefix}-end`}
      />
      <Computed
        label={t('children.duration')}
        value={seconds !== null && seconds >= 0 ? durationText(seconds) : ''}
        testId={`${testIdPrefix}-duration`}
      />
    </>
  );
}

/** A computed value shown in a dialog (the duration). */
export function Computed({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {label}:{' '}
      <Text as="span" fontWeight="semibold" color="fg" data-testid={testId}>
        {value || '-'}
      </Text>
    </Text>
  );
}

/** The current Brunei wall clock, as the date and time inputs take it. */
export const nowBrunei = () => ({ date: todayIso(), time: formatTime(Date.now()) });
