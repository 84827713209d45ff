/**
 * Approve or reject a requested leave. Approving a leave that meets rosters asks what to do with each of them
 * (issue #14 item 3): keep the person on the rosters (the conflict stays visible) or release them (they are off
 * those rosters, which stay). The server refuses an approval with conflicts and no answer (400 rosterAction).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group';
import type { LeaveRow, RosterAction } from '@contract/leave';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/leave';
import { notify } from '@/ui/toaster';
import { decideLeaveCall, refreshLeave } from './leave-api';
import { LeaveConflictsWarning, leaveRange } from './leave-parts';

export type Decision = 'approved' | 'rejected';

export function DecideDialog({ leave, decision, onClose }: { leave: LeaveRow | null; decision: Decision; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<RosterAction | null>(null);
  const [pending, setPending] = useState(false);
  // the failure as it came, shown in the language of the moment
  const [error, setError] = useState<unknown>(null);
  const open = !!leave;
  const asks = decision === 'approved' && !!leave && leave.conflicts.length > 0;

  const close = () => {
    if (pending) return;
    setAction(null);
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!leave || (asks && !action)) return;
    setPending(true);
    setError(null);
    try {
      const label = `${t(decision === 'approved' ? 'leave.approve' : 'leave.reject')}: ${leave.displayName} ${leaveRange(leave.dateFrom, leave.dateTo)}`;
      const outcome = await decideLeaveCall({ pkLeaveId: leave.pkLeaveId, decision, ...(asks && action ? { rosterAction: action } : {}) }, label);
      if (outcome.status === 'sent') notify.success(t(decision === 'approved' ? 'leave.approved' : 'leave.rejected'));
      await refreshLeave(queryClient, leave.pkLeaveId);
      setAction(null);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => !e.open && close()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="650px" mx="4" data-testid="leave-decide-dialog" data-decision={decision}>
            <Dialog.Header>
              <Dialog.Title>{t(decision === 'approved' ? 'leave.decide.approveTitle' : 'leave.decide.rejectTitle')}</Dialog.Title>
            </Dialog.Header>
            {leave && (
              <Dialog.Body>
                <Stack gap="4">
                  <Text>
                    <Text as="span" fontWeight="semibold">
                      {leave.displayName}
                    </Text>{' '}
                    ({leave.staffNo}, {leave.sectionName}) · {leave.leaveTypeName} · {leaveRange(leave.dateFrom, leave.dateTo)} ·{' '}
                    {t('leave.daysN', { n: leave.days })}
                  </Text>
                  {asks && (
                    <>
                      <LeaveConflictsWarning conflicts={leave.conflicts} testId="leave-decide-conflicts" />
                      <Stack gap="2">
                        <Text fontWeight="semibold" fontSize="sm" id="roster-action-label">
                          {t('leave.decide.question', { n: leave.conflicts.length })}
                        </Text>
                        <RadioGroup.Root
                          recipe={radioGroupSlotRecipe}
                          value={action}
                          onValueChange={(d) => setAction((d.value as RosterAction | null) ?? null)}
                          colorPalette="brand"
                          aria-labelledby="roster-action-label"
                          data-testid="leave-roster-action"
                        >
                          <Stack gap="2">
                            {(['release', 'keep'] as const).map((a) => (
                              <RadioGroup.Item
                                key={a}
                                value={a}
                                alignItems="flex-start"
                                px="3"
                                py="2.5"
                                minH="11"
                                rounded="md"
                                borderWidth="1px"
                                borderColor={action === a ? 'brand.300' : 'border'}
                                bg={action === a ? 'brand.subtle' : 'bg.panel'}
                                cursor="pointer"
                                data-testid={`leave-roster-action-${a}`}
                              >
                                <RadioGroup.ItemHiddenInput />
                                <RadioGroup.ItemIndicator mt="0.5" />
                                <Stack gap="0">
                                  <RadioGroup.ItemText fontWeight="medium">{t(`leave.decide.${a}`)}</RadioGroup.ItemText>
                                  <Text fontSize="sm" color="fg.muted">
                                    {t(`leave.decide.${a}Hint`)}
                                  </Text>
                                </Stack>
                              </RadioGroup.Item>
                            ))}
                          </Stack>
                        </RadioGroup.Root>
                      </Stack>
                    </>
                  )}
                  {error != null && (
                    <Alert.Root status="error" rounded="md" data-testid="leave-decide-error">
                      <Alert.Indicator />
                      <Alert.Title>{errorText(error)}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Button variant="outline" minH="11" minW="24" onClick={close} disabled={pending} data-testid="leave-decide-cancel">
                {t('leave.cancel')}
              </Button>
              <Button
                colorPalette={decision === 'approved' ? 'green' : 'red'}
                minH="11"
                minW="28"
                onClick={() => void confirm()}
                loading={pending}
                disabled={asks && !action}
                data-testid="leave-decide-confirm"
              >
                {t(decision === 'approved' ? 'leave.approve' : 'leave.reject')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
