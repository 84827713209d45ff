/**
 * /createupdateshift and /createupdateshift/{shiftId}: a shift's name, category, start and end hours (24-hour
 * HH:MM; an end before the start means the shift ends the next day), roster type and state. A shift that rosters
 * or team schedules use is deactivated instead of deleted. Only the national roles (adminShifts) change shifts; the
 * others see them read-only. The record's change history is below.
 */
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Box, Button, DataList, Flex, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { LuArrowLeft, LuMoon, LuTrash2 } from 'react-icons/lu';
import { can } from '@contract/roles';
import { crossesMidnight, HOUR_PATTERN, ShiftSaveSchema, shiftMinutes, type ShiftRow } from '@contract/shifts';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/shifts';
import { useLookup } from '@/lib/lookups';
import { useSession, userRole } from '@/lib/session';
import { AdminForm, CheckboxInput, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { deleteShiftCall, refreshShifts, saveShiftCall, SHIFTS_KEY, shiftCall } from './shifts-api';
import { ActiveBadge, ShiftHours, useDurationText } from './shift-parts';

export function ShiftFormScreen({ shiftId }: { shiftId?: number }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const shift = useQuery({
    queryKey: [SHIFTS_KEY, 'one', user?.userId, shiftId],
    queryFn: () => shiftCall(shiftId!),
    enabled: !!shiftId && shiftId > 0 && !!user,
    // the editor is keyed by the record: a focus refetch would rebuild it and wipe what the user typed
    refetchOnWindowFocus: false,
  });
  const back = (
    <Button variant="outline" minH="11" onClick={() => void navigate({ to: '/listingshift' })} data-testid="shift-back">
      <LuArrowLeft /> {t('shifts.backToList')}
    </Button>
  );
  if (shiftId === undefined) {
    return (
      <Box>
        <PageHeader title={t('shifts.form.newTitle')} subtitle={t('shifts.form.newSubtitle')} actions={back} />
        <ShiftEditor />
      </Box>
    );
  }
  return (
    <Box>
      <PageHeader
        title={shift.data ? shift.data.name : t('shifts.form.editTitle')}
        subtitle={shift.data ? `${t('shifts.col.id')} ${shift.data.pkShiftId}` : undefined}
        actions={back}
      />
      {!(shiftId > 0) ? (
        <ErrorBlock title={t('shifts.notFound')} />
      ) : shift.isPending ? (
        <Stack gap="3" maxW="720px" data-testid="shift-loading">
          <Skeleton h="11" />
          <Skeleton h="11" />
          <Skeleton h="11" />
        </Stack>
      ) : shift.isError ? (
        <ErrorBlock
          title={isApiError(shift.error) && shift.error.status === 404 ? t('shifts.notFound') : t('shifts.loadFailed')}
          message={errorText(shift.error)}
          onRetry={isApiError(shift.error) && shift.error.status === 404 ? undefined : () => void shift.refetch()}
        />
      ) : (
        <ShiftEditor key={`${shift.data.pkShiftId}:${JSON.stringify(shift.data)}`} shift={shift.data} />
      )}
    </Box>
  );
}

function ShiftEditor({ shift }: { shift?: ShiftRow }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession()?.user;
  const mayWrite = can(userRole(user).name, 'adminShifts');
  const categories = useLookup('shiftCategory');
  const rosterTypes = useLookup('jenisRoster');
  const duration = useDurationText();
  const [deleting, setDeleting] = useState(false);
  const [deletePending, setDeletePending] = useState(false);

  const form = useAdminForm(ShiftSaveSchema, {
    pkShiftId: shift?.pkShiftId,
    name: shift?.name ?? '',
    categoryId: shift?.categoryId ?? undefined,
    startHour: shift?.startHour ?? '',
    endHour: shift?.endHour ?? '',
    jenisRosterId: shift?.jenisRosterId ?? undefined,
    isActive: shift?.isActive ?? true,
  });
  const [start, end] = form.watch(['startHour', 'endHour']);
  const hoursOk = HOUR_PATTERN.test(start ?? '') && HOUR_PATTERN.test(end ?? '') && start !== end;
  const night = hoursOk && crossesMidnight(start!, end!);

  const submit = async (values: z.output<typeof ShiftSaveSchema>) => {
    const outcome = await saveShiftCall({ ...values, ...(shift ? { pkShiftId: shift.pkShiftId } : {}) }, `${t('shifts.queueLabel')}: ${values.name}`);
    if (outcome.status === 'sent') notify.success(t('shifts.saved'));
    await refreshShifts(queryClient, shift?.pkShiftId);
    if (!shift) await navigate({ to: '/listingshift' });
  };

  const used = !!shift && shift.rosterCount + shift.scheduleCount > 0;
  const remove = async () => {
    if (!shift) return;
    setDeletePending(true);
    try {
      const outcome = await deleteShiftCall(shift.pkShiftId, `${t('shifts.delete')}: ${shift.name}`);
      if (outcome.status === 'sent') notify.success(t(outcome.answer.outcome === 'deleted' ? 'shifts.deleted' : 'shifts.deactivated'));
      await refreshShifts(queryClient, shift.pkShiftId);
      if (outcome.status === 'queued' || outcome.answer.outcome === 'deleted') await navigate({ to: '/listingshift' });
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setDeletePending(false);
      setDeleting(false);
    }
  };

  const options = (items: { key: number; value: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.key, label: i.value }));

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
      <Panel heading={shift ? t('shifts.form.details') : t('shifts.form.newTitle')}>
        <Box px="4" py="4">
          {!mayWrite ? (
            <Stack gap="4">
              <Alert.Root status="info" rounded="md" data-testid="shift-readonly">
                <Alert.Indicator />
                <Alert.Title>{t('shifts.form.readOnly')}</Alert.Title>
              </Alert.Root>
              {shift && (
                <DataList.Root orientation="horizontal" gap="2.5" data-testid="shift-details">
                  <InfoRow label={t('shifts.col.name')} value={shift.name} />
                  <InfoRow label={t('shifts.col.category')} value={shift.categoryName ?? '—'} />
                  <InfoRow label={t('shifts.col.hours')} value={<ShiftHours {...shift} />} />
                  <InfoRow label={t('shifts.col.duration')} value={duration(shift.durationMinutes)} />
                  <InfoRow label={t('shifts.col.rosterType')} value={shift.jenisRosterName ?? '—'} />
                  <InfoRow label={t('shifts.col.state')} value={<ActiveBadge active={shift.isActive} />} />
                </DataList.Root>
              )}
            </Stack>
          ) : categories.isPending || rosterTypes.isPending ? (
            // the selects need their options before they can show the shift's values
            <Stack gap="3" data-testid="shift-form-loading">
              <Skeleton h="11" />
              <Skeleton h="11" />
              <Skeleton h="11" />
            </Stack>
          ) : categories.isError || rosterTypes.isError ? (
            <ErrorBlock
              title={t('shifts.lookupFailed')}
              message={errorText(categories.error ?? rosterTypes.error)}
              onRetry={() => {
                void categories.refetch();
                void rosterTypes.refetch();
              }}
            />
          ) : (
            <AdminForm
              form={form}
              onSubmit={submit}
              onCancel={() => void navigate({ to: '/listingshift' })}
              testId="shift-form"
              extraActions={
                shift ? (
                  <Button
                    variant="outline"
                    colorPalette="red"
                    minH="11"
                    onClick={() => setDeleting(true)}
                    disabled={!shift.isActive && used}
                    data-testid="shift-delete"
                  >
                    <LuTrash2 /> {t(used ? 'shifts.deactivate' : 'shifts.delete')}
                  </Button>
                ) : undefined
              }
            >
              <TextInput
                form={form}
                name="name"
                label={t('shifts.col.name')}
                required
                maxLength={100}
                placeholder={t('shifts.form.namePlaceholder')}
                testId="shift-name"
              />
              <Flex gap="4" wrap="wrap">
                <SelectInput
                  form={form}
                  name="categoryId"
                  label={t('shifts.col.category')}
                  required
                  options={options(categories.data)}
                  placeholder={t('shifts.form.choose')}
                  testId="shift-category"
                  width="220px"
                />
                <SelectInput
                  form={form}
                  name="jenisRosterId"
                  label={t('shifts.col.rosterType')}
                  required
                  options={options(rosterTypes.data)}
                  placeholder={t('shifts.form.choose')}
                  testId="shift-roster-type"
                  width="260px"
                />
              </Flex>
              <Flex gap="4" wrap="wrap">
                <TextInput
                  form={form}
                  name="startHour"
                  label={t('shifts.form.start')}
                  required
                  placeholder="HH:MM"
                  maxLength={5}
                  inputMode="numeric"
                  autoComplete="off"
                  testId="shift-start"
                  width="180px"
                />
                <TextInput
                  form={form}
                  name="endHour"
                  label={t('shifts.form.end')}
                  required
                  placeholder="HH:MM"
                  maxLength={5}
                  inputMode="numeric"
                  autoComplete="off"
                  testId="shift-end"
                  width="180px"
                  helper={hoursOk ? t('shifts.form.length', { d: duration(shiftMinutes(start!, end!)) }) : t('shifts.form.hourHint')}
                />
              </Flex>
              {night && (
                <Alert.Root status="info" rounded="md" data-testid="shift-night-hint">
                  <Alert.Indicator>
                    <LuMoon />
                  </Alert.Indicator>
                  <Alert.Title>{t('shifts.form.nightHint', { start: start!, end: end! })}</Alert.Title>
                </Alert.Root>
              )}
              {shift && <CheckboxInput form={form} name="isActive" label={t('shifts.form.activeLabel')} testId="shift-active-toggle" />}
            </AdminForm>
          )}
        </Box>
      </Panel>

      <Stack gap="5">
        {shift && (
          <Panel heading={t('shifts.form.usage')}>
            <DataList.Root orientation="horizontal" px="4" py="4" gap="2.5" data-testid="shift-usage">
              <InfoRow label={t('shifts.form.rosters')} value={shift.rosterCount} />
              <InfoRow label={t('shifts.form.schedules')} value={shift.scheduleCount} />
              <InfoRow label={t('shifts.col.state')} value={<ActiveBadge active={shift.isActive} />} />
            </DataList.Root>
          </Panel>
        )}
        {shift && (
          <ChangeHistory
            entity="shift"
            id={shift.pkShiftId}
            labels={{
              name: t('shifts.col.name'),
              category: t('shifts.col.category'),
              startHour: t('shifts.form.start'),
              endHour: t('shifts.form.end'),
              rosterType: t('shifts.col.rosterType'),
              isActive: t('shifts.col.state'),
            }}
          />
        )}
      </Stack>

      <ConfirmDialog
        open={deleting}
        title={t(used ? 'shifts.deactivateTitle' : 'shifts.deleteTitle')}
        message={
          shift
            ? used
              ? t('shifts.deactivateMessage', { rosters: shift.rosterCount, schedules: shift.scheduleCount })
              : t('shifts.deleteMessage', { name: shift.name })
            : undefined
        }
        confirmLabel={t(used ? 'shifts.deactivate' : 'shifts.delete')}
        cancelLabel={t('shifts.cancel')}
        colorPalette="red"
        pending={deletePending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="shift-delete-confirm"
      />
    </Grid>
  );
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="150px">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
