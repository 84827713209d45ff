/**
 * /createleave and /createleave/{leaveId}: record a staff member's leave (type, from, to, remark) or edit one still
 * requested. As soon as the person and the dates are chosen, the rosters the leave would meet are listed (and any
 * other leave of the person it would overlap, which the server refuses). A requested leave is approved or rejected
 * here too (not one's own), or deleted; a decided one is shown as it is. The record's change history is below.
 */
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, DataList, Flex, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuCalendarOff, LuCheck, LuTrash2, LuX } from 'react-icons/lu';
import { Controller } from 'react-hook-form';
import { DATE_MESSAGES } from '@contract/date-rules';
import { LEAVE_REMARK_MAX, LEAVE_TYPES, LeaveSaveSchema, leaveDays, type LeaveRow } from '@contract/leave';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/leave';
import { useSession } from '@/lib/session';
import { formatDateTime, isIsoDate } from '@/lib/time';
import { AdminForm, SelectInput, TextAreaInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { DecideDialog, type Decision } from './decide-dialog';
import { checkLeaveCall, deleteLeaveCall, LEAVE_KEY, leaveCall, refreshLeave, saveLeaveCall } from './leave-api';
import { LeaveConflictsWarning, LeaveStatusBadge, leaveRange } from './leave-parts';
import { StaffPicker } from './staff-picker';

/** Field names of the history, in the user's words. */
function useHistoryLabels(): Record<string, string> {
  const t = useT();
  return {
    staff: t('leave.form.staff'),
    leaveType: t('leave.form.type'),
    dateFrom: t('leave.form.from'),
    dateTo: t('leave.form.to'),
    remark: t('leave.form.remark'),
    status: t('leave.col.status'),
    approver: t('leave.col.approver'),
    rosterAction: t('leave.history.rosterAction'),
    releasedRosters: t('leave.history.released'),
  };
}

export function LeaveFormScreen({ leaveId }: { leaveId?: number }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const leave = useQuery({
    queryKey: [LEAVE_KEY, 'one', user?.userId, leaveId],
    queryFn: () => leaveCall(leaveId!),
    enabled: !!leaveId && leaveId > 0 && !!user,
    // the editor is keyed by the record: a focus refetch would rebuild it and wipe what the user typed
    refetchOnWindowFocus: false,
  });
  const back = (
    <Button variant="outline" minH="11" onClick={() => void navigate({ to: '/listingleave' })} data-testid="leave-back">
      <LuArrowLeft /> {t('leave.backToList')}
    </Button>
  );

  if (!leaveId) {
    return (
      <Box>
        <PageHeader title={t('leave.form.newTitle')} subtitle={t('leave.form.newSubtitle')} actions={back} />
        <LeaveEditor />
      </Box>
    );
  }
  if (!(leaveId > 0)) {
    return (
      <Box>
        <PageHeader title={t('leave.form.editTitle')} actions={back} />
        <ErrorBlock title={t('leave.notFound')} />
      </Box>
    );
  }
  return (
    <Box>
      <PageHeader
        title={t('leave.form.editTitle')}
        subtitle={
          leave.data ? `${leave.data.displayName} · ${leave.data.leaveTypeName} · ${leaveRange(leave.data.dateFrom, leave.data.dateTo)}` : undefined
        }
        actions={back}
      />
      {leave.isPending ? (
        <Stack gap="3" maxW="720px" data-testid="leave-loading">
          <Skeleton h="11" />
          <Skeleton h="11" />
          <Skeleton h="24" />
        </Stack>
      ) : leave.isError ? (
        <ErrorBlock
          title={isApiError(leave.error) && leave.error.status === 404 ? t('leave.notFound') : t('leave.loadFailed')}
          message={errorText(leave.error)}
          onRetry={isApiError(leave.error) && leave.error.status === 404 ? undefined : () => void leave.refetch()}
        />
      ) : (
        <LeaveEditor key={`${leave.data.pkLeaveId}:${leave.data.updatedAt}`} leave={leave.data} />
      )}
    </Box>
  );
}

function LeaveEditor({ leave }: { leave?: LeaveRow }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession()?.user;
  const labels = useHistoryLabels();
  const editable = !leave || leave.status === 'requested';
  const own = !!leave && leave.pkStaffId === user?.pkStaffId;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deletePending, setDeletePending] = useState(false);

  const form = useAdminForm(LeaveSaveSchema, {
    pkLeaveId: leave?.pkLeaveId,
    pkStaffId: leave?.pkStaffId,
    leaveTypeId: leave?.leaveTypeId,
    dateFrom: leave?.dateFrom ?? '',
    dateTo: leave?.dateTo ?? '',
    remark: leave?.remark ?? '',
  });
  const [staffId, from, to] = form.watch(['pkStaffId', 'dateFrom', 'dateTo']);
  const datesOk = !!from && !!to && isIsoDate(from) && isIsoDate(to) && to >= from;
  const check = useQuery({
    queryKey: [LEAVE_KEY, 'check', user?.userId, staffId, from, to, leave?.pkLeaveId],
    queryFn: () => checkLeaveCall({ pkStaffId: staffId!, dateFrom: from!, dateTo: to!, ...(leave ? { pkLeaveId: leave.pkLeaveId } : {}) }),
    enabled: editable && !!user && !!staffId && datesOk,
    staleTime: 15_000,
  });

  const dateError = (name: 'dateFrom' | 'dateTo') => {
    const e = form.getFieldState(name, form.formState).error?.message;
    const v = form.getValues(name);
    return e && !v && e === DATE_MESSAGES.format ? t('leave.form.dateRequired') : e;
  };

  const submit = async (values: z.output<typeof LeaveSaveSchema>) => {
    const label = `${t('leave.queueLabel')}: ${leaveRange(values.dateFrom, values.dateTo)}`;
    const outcome = await saveLeaveCall({ ...values, ...(leave ? { pkLeaveId: leave.pkLeaveId } : {}) }, label);
    if (outcome.status === 'sent') notify.success(t('leave.saved'));
    await refreshLeave(queryClient, leave?.pkLeaveId);
    if (!leave) await navigate({ to: '/listingleave' });
  };

  const remove = async () => {
    if (!leave) return;
    setDeletePending(true);
    try {
      const outcome = await deleteLeaveCall(
        leave.pkLeaveId,
        `${t('leave.delete')}: ${leave.displayName} ${leaveRange(leave.dateFrom, leave.dateTo)}`,
      );
      if (outcome.status === 'sent') notify.success(t('leave.deleted'));
      await refreshLeave(queryClient);
      await navigate({ to: '/listingleave' });
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setDeletePending(false);
      setDeleting(false);
    }
  };

  const initialStaff = leave
    ? {
        pkStaffId: leave.pkStaffId,
        staffNo: leave.staffNo,
        displayName: leave.displayName,
        position: leave.position,
        pkSectionId: leave.pkSectionId,
        sectionName: leave.sectionName,
      }
    : undefined;
  const conflicts = editable
    ? (check.data?.conflicts ?? (leave && from === leave.dateFrom && to === leave.dateTo ? leave.conflicts : []))
    : (leave?.conflicts ?? []);
  const overlapping = editable ? (check.data?.overlapping ?? []) : [];

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        {leave && (
          <Panel heading={t('leave.form.decision')}>
            <DataList.Root orientation="horizontal" px="4" py="4" gap="2.5" data-testid="leave-decision">
              <InfoRow label={t('leave.col.status')} value={<LeaveStatusBadge status={leave.status} />} />
              <InfoRow
                label={t('leave.col.approver')}
                value={leave.approver ? `${leave.approver.displayName} · ${formatDateTime(leave.decidedAt)}` : '—'}
              />
              <InfoRow label={t('leave.form.recordedBy')} value={`${leave.createdBy.displayName} · ${formatDateTime(leave.createdAt)}`} />
              {leave.releasedRosterIds.length > 0 && (
                <InfoRow label={t('leave.history.released')} value={t('leave.releasedN', { n: leave.releasedRosterIds.length })} />
              )}
            </DataList.Root>
            {leave.status === 'requested' && (
              <Flex px="4" pb="4" gap="3" wrap="wrap">
                {own ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="leave-own">
                    {t('leave.ownLeaveHint')}
                  </Text>
                ) : (
                  <>
                    <Button colorPalette="green" minH="11" onClick={() => setDeciding('approved')} data-testid="leave-approve">
                      <LuCheck /> {t('leave.approve')}
                    </Button>
                    <Button colorPalette="red" variant="outline" minH="11" onClick={() => setDeciding('rejected')} data-testid="leave-reject">
                      <LuX /> {t('leave.reject')}
                    </Button>
                  </>
                )}
              </Flex>
            )}
          </Panel>
        )}

        <Panel heading={leave ? t('leave.form.details') : t('leave.form.newTitle')}>
          <Box px="4" py="4">
            {!editable && leave ? (
              <Stack gap="4">
                <Alert.Root status="info" rounded="md" data-testid="leave-readonly">
                  <Alert.Indicator />
                  <Alert.Title>{t('leave.form.readOnly')}</Alert.Title>
                </Alert.Root>
                <DataList.Root orientation="horizontal" gap="2.5" data-testid="leave-details">
                  <InfoRow
                    label={t('leave.form.staff')}
                    value={`${leave.displayName} (${leave.staffNo}) · ${leave.sectionName} · ${leave.position}`}
                  />
                  <InfoRow label={t('leave.form.type')} value={leave.leaveTypeName} />
                  <InfoRow
                    label={t('leave.col.dates')}
                    value={`${leaveRange(leave.dateFrom, leave.dateTo)} · ${t('leave.daysN', { n: leave.days })}`}
                  />
                  <InfoRow label={t('leave.form.remark')} value={leave.remark || '—'} />
                </DataList.Root>
              </Stack>
            ) : (
              <AdminForm
                form={form}
                onSubmit={submit}
                onCancel={() => void navigate({ to: '/listingleave' })}
                testId="leave-form"
                extraActions={
                  leave ? (
                    <Button variant="outline" colorPalette="red" minH="11" onClick={() => setDeleting(true)} data-testid="leave-delete">
                      <LuTrash2 /> {t('leave.delete')}
                    </Button>
                  ) : undefined
                }
              >
                <Controller
                  control={form.control}
                  name="pkStaffId"
                  render={({ field, fieldState }) => (
                    <StaffPicker
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? undefined)}
                      initial={initialStaff}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <SelectInput
                  form={form}
                  name="leaveTypeId"
                  label={t('leave.form.type')}
                  required
                  options={LEAVE_TYPES.map((lt) => ({ value: lt.key, label: lt.value }))}
                  placeholder={t('leave.form.typeChoose')}
                  testId="leave-type"
                />
                <Flex gap="4" wrap="wrap" align="flex-start">
                  <Controller
                    control={form.control}
                    name="dateFrom"
                    render={({ field }) => (
                      <Stack gap="1">
                        <DateField
                          label={`${t('leave.form.from')} *`}
                          value={field.value ?? ''}
                          onChange={(v) => field.onChange(v)}
                          testId="leave-from"
                          width="220px"
                        />
                        <FieldNote error={dateError('dateFrom')} />
                      </Stack>
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="dateTo"
                    render={({ field }) => (
                      <Stack gap="1">
                        <DateField
                          label={`${t('leave.form.to')} *`}
                          value={field.value ?? ''}
                          onChange={(v) => field.onChange(v)}
                          testId="leave-to"
                          width="220px"
                        />
                        <FieldNote error={dateError('dateTo')} note={datesOk ? t('leave.daysN', { n: leaveDays(from!, to!) }) : undefined} />
                      </Stack>
                    )}
                  />
                </Flex>
                <TextAreaInput
                  form={form}
                  name="remark"
                  label={t('leave.form.remark')}
                  helper={t('leave.form.remarkHint', { n: LEAVE_REMARK_MAX })}
                  testId="leave-remark"
                />
              </AdminForm>
            )}
          </Box>
        </Panel>
      </Stack>

      <Stack gap="5">
        <Panel
          heading={
            <Flex align="center" gap="2">
              <LuCalendarOff /> {t('leave.form.rosterCheck')}
            </Flex>
          }
        >
          <Stack px="4" py="4" gap="3" data-testid="leave-check">
            {!staffId || !datesOk ? (
              <Text fontSize="sm" color="fg.muted">
                {t('leave.form.checkHint')}
              </Text>
            ) : check.isPending && editable ? (
              <Skeleton h="16" />
            ) : check.isError ? (
              <ErrorBlock title={t('leave.form.checkFailed')} message={errorText(check.error)} onRetry={() => void check.refetch()} />
            ) : (
              <>
                {overlapping.length > 0 && (
                  <Alert.Root status="error" rounded="md" data-testid="leave-overlap">
                    <Alert.Indicator />
                    <Box>
                      <Alert.Title>{t('leave.form.overlap')}</Alert.Title>
                      <Alert.Description fontSize="sm">
                        {overlapping
                          .map((o) => `${o.leaveTypeName} ${leaveRange(o.dateFrom, o.dateTo)} (${t(`leave.status.${o.status}`)})`)
                          .join('; ')}
                      </Alert.Description>
                    </Box>
                  </Alert.Root>
                )}
                {conflicts.length > 0 ? (
                  <LeaveConflictsWarning
                    conflicts={conflicts}
                    hint={editable ? t('leave.form.conflictHint') : leave?.status === 'approved' ? t('leave.form.conflictKept') : undefined}
                  />
                ) : (
                  <Alert.Root status="success" rounded="md" data-testid="leave-no-conflicts">
                    <Alert.Indicator />
                    <Alert.Title>{leave?.status === 'rejected' ? t('leave.form.rejectedNoConflicts') : t('leave.form.noConflicts')}</Alert.Title>
                  </Alert.Root>
                )}
              </>
            )}
          </Stack>
        </Panel>
        {leave && <ChangeHistory entity="leave" id={leave.pkLeaveId} labels={labels} />}
      </Stack>

      <DecideDialog leave={deciding ? (leave ?? null) : null} decision={deciding ?? 'approved'} onClose={() => setDeciding(null)} />
      <ConfirmDialog
        open={deleting}
        title={t('leave.deleteTitle')}
        message={leave ? `${leave.displayName} · ${leave.leaveTypeName} · ${leaveRange(leave.dateFrom, leave.dateTo)}` : undefined}
        confirmLabel={t('leave.delete')}
        cancelLabel={t('leave.cancel')}
        colorPalette="red"
        pending={deletePending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="leave-delete-confirm"
      />
    </Grid>
  );
}

/** The error of a date field (in red), else its note. */
function FieldNote({ error, note }: { error?: string; note?: string }) {
  if (!error && !note) return null;
  return (
    <Text fontSize="xs" color={error ? 'fg.error' : 'fg.muted'} data-testid={error ? 'field-error' : undefined}>
      {error ?? note}
    </Text>
  );
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="130px">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
