import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { INCIDENT_LIMITS } from '@contract/incident-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';

export interface JustificationDialogProps {
  open: boolean;
  title?: ReactNode;
  description?: ReactNode;
  label?: string;
  placeholder?: string;
  requiredText?: string;
  confirmLabel?: string;
  colorPalette?: string;
  pending?: boolean;
  /** a failure to show under the field (the dialog stays open) */
  error?: string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  testId?: string;
}

/** The dialog itself (loaded when first opened, or when the browser is idle: justification-dialog.tsx). */
export function JustificationDialogImpl({
  open,
  title,
  description,
  label,
  placeholder,
  requiredText,
  confirmLabel,
  colorPalette = 'brand',
  pending = false,
  error,
  onSubmit,
  onCancel,
  testId = 'justification-dialog',
}: JustificationDialogProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldId = useId();
  const max = INCIDENT_LIMITS.justificationMax;

  // a fresh text each time the dialog opens
  useEffect(() => {
    if (open) {
      setText('');
      setTouched(false);
    }
  }, [open]);

  const empty = text.trim().length === 0;
  const submit = () => {
    if (!empty && !pending) onSubmit(text.trim());
  };

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && !pending && onCancel()}
      placement="center"
      size="sm"
      initialFocusEl={() => document.getElementById(fieldId)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="500px" mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title ?? t('incident.dialog.justificationTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {description && (
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {description}
                </Text>
              )}
              <Field.Root required invalid={(touched && empty) || !!error}>
                <Field.Label>
                  {label ?? t('incident.dialog.justificationLabel')} <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  recipe={textareaRecipe}
                  id={fieldId}
                  value={text}
                  maxLength={max}
                  rows={4}
                  autoresize
                  placeholder={placeholder}
                  onChange={(e) => setText(e.currentTarget.value.slice(0, max))}
                  onBlur={() => setTouched(true)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
                  }}
                  data-testid={`${testId}-text`}
                />
                <Field.HelperText display="flex" justifyContent="space-between" gap="3" w="full">
                  <Text as="span" color={empty ? 'red.fg' : 'fg.muted'}>
                    {requiredText ?? t('incident.dialog.justificationRequired')}
                  </Text>
                  <Text as="span" fontVariantNumeric="tabular-nums" data-testid={`${testId}-count`}>
                    {text.length}/{max}
                  </Text>
                </Field.HelperText>
                {error && <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText>}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={onCancel} disabled={pending} data-testid={`${testId}-no`}>
                {t('incident.dialog.no')}
              </Button>
              <Button
                colorPalette={colorPalette}
                minH="11"
                minW="24"
                onClick={submit}
                disabled={empty}
                loading={pending}
                data-testid={`${testId}-yes`}
              >
                {confirmLabel ?? t('incident.dialog.yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
