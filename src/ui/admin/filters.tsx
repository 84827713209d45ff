/**
 * The filters of the administration lists' toolbars, written once: a labelled NativeSelect ('all' first, then the
 * options), the active / inactive status filter, the section filter, the text search box, an on/off flag, the
 * 'Set semula' button, and the list's add button. The texts come from the
 * calling area's i18n part; only the status filter falls back to the admin part's Semua / Aktif / Tidak aktif.
 */
import { useEffect, useState, type ComponentProps } from 'react';
import { Button, Checkbox, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { LuCirclePlus, LuRotateCcw, LuSearch } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/admin';
import type { ActiveStatus } from './list-search';

type Width = ComponentProps<typeof Field.Root>['width'];
/** 'medium': the label of the leave and shift toolbars, a little bolder */
type LabelWeight = 'medium' | undefined;

export interface FilterOption<V extends string | number> {
  value: V;
  label: string;
}

interface SelectControlProps<V extends string | number> {
  /** undefined: the 'all' option */
  value: V | undefined;
  /** the chosen option's value; undefined for 'all' */
  onChange: (value: V | undefined) => void;
  options: readonly FilterOption<V>[];
  allLabel: string;
  testId: string;
}

/** The select alone ('all' first, then the options): for a toolbar, FilterSelect; for a picker, this with its own width and aria-label. */
export function FilterSelectControl<V extends string | number>({
  value,
  onChange,
  options,
  allLabel,
  testId,
  width,
  ariaLabel,
}: SelectControlProps<V> & { width?: string; ariaLabel?: string }) {
  return (
    <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" width={width}>
      <NativeSelect.Field
        bg="bg.panel"
        minH="11"
        aria-label={ariaLabel}
        value={value ?? ''}
        onChange={(e) => {
          const raw = e.currentTarget.value;
          onChange(options.find((o) => String(o.value) === raw)?.value);
        }}
        data-testid={testId}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface FilterSelectProps<V extends string | number> extends SelectControlProps<V> {
  label: string;
  width?: Width;
  labelWeight?: LabelWeight;
}

/** A labelled select of a list's toolbar. */
export function FilterSelect<V extends string | number>({ label, width = '200px', labelWeight, ...control }: FilterSelectProps<V>) {
  return (
    <Field.Root width={width}>
      <Field.Label fontSize="sm" fontWeight={labelWeight}>
        {label}
      </Field.Label>
      <FilterSelectControl {...control} />
    </Field.Root>
  );
}

/** All / active / inactive; the labels default to the admin part's Semua / Aktif / Tidak aktif. */
export function StatusFilter({
  allLabel,
  activeLabel,
  inactiveLabel,
  width = '160px',
  ...rest
}: Omit<FilterSelectProps<ActiveStatus>, 'options' | 'allLabel' | 'width'> & {
  allLabel?: string;
  activeLabel?: string;
  inactiveLabel?: string;
  width?: Width;
}) {
  const t = useT();
  return (
    <FilterSelect
      {...rest}
      width={width}
      allLabel={allLabel ?? t('admin.all')}
      options={[
        { value: 'active', label: activeLabel ?? t('admin.active') },
        { value: 'inactive', label: inactiveLabel ?? t('admin.inactive') },
      ]}
    />
  );
}

export interface SectionChoice {
  pkSectionId: number;
  sectionName: string;
  description?: string | null;
}

/** '{sectionName}{separator}{description}', or the name alone when the separator is null. */
export function sectionOptions(sections: readonly SectionChoice[] | undefined, separator: string | null = ' — '): FilterOption<number>[] {
  return (sections ?? []).map((s) => ({
    value: s.pkSectionId,
    label: separator === null ? s.sectionName : `${s.sectionName}${separator}${s.description ?? ''}`,
  }));
}

/** The section filter: '{sectionName} — {description}' options (or another separator, or the name alone). */
export function SectionFilter({
  sections,
  separator,
  ...rest
}: Omit<FilterSelectProps<number>, 'options'> & { sections: readonly SectionChoice[] | undefined; separator?: string | null }) {
  return <FilterSelect {...rest} options={sectionOptions(sections, separator)} />;
}

/**
 * The text search of a list: a form whose input keeps its own text (following the URL's value) and hands the trimmed
 * words (undefined when empty) to onSearch when submitted; with `submit`, a search button beside the input; with
 * `commitOnBlur`, leaving a changed input searches too.
 */
export function SearchFilter({
  label,
  value,
  onSearch,
  placeholder,
  testId,
  width = '220px',
  maxLength = 100,
  labelWeight,
  commitOnBlur,
  submit,
}: {
  label: string;
  /** the search in the URL */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  placeholder?: string;
  testId: string;
  width?: Width;
  maxLength?: number;
  labelWeight?: LabelWeight;
  commitOnBlur?: boolean;
  /** the search button: its aria-label and test id */
  submit?: { label: string; testId: string };
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const input = (
    <Input
      bg="bg.panel"
      minH="11"
      value={text}
      maxLength={maxLength}
      placeholder={placeholder}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commitOnBlur ? () => text.trim() !== (value ?? '') && onSearch(text.trim() || undefined) : undefined}
      data-testid={testId}
    />
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <Field.Root width={width}>
        <Field.Label fontSize="sm" fontWeight={labelWeight}>
          {label}
        </Field.Label>
        {submit ? (
          <HStack gap="1">
            {input}
            <Button type="submit" minH="11" variant="outline" aria-label={submit.label} data-testid={submit.testId}>
              <LuSearch />
            </Button>
          </HStack>
        ) : (
          input
        )}
      </Field.Root>
    </form>
  );
}

/** A list's add button ('Tambah …'). */
export function NewButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button colorPalette="brand" minH="11" onClick={onClick} data-testid={testId}>
      <LuCirclePlus /> {label}
    </Button>
  );
}

/** A list toolbar's 'Set semula' button (shown while a filter is set). */
export function FilterReset({ onReset, testId }: { onReset: () => void; testId: string }) {
  const t = useT();
  return (
    <Button variant="ghost" minH="11" onClick={onReset} data-testid={testId}>
      <LuRotateCcw /> {t('admin.reset')}
    </Button>
  );
}

/** A list toolbar's on/off filter ("free only", "needs attention only"). */
export function FlagFilter({
  label,
  checked,
  onChange,
  colorPalette,
  testId,
}: {
  label: string;
  checked: boolean;
  /** true when ticked, undefined when not (the search leaves the flag out) */
  onChange: (value: true | undefined) => void;
  colorPalette?: string;
  testId: string;
}) {
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      checked={checked}
      onCheckedChange={(e) => onChange(e.checked === true ? true : undefined)}
      minH="11"
      alignItems="center"
      colorPalette={colorPalette}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontSize="sm">{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
