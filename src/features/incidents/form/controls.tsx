/** Small form controls of the incident form: a native select over numeric ids, a read-only value, a radio list. */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Field, Flex, Input, NativeSelect, RadioGroup, Skeleton, Text } from '@chakra-ui/react';
import { idFromInput } from './model';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group';

export interface Option {
  value: number;
  label: string;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  disabled,
  required,
  invalid,
  error,
  helper,
  loading,
  testId,
  allowEmpty = true,
  readOnly,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  options: readonly Option[];
  placeholder: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  error?: string;
  helper?: ReactNode;
  loading?: boolean;
  testId?: string;
  /** the placeholder stays selectable (to clear an optional choice) */
  allowEmpty?: boolean;
  /** part of a read-only form: an empty value shows as '-' rather than as a prompt */
  readOnly?: boolean;
}) {
  // a saved value whose option is not (yet) in the list still shows as chosen, not as the placeholder
  const known = value === null || options.some((o) => o.value === value);
  return (
    <Field.Root required={required} invalid={invalid || !!error} disabled={disabled}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {loading ? (
        <Skeleton h="11" w="full" rounded="md" data-pending="" />
      ) : (
        <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="lg" disabled={disabled}>
          <NativeSelect.Field
            bg={disabled ? 'bg.subtle' : 'bg.panel'}
            value={value === null ? '' : String(value)}
            onChange={(e) => onChange(idFromInput(e.currentTarget.value))}
            data-testid={testId}
            aria-label={label}
          >
            <option value="" disabled={!allowEmpty && value !== null}>
              {readOnly && value === null ? '-' : placeholder}
            </option>
            {!known && <option value={String(value)}>#{value}</option>}
            {options.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** A value shown as a field that cannot be changed (Report By, Date/Time, ticket numbers). */
export function ReadOnlyField({ label, value, testId, helper }: { label: string; value: string; testId?: string; helper?: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
      </Field.Label>
      <Input size="lg" variant="subtle" readOnly value={value} data-testid={testId} tabIndex={-1} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** A radio list over numeric ids (lookup options), with a way to clear the choice. */
export function RadioField({
  label,
  value,
  onChange,
  options,
  disabled,
  loading,
  testId,
  clearLabel,
  columns = 2,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  options: readonly Option[];
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
  clearLabel?: string;
  columns?: 1 | 2 | 3;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Flex w="full" align="center" justify="space-between" gap="2">
        <Field.Label fontSize="sm" fontWeight="semibold" color="fg" id={testId ? `${testId}-label` : undefined}>
          {label}
        </Field.Label>
        {clearLabel && value !== null && !disabled && (
          <Button size="xs" variant="ghost" minH="11" onClick={() => onChange(null)} data-testid={testId ? `${testId}-clear` : undefined}>
            {clearLabel}
          </Button>
        )}
      </Flex>
      {loading ? (
        <Skeleton h="11" w="full" rounded="md" data-pending="" />
      ) : (
        <RadioGroup.Root
          recipe={radioGroupSlotRecipe}
          value={value === null ? null : String(value)}
          onValueChange={(d) => onChange(d.value ? idFromInput(d.value) : null)}
          disabled={disabled}
          colorPalette="brand"
          w="full"
          aria-labelledby={testId ? `${testId}-label` : undefined}
          data-testid={testId}
        >
          <Flex
            display="grid"
            gridTemplateColumns={{
              base: '1fr',
              sm: columns === 1 ? '1fr' : 'repeat(2, minmax(0, 1fr))',
              xl: `repeat(${columns}, minmax(0, 1fr))`,
            }}
            gap="1"
            w="full"
          >
            {options.map((o) => (
              <RadioGroup.Item
                key={o.value}
                value={String(o.value)}
                minH="11"
                px="3"
                rounded="md"
                borderWidth="1px"
                borderColor={value === o.value ? 'brand.300' : 'border'}
                bg={value === o.value ? 'brand.subtle' : disabled ? 'bg.subtle' : 'bg.panel'}
                cursor={disabled ? 'default' : 'pointer'}
                data-testid={testId ? `${testId}-${o.value}` : undefined}
              >
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText fontSize="sm">{o.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      )}
    </Field.Root>
  );
}

/** Yes / No radio over a nullable boolean ('Alih Tempat Yang Selamat?'). */
export function YesNoField({
  label,
  value,
  onChange,
  yes,
  no,
  disabled,
  testId,
}: {
  label: string;
  value: boolean | null;
  onChange: (v: boolean) => void;
  yes: string;
  no: string;
  disabled?: boolean;
  testId?: string;
}) {
  const current = value === null ? null : value ? 'true' : 'false';
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg" id={testId ? `${testId}-label` : undefined}>
        {label}
      </Field.Label>
      <RadioGroup.Root
        recipe={radioGroupSlotRecipe}
        value={current}
        onValueChange={(d) => d.value && onChange(d.value === 'true')}
        disabled={disabled}
        colorPalette="brand"
        aria-labelledby={testId ? `${testId}-label` : undefined}
        data-testid={testId}
      >
        <Flex gap="2">
          {[
            { v: 'true', l: yes },
            { v: 'false', l: no },
          ].map((o) => (
            <RadioGroup.Item
              key={o.v}
              value={o.v}
              minH="11"
              minW="24"
              px="4"
              rounded="md"
              borderWidth="1px"
              borderColor={current === o.v ? 'brand.300' : 'border'}
              bg={current === o.v ? 'brand.subtle' : disabled ? 'bg.subtle' : 'bg.panel'}
              cursor={disabled ? 'default' : 'pointer'}
              data-testid={testId ? `${testId}-${o.v === 'true' ? 'yes' : 'no'}` : undefined}
            >
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText fontSize="sm">{o.l}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Field.Root>
  );
}

/**
 * Read-only look for a whole form part: disabled controls keep full contrast (a saved case must stay readable);
 * fields disabled by a rule while editing keep Chakra's faded look.
 */
export const readOnlyCss = { '& [data-disabled], & :disabled': { opacity: '1 !important', cursor: 'default' } } as const;

/** A value that settles `ms` after the last change (debounced checks while typing). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function Hint({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'warning' | 'success' | 'error' }) {
  const color = {
    muted: 'fg.muted',
    warning: 'orange.fg',
    success: 'green.fg',
    error: 'red.fg',
  }[tone];
  return (
    <Text fontSize="xs" color={color}>
      {children}
    </Text>
  );
}
