import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  colorPalette?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/** The dialog itself (loaded when first opened, or when the browser is idle: confirm-dialog.tsx). */
export function ConfirmDialogImpl({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  colorPalette = 'brand',
  pending = false,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && !pending && onCancel()}
      placement="center"
      role="alertdialog"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="500px" mx="4" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title ?? t('incident.dialog.sure')}</Dialog.Title>
            </Dialog.Header>
            {message && (
              <Dialog.Body>
                <Text color="fg.muted">{message}</Text>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={onCancel} disabled={pending} data-testid={`${testId}-no`}>
                {cancelLabel ?? t('incident.dialog.no')}
              </Button>
              <Button colorPalette={colorPalette} minH="11" minW="24" onClick={onConfirm} loading={pending} data-testid={`${testId}-yes`}>
                {confirmLabel ?? t('incident.dialog.yes')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
