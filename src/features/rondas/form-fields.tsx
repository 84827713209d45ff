/**
 * Form pieces the rondas screens need beyond the admin kit's: a number input (the form holds a number, or
 * undefined when empty, as the contract schemas expect) and a checkbox bound to a boolean field.
 */
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Input, Skeleton } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { FormField } from '@/ui/admin/admin-form';

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

export function NumberInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  required,
  helper,
  step = '0.1',
  placeholder,
  testId,
  width,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  step?: string;
  placeholder?: string;
  testId?: string;
  width?: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField label={label} error={error} required={required} helper={helper} width={width}>
      <Input
        bg="white"
        minH="11"
        type="number"
        inputMode="decimal"
        step={step}
        placeholder={placeholder}
        {...form.register(name, { setValueAs: toNumber })}
        data-testid={testId}
      />
    </FormField>
  );
}

export function CheckboxInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  testId,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  testId?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          recipe={checkboxSlotRecipe}
          checked={field.value === true}
          onCheckedChange={(d) => field.onChange(d.checked === true)}
          colorPalette="brand"
          minH="11"
          alignSelf="flex-start"
          data-testid={testId}
        >
          <Checkbox.HiddenInput onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm">{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

/**
 * A select waits for its options: a native select registered before its options arrive would show the empty choice
 * while the form holds a value (react-hook-form sets the element's value once, when it registers it).
 */
export function OptionsPending({ label, pending, children }: { label: string; pending: boolean; children: ReactNode }) {
  if (!pending) return <>{children}</>;
  return (
    <FormField label={label}>
      <Skeleton h="11" w="full" rounded="md" />
    </FormField>
  );
}
