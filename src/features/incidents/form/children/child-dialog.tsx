/**
 * The add/edit dialog shell of the child lists (§2.8, §9: 600 or 650 px wide): `child-dialog-<list>` with the rule
 * text `child-dialog-error`, and Simpan (`child-dialog-save`) / Batal (`child-dialog-cancel`). The editor checks
 * its rules on Simpan and keeps the dialog open with the rule text when one fails.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';

export function ChildDialog({
  list,
  open,
  title,
  width = 600,
  error,
  onSave,
  onCancel,
  children,
}: {
  list: string;
  open: boolean;
  title: string;
  width?: 600 | 650;
  error: string | null;
  onSave: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onCancel()}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${width}px`} w="full" mx="4" data-testid={`child-dialog-${list}`}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={`child-form-${list}`}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  // the dialog is portalled, but React still bubbles its events to the page's own form (/kesbaru)
                  e.stopPropagation();
                  onSave();
                }}
                onKeyDown={(e) => {
                  // Enter in a text, number, date or time box saves (as a form's implicit submission would)
                  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
                    e.preventDefault();
                    e.stopPropagation();
                    onSave();
                  }
                }}
              >
                <Stack gap="4">{children}</Stack>
              </form>
              {error && (
                <Text mt="4" fontSize="sm" color="red.fg" role="alert" data-testid="child-dialog-error">
                  {error}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={onCancel} data-testid="child-dialog-cancel">
                {t('children.cancel')}
              </Button>
              <Button colorPalette="brand" minH="11" minW="24" onClick={onSave} data-testid="child-dialog-save">
                {t('children.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
