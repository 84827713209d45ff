/**
 * Form pieces the rondas screens need beyond the admin kit's: a number input (the form holds a number, or
 * undefined when empty, as the contract schemas expect) and a select that waits for its options.
 */
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Input, Skeleton } from '@chakra-ui/react';
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
        bg="bg.panel"
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
