/**
 * The full-screen case dialog (issue #6, §4.4: opening a notification shows its incident without leaving the
 * screen the operator is on). The case view loads on first use.
 */
import { lazy, Suspense } from 'react';
import { Box, CloseButton, Dialog, Flex, Heading, Portal, Spinner } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { closeCaseDialog, useCaseDialog } from '@/lib/case-dialog';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/comms';

const CaseView = lazy(() => import('./case-view').then((m) => ({ default: m.CaseView })));

export function CaseDialog() {
  const t = useT();
  const incidentId = useCaseDialog();
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={incidentId !== null}
      onOpenChange={(e) => !e.open && closeCaseDialog()}
      size="full"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="case-dialog" data-incident-id={incidentId ?? ''}>
            <Dialog.Header>
              <Flex align="center" justify="space-between" w="full" gap="3">
                {/* the dialog's title: it names the dialog (aria-labelledby) */}
                <Dialog.Title asChild>
                  <Heading as="h2" size="md" color="brand.ink">
                    {t('comms.caseDialog.title')}
                  </Heading>
                </Dialog.Title>
                <Dialog.CloseTrigger asChild position="static">
                  <CloseButton size="md" aria-label={t('app.close')} data-testid="case-dialog-close" />
                </Dialog.CloseTrigger>
              </Flex>
            </Dialog.Header>
            <Dialog.Body bg="surface.page">
              <Box maxW="1680px" mx="auto">
                {incidentId !== null && (
                  <Suspense fallback={<Spinner m="6" />}>
                    <CaseView incidentId={incidentId} />
                  </Suspense>
                )}
              </Box>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
