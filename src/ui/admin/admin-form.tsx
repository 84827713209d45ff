/**
 * The administration kit's form (issues #14, #15, #16): react-hook-form validated by the area's contract schema
 * (the same zod schema the server validates the request with), Malay field errors, Simpan/Batal, a pending state.
 * A refusal from the server lands where it belongs: its `field` on that field (the message without the
 * 'Input tidak sah: field —' prefix), anything else in an alert above the buttons. The typed values stay.
 */
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Button, Checkbox, Field, Flex, Input, NativeSelect, Stack, Textarea, type InputProps } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { LuSave } from 'react-icons/lu';
import { serverText, useLanguage, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/admin';
import { errorText, isApiError } from '@/lib/api';

/** react-hook-form on a contract schema: the input type is what the form holds, the output what is sent. */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's generics do not follow a generic schema
    resolver: zodResolver(schema as any) as any,
    defaultValues,
    mode: 'onTouched',
  });
}

/** The server's message for a field, without the 'Input tidak sah: field — ' it carries for other clients. */
export const fieldMessage = (message: string, field: string) =>
  message.replace(new RegExp(`^Input tidak sah: ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `), '');

export function AdminForm<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onCancel,
  submitLabel,
  extraActions,
  children,
  testId,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** sends the values; throws the server's refusal (ApiError, with `field` when it names one) */
  onSubmit: (values: TOut) => Promise<void>;
  onCancel?: () => void;
  submitLabel?: string;
  /** more buttons on the left of the footer (Padam, Nyahaktifkan) */
  extraActions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const t = useT();
  // the failure as it happened ('fix' the fields, or the server's error), shown in the language of the moment
  const [error, setError] = useState<{ fix: true } | { err: unknown } | null>(null);
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        await onSubmit(values);
      } catch (err) {
        if (isApiError(err) && err.field && err.field in form.getValues()) {
          form.setError(err.field as Path<TIn>, { type: 'server', message: fieldMessage(err.statusMsg, err.field) }, { shouldFocus: true });
          setError({ fix: true });
        } else {
          setError({ err });
        }
      }
    },
    () => setError({ fix: true }),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={testId}>
      <Stack gap="4">{children}</Stack>
      {error && (
        <Alert.Root status="error" mt="4" rounded="md" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Title>{'fix' in error ? t('admin.fixFields') : errorText(error.err)}</Alert.Title>
        </Alert.Root>
      )}
      <Flex mt="5" gap="3" wrap="wrap" align="center">
        {extraActions}
        <Flex ms="auto" gap="3">
          {onCancel && (
            <Button variant="outline" minH="11" minW="24" onClick={onCancel} disabled={submitting} data-testid={`${testId}-cancel`}>
              {t('admin.cancel')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" minH="11" minW="28" loading={submitting} data-testid={`${testId}-submit`}>
            <LuSave /> {submitLabel ?? t('admin.save')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/**
 * One labelled field with its error (react-hook-form's or the server's, kept as the server or the schema wrote it and
 * shown in the current language) and an optional hint.
 */
export function FormField({
  label,
  error,
  required,
  helper,
  children,
  width,
}: {
  label: string;
  error?: string;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
  width?: string;
}) {
  const lang = useLanguage();
  return (
    <Field.Root required={required} invalid={!!error} width={width}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{serverText(error, lang)}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** A text input registered on the form, with its label and error. */
export function TextInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  required,
  helper,
  testId,
  width,
  ...rest
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  testId?: string;
  width?: string;
} & Omit<InputProps, 'name' | 'form' | 'width'>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField label={label} error={error} required={required} helper={helper} width={width}>
      <Input bg="bg.panel" minH="11" {...rest} {...form.register(name)} data-testid={testId} />
    </FormField>
  );
}

/** A multi-line text input registered on the form. */
export function TextAreaInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  helper,
  rows = 3,
  testId,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  helper?: ReactNode;
  rows?: number;
  testId?: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField label={label} error={error} helper={helper}>
      <Textarea recipe={textareaRecipe} bg="bg.panel" rows={rows} {...form.register(name)} data-testid={testId} />
    </FormField>
  );
}

/**
 * A select registered on the form. Its options' values are numbers or strings; `numeric` makes the form hold a number
 * (or null for the empty choice), as the contract schemas expect ids.
 */
export function SelectInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  options,
  placeholder,
  required,
  numeric = true,
  helper,
  disabled,
  testId,
  width,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  options: { value: string | number; label: string }[];
  placeholder?: string;
  required?: boolean;
  numeric?: boolean;
  helper?: ReactNode;
  disabled?: boolean;
  testId?: string;
  width?: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField label={label} error={error} required={required} helper={helper} width={width}>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" disabled={disabled}>
        <NativeSelect.Field
          bg="bg.panel"
          minH="11"
          {...form.register(name, { setValueAs: (v: string) => (numeric ? (v === '' || v === null || v === undefined ? null : Number(v)) : v) })}
          data-testid={testId}
        >
          <option value="">{placeholder ?? '—'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * A checkbox bound to a boolean field of the form ("Aktif"): a value that is not `false` shows checked. With
 * `fieldLabel` it stands under a field label, with the field's error and an optional hint.
 */
export function CheckboxInput<TIn extends FieldValues, TOut>({
  form,
  name,
  label,
  fieldLabel,
  helper,
  testId,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  name: Path<TIn>;
  label: string;
  fieldLabel?: string;
  helper?: ReactNode;
  testId?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const box = (
          <Checkbox.Root
            recipe={checkboxSlotRecipe}
            checked={field.value !== false}
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
        );
        return fieldLabel ? (
          <FormField label={fieldLabel} error={fieldState.error?.message} helper={helper}>
            {box}
          </FormField>
        ) : (
          box
        );
      }}
    />
  );
}
