/**
 * /createupdateroster/{rosterId} ('baru' for a new roster; §2.1, issue #15 item 1): section, roster type → shift,
 * team → its members with their role on the roster, dates typed dd/mm/yyyy (§5, sent as YYYY-MM-DD), hours (the
 * shift's by default), vehicle (an inactive one is shown, not selectable), device and section phone, remark and alert
 * status. The server's refusal lands on its field (a person on leave or double-booked on the members, a busy vehicle
 * on the vehicle) or in the banner; an existing roster shows its lifecycle, what uses it and its change history.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert, Badge, Box, Button, Checkbox, Flex, Grid, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { LuArrowLeft, LuClipboardList, LuTrash2, LuUsers } from 'react-icons/lu';
import { SEES_ALL_REGIONS, type RoleName } from '@contract/roles';
import {
  ROSTER_REMARK_MAX,
  ROSTER_ROLE,
  RosterFormSchema,
  addIsoDays,
  defaultRosterRole,
  dmyToIso,
  endsNextDay,
  hourMinutes,
  isoToDmy,
  type RosterDetail,
  type RosterFormOptions,
  type RosterFormValues,
  type RosterMemberInput,
} from '@contract/rosters';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/roster';
import '@/lib/i18n/parts/admin';
import { errorText } from '@/lib/api';
import { useLookup, shiftLabel } from '@/lib/lookups';
import { useListedSections } from '@/lib/sections';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay } from '@/lib/time';
import { AdminForm, FormField, TextAreaInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory, historyKey } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { recordGate } from '@/ui/admin/record-gate';
import { notify } from '@/ui/toaster';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { deleteRosterCall, rosterCall, rosterKeys } from './roster-api';
import { formOptionsCall, saveRosterCall, shiftsOfTypeCall } from './roster-form-api';

type Form = UseFormReturn<RosterFormValues, unknown, unknown>;

/** jenisRoster 'Rondaan Biasa': a new roster's type. */
const NORMAL_ROSTER = 3101;
const ROLE_ORDER = [ROSTER_ROLE.LEADER, ROSTER_ROLE.DRIVER, ROSTER_ROLE.PATROLLER, ROSTER_ROLE.TRAINEE];

export function RosterEditScreen({
  rosterId,
  preset,
  onSaved,
  onBack,
}: {
  rosterId: number | 'new';
  preset?: { sectionId?: number; date?: string };
  onSaved: (id: number) => void;
  onBack: () => void;
}) {
  const t = useT();
  const isNew = rosterId === 'new';
  const roster = useQuery({ queryKey: rosterKeys.get(isNew ? 0 : rosterId), queryFn: () => rosterCall(rosterId as number), enabled: !isNew });

  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="roster-back">
      <LuArrowLeft /> {t('rosters.back')}
    </Button>
  );
  const gate = recordGate({
    query: roster,
    isNew,
    testId: 'roster-edit',
    title: t('rosters.edit'),
    failedTitle: t('rosters.loadFailed'),
    actions: back,
    skeletons: ['64', '40'],
  });
  if (gate) return gate;
  const detail = isNew ? null : (roster.data as RosterDetail);
  return (
    <Box data-testid="roster-edit">
      <PageHeader
        title={detail ? `${t('rosters.edit')}: ${detail.dutyRosterName}` : t('rosters.new')}
        subtitle={
          detail ? (
            <HStack gap="2" as="span" wrap="wrap">
              <Badge colorPalette="brand" variant="solid" size="sm">
                {detail.sectionName}
              </Badge>
              <LifecycleBadge lifecycle={detail.lifecycle} testId="roster-lifecycle" />
              <Text as="span">
                {isoDateToDisplay(detail.startDate)} {detail.startHour} – {isoDateToDisplay(detail.endDate)} {detail.endHour}
              </Text>
            </HStack>
          ) : (
            t('rosters.subtitle')
          )
        }
        actions={
          <>
            {detail && (
              <Button asChild variant="outline" minH="11">
                <Link
                  to="/activitylog/$rosterId/$mode"
                  params={{ rosterId: String(detail.pkDutyRosterId), mode: 'view' }}
                  data-testid="roster-activity-link"
                >
                  <LuClipboardList /> {t('rosters.action.activity')}
                </Link>
              </Button>
            )}
            {back}
          </>
        }
      />
      <RosterForm
        key={detail ? `${detail.pkDutyRosterId}:${detail.version}` : 'new'}
        detail={detail}
        preset={preset}
        onSaved={onSaved}
        onBack={onBack}
      />
      {detail && (
        <Box mt="4">
          <ChangeHistory entity="roster" id={detail.pkDutyRosterId} labels={historyLabels(t)} />
        </Box>
      )}
    </Box>
  );
}

const HISTORY_FIELDS: Record<string, TextKey> = {
  dutyRosterName: 'rosters.field.name',
  section: 'rosters.field.section',
  jenisRoster: 'rosters.field.jenisRoster',
  shift: 'rosters.field.shift',
  team: 'rosters.field.team',
  startDate: 'rosters.field.startDate',
  endDate: 'rosters.field.endDate',
  startHour: 'rosters.field.startHour',
  endHour: 'rosters.field.endHour',
  vehicle: 'rosters.field.vehicle',
  deviceNo: 'rosters.field.device',
  phoneNo: 'rosters.field.phone',
  members: 'rosters.field.members',
  remark: 'rosters.field.remark',
  statusAlert: 'rosters.field.statusAlert',
  generatedFrom: 'rosters.field.generatedFrom',
};
const historyLabels = (t: ReturnType<typeof useT>) => Object.fromEntries(Object.entries(HISTORY_FIELDS).map(([k, v]) => [k, t(v)]));

function RosterForm({
  detail,
  preset,
  onSaved,
  onBack,
}: {
  detail: RosterDetail | null;
  preset?: { sectionId?: number; date?: string };
  onSaved: (id: number) => void;
  onBack: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const user = useSession()?.user;
  const seesAll = SEES_ALL_REGIONS.includes(userRole(user).name as RoleName);
  const sections = useListedSections(seesAll ? undefined : user?.section.region.key);
  const jenisRoster = useLookup('jenisRoster');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const form = useAdminForm(RosterFormSchema, {
    pkDutyRosterId: detail?.pkDutyRosterId,
    sectionId: detail?.sectionId ?? preset?.sectionId ?? user?.section.pkSectionId,
    jenisRosterId: detail ? detail.jenisRosterId : NORMAL_ROSTER,
    shiftId: detail?.shiftId,
    teamId: detail?.teamId,
    startDate: isoToDmy(detail?.startDate ?? preset?.date),
    endDate: detail ? isoToDmy(detail.endDate) : '',
    startHour: detail?.startHour ?? '',
    endHour: detail?.endHour ?? '',
    vehicleId: detail?.vehicleId ?? null,
    deviceNoId: detail?.deviceNoId ?? null,
    hpNoSectionId: detail?.hpNoSectionId ?? null,
    members: detail ? detail.members.map((m) => ({ staffId: m.pkStaffId, rosterRoleId: m.rosterRoleId ?? defaultRosterRole(m.position) })) : [],
    remark: detail?.remark ?? '',
    statusAlert: detail?.statusAlert ?? false,
    version: detail?.version,
  }) as unknown as Form;

  const [sectionId, jenisId, shiftId, teamId, startDate, endDate, startHour, endHour] = useWatch({
    control: form.control,
    name: ['sectionId', 'jenisRosterId', 'shiftId', 'teamId', 'startDate', 'endDate', 'startHour', 'endHour'],
  }) as [number | null | undefined, number | null | undefined, number | null | undefined, number | null | undefined, string, string, string, string];
  const vehicleId = useWatch({ control: form.control, name: 'vehicleId' }) as number | null | undefined;

  const options = useQuery({
    queryKey: rosterKeys.options(sectionId ?? 0, detail?.pkDutyRosterId ?? null),
    queryFn: () => formOptionsCall(sectionId!, detail?.pkDutyRosterId ?? null),
    enabled: !!sectionId,
  });
  const shifts = useQuery({ queryKey: rosterKeys.shifts(jenisId ?? 0), queryFn: () => shiftsOfTypeCall(jenisId!), enabled: !!jenisId });

  // a choice made by the user (not the first values of an existing roster) sets what follows from it
  const picked = useRef({ section: false, team: false, shift: false });
  const opts = options.data;
  const team = opts?.teams.find((x) => x.key === teamId);
  useEffect(() => {
    if (!picked.current.team || !team) return;
    picked.current.team = false;
    form.setValue(
      'members',
      team.members.filter((m) => m.isActive).map((m) => ({ staffId: m.pkStaffId, rosterRoleId: m.rosterRoleId ?? defaultRosterRole(m.position) })),
      { shouldValidate: form.formState.isSubmitted },
    );
    if (!form.getValues('vehicleId') && team.vehicleId && opts?.vehicles.some((v) => v.key === team.vehicleId && v.isActive))
      form.setValue('vehicleId', team.vehicleId);
    if (!form.getValues('shiftId') && team.shiftId && shifts.data?.some((s) => s.key === team.shiftId)) {
      form.setValue('shiftId', team.shiftId);
      picked.current.shift = true;
    }
  }, [team, opts, shifts.data, form]);
  const shift = shifts.data?.find((s) => s.key === shiftId);
  useEffect(() => {
    if (!picked.current.shift || !shift) return;
    picked.current.shift = false;
    form.setValue('startHour', shift.startHour);
    form.setValue('endHour', shift.endHour);
  }, [shift, form]);

  // when the section changes, what belongs to the old one goes
  const onSection = () => {
    picked.current.section = true;
    form.setValue('teamId', undefined as never);
    form.setValue('vehicleId', null);
    form.setValue('deviceNoId', null);
    form.setValue('hpNoSectionId', null);
    form.setValue('members', []);
  };

  const submit = async (values: unknown) => {
    const body = values as Parameters<typeof saveRosterCall>[0];
    const label = `${team?.value ?? detail?.teamName ?? ''} ${form.getValues('startDate')}`;
    const outcome = await saveRosterCall(body, label);
    if (outcome.status === 'queued') {
      notify.info(t('rosters.queued'));
      if (!detail) onBack();
      return;
    }
    notify.success(t('rosters.saved', { name: outcome.answer.dutyRosterName }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
      queryClient.invalidateQueries({ queryKey: historyKey('roster', outcome.answer.pkDutyRosterId) }),
    ]);
    onSaved(outcome.answer.pkDutyRosterId);
  };

  const remove = async () => {
    if (!detail) return;
    setDeleting(true);
    try {
      const outcome = await deleteRosterCall(detail.pkDutyRosterId, detail.dutyRosterName, detail.version);
      setConfirmDelete(false);
      if (outcome.status === 'sent') notify.success(t('rosters.deleted', { name: detail.dutyRosterName }));
      await queryClient.invalidateQueries({ queryKey: rosterKeys.all });
      onBack();
    } catch (err) {
      setConfirmDelete(false);
      notify.error(errorText(err));
    } finally {
      setDeleting(false);
    }
  };

  const sectionOptions = (sections.data ?? []).map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} — ${s.description}` }));
  if (detail && !sectionOptions.some((o) => o.value === detail.sectionId))
    sectionOptions.unshift({ value: detail.sectionId, label: detail.sectionName });
  const shiftOptions = (shifts.data ?? []).map((s) => ({
    value: s.key,
    label: `${shiftLabel(s.value)} (${s.description ?? `${s.startHour}–${s.endHour}`})`,
  }));
  if (detail && !shiftOptions.some((o) => o.value === detail.shiftId))
    shiftOptions.unshift({ value: detail.shiftId, label: shiftLabel(detail.shiftName) });
  const teamOptions = (opts?.teams ?? []).map((x) => ({ value: x.key, label: x.isActive ? x.value : `${x.value} (${t('rosters.inactive')})` }));

  // when the roster ends, as the server will compute it (the preview under the dates)
  const ends = useMemo(() => {
    const from = dmyToIso(startDate ?? '');
    const sh = startHour || shift?.startHour || '';
    const eh = endHour || shift?.endHour || '';
    if (!from || hourMinutes(sh) === null || hourMinutes(eh) === null) return null;
    const to = endDate ? dmyToIso(endDate) : endsNextDay(sh, eh) ? addIsoDays(from, 1) : from;
    return to && to >= from ? { from, sh, to, eh } : null;
  }, [startDate, endDate, startHour, endHour, shift]);

  const loadingOptions = !!sectionId && options.isPending;
  // issue #16: the chosen vehicle's "needs attention" (still selectable), else the inactive vehicles' hint
  const pickedVehicle = opts?.vehicles.find((v) => v.key === vehicleId);
  const vehicleHelper = pickedVehicle?.needsAttention
    ? t('rosters.field.vehicleAttention', { reason: pickedVehicle.attentionReason ?? t('rosters.field.vehicleAttentionNoReason') })
    : opts?.vehicles.some((v) => !v.isActive)
      ? t('rosters.field.vehicleInactiveHint')
      : undefined;
  return (
    <>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 7fr) minmax(0, 5fr)' }} gap="4" alignItems="start">
        <Panel heading={t('rosters.details')}>
          <Box p="4">
            <AdminForm
              form={form as never}
              onSubmit={submit}
              onCancel={onBack}
              testId="roster-form"
              extraActions={
                detail && (
                  <Button variant="outline" colorPalette="red" minH="11" onClick={() => setConfirmDelete(true)} data-testid="roster-delete">
                    <LuTrash2 /> {t('rosters.delete')}
                  </Button>
                )
              }
            >
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                <PickSelect
                  form={form}
                  name="sectionId"
                  label={t('rosters.field.section')}
                  required
                  options={sectionOptions}
                  placeholder={sections.isPending ? '…' : t('rosters.field.sectionPlaceholder')}
                  onPicked={onSection}
                  testId="roster-section-input"
                />
                <PickSelect
                  form={form}
                  name="teamId"
                  label={t('rosters.field.team')}
                  required
                  options={teamOptions}
                  placeholder={loadingOptions ? '…' : sectionId ? t('rosters.field.teamPlaceholder') : t('rosters.field.sectionFirst')}
                  disabled={!sectionId}
                  onPicked={() => (picked.current.team = true)}
                  helper={options.isError ? errorText(options.error) : undefined}
                  testId="roster-team-input"
                />
                <PickSelect
                  form={form}
                  name="jenisRosterId"
                  label={t('rosters.field.jenisRoster')}
                  options={(jenisRoster.data ?? []).map((j) => ({ value: j.key, label: j.value }))}
                  placeholder={jenisRoster.isPending ? '…' : t('rosters.field.jenisPlaceholder')}
                  onPicked={() => form.setValue('shiftId', undefined as never)}
                  testId="roster-jenis-input"
                />
                <PickSelect
                  form={form}
                  name="shiftId"
                  label={t('rosters.field.shift')}
                  required
                  options={shiftOptions}
                  placeholder={
                    shifts.isPending && jenisId ? '…' : shiftOptions.length ? t('rosters.field.shiftPlaceholder') : t('rosters.field.noShifts')
                  }
                  onPicked={() => (picked.current.shift = true)}
                  testId="roster-shift-input"
                />
                <TextInput
                  form={form as never}
                  name="startDate"
                  label={t('rosters.field.startDate')}
                  required
                  placeholder="hh/bb/tttt"
                  inputMode="numeric"
                  helper={t('rosters.field.dateHelper')}
                  testId="roster-start-date"
                />
                <TextInput
                  form={form as never}
                  name="endDate"
                  label={t('rosters.field.endDate')}
                  placeholder="hh/bb/tttt"
                  inputMode="numeric"
                  helper={t('rosters.field.endDateHelper')}
                  testId="roster-end-date"
                />
                <TextInput
                  form={form as never}
                  name="startHour"
                  label={t('rosters.field.startHour')}
                  placeholder="HH:mm"
                  inputMode="numeric"
                  maxLength={5}
                  helper={shift ? t('rosters.field.shiftHours', { from: shift.startHour, to: shift.endHour }) : t('rosters.field.hourHelper')}
                  testId="roster-start-hour"
                />
                <TextInput
                  form={form as never}
                  name="endHour"
                  label={t('rosters.field.endHour')}
                  placeholder="HH:mm"
                  inputMode="numeric"
                  maxLength={5}
                  helper={t('rosters.field.hourHelper')}
                  testId="roster-end-hour"
                />
              </Grid>
              {ends && (
                <Text fontSize="sm" color="fg.muted" data-testid="roster-span">
                  {t('rosters.field.span', { from: `${isoDateToDisplay(ends.from)} ${ends.sh}`, to: `${isoDateToDisplay(ends.to)} ${ends.eh}` })}
                </Text>
              )}

              <MembersField form={form} options={opts} detail={detail} />

              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="4">
                <PickSelect
                  form={form}
                  name="vehicleId"
                  label={t('rosters.field.vehicle')}
                  options={(opts?.vehicles ?? []).map((v) => ({
                    value: v.key,
                    // issue #16: a vehicle a checklist found short or damaged stays selectable, marked with the reason
                    label: `${v.value} · ${v.vehicleType}${v.callSign ? ` · ${v.callSign}` : ''}${v.isActive ? '' : ` (${t('rosters.inactive')})`}${v.needsAttention ? ` ⚠ ${t('rosters.field.vehicleAttention', { reason: v.attentionReason ?? t('rosters.field.vehicleAttentionNoReason') })}` : ''}`,
                    disabled: !v.isActive,
                  }))}
                  placeholder={t('rosters.field.none')}
                  disabled={!sectionId}
                  helper={vehicleHelper}
                  testId="roster-vehicle-input"
                />
                <PickSelect
                  form={form}
                  name="deviceNoId"
                  label={t('rosters.field.device')}
                  options={(opts?.devices ?? []).map((d) => ({ value: d.key, label: `${d.value}${d.description ? ` · ${d.description}` : ''}` }))}
                  placeholder={t('rosters.field.none')}
                  disabled={!sectionId}
                  testId="roster-device-input"
                />
                <PickSelect
                  form={form}
                  name="hpNoSectionId"
                  label={t('rosters.field.phone')}
                  options={(opts?.phones ?? []).map((p) => ({ value: p.key, label: p.value }))}
                  placeholder={t('rosters.field.none')}
                  disabled={!sectionId}
                  testId="roster-phone-input"
                />
              </Grid>
              <TextAreaInput
                form={form as never}
                name="remark"
                label={t('rosters.field.remark')}
                helper={t('rosters.field.remarkHelper', { max: ROSTER_REMARK_MAX })}
                testId="roster-remark"
              />
              <Controller
                control={form.control}
                name="statusAlert"
                render={({ field }) => (
                  <Checkbox.Root
                    recipe={checkboxSlotRecipe}
                    colorPalette="orange"
                    checked={field.value === true}
                    onCheckedChange={(d) => field.onChange(d.checked === true)}
                    minH="11"
                    data-testid="roster-status-alert"
                  >
                    <Checkbox.HiddenInput onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label fontSize="sm">{t('rosters.field.statusAlertLabel')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              />
            </AdminForm>
          </Box>
        </Panel>
        {detail ? (
          <RosterSummary detail={detail} />
        ) : (
          <Alert.Root status="info" rounded="lg" data-testid="roster-new-hint">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('rosters.newHintTitle')}</Alert.Title>
              <Alert.Description>{t('rosters.newHint')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Grid>
      <ConfirmDialog
        open={confirmDelete}
        title={t('rosters.delete')}
        message={t('rosters.deleteConfirm', { name: detail?.dutyRosterName ?? '' })}
        confirmLabel={t('rosters.delete')}
        cancelLabel={t('rosters.cancel')}
        colorPalette="red"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="roster-delete-confirm"
      />
    </>
  );
}

/** A select registered on the form whose options may be disabled; `onPicked` runs after the user's choice. */
function PickSelect({
  form,
  name,
  label,
  options,
  placeholder,
  required,
  disabled,
  helper,
  onPicked,
  testId,
}: {
  form: Form;
  name: 'sectionId' | 'jenisRosterId' | 'shiftId' | 'teamId' | 'vehicleId' | 'deviceNoId' | 'hpNoSectionId';
  label: string;
  options: { value: number; label: string; disabled?: boolean }[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  helper?: string;
  onPicked?: () => void;
  testId: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const reg = form.register(name, { setValueAs: (v: string | number | null) => (v === '' || v === null || v === undefined ? null : Number(v)) });
  // options that arrive after the form (lookups, the section's teams): show the value the form already holds
  const optionKey = options.map((o) => o.value).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionKey is the trigger: the form's value is set again once its options are there
  useEffect(() => {
    const v = form.getValues(name);
    if (v !== null && v !== undefined) form.setValue(name, v as never);
  }, [optionKey, form, name]);
  return (
    <FormField label={label} error={error} required={required} helper={helper}>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" disabled={disabled}>
        <NativeSelect.Field
          bg="bg.panel"
          minH="11"
          {...reg}
          onChange={(e) => {
            // first what follows from the choice (flags read by the effects the change re-renders), then the change
            onPicked?.();
            return reg.onChange(e);
          }}
          data-testid={testId}
        >
          <option value="">{placeholder ?? '—'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** The people of the roster: the team's members (and anyone already on it), each on duty or not, with a role. */
function MembersField({ form, options, detail }: { form: Form; options: RosterFormOptions | undefined; detail: RosterDetail | null }) {
  const t = useT();
  const roles = useLookup('dutyRosterRoles');
  const teamId = useWatch({ control: form.control, name: 'teamId' }) as number | null | undefined;
  const team = options?.teams.find((x) => x.key === teamId);
  const candidates = useMemo(() => {
    const list = new Map<number, { pkStaffId: number; displayName: string; staffNo: string; position: string; isActive: boolean }>();
    for (const m of team?.members ?? []) list.set(m.pkStaffId, m);
    for (const m of detail?.members ?? []) if (!list.has(m.pkStaffId)) list.set(m.pkStaffId, { ...m, isActive: true });
    return [...list.values()];
  }, [team, detail]);
  const roleOptions = (roles.data ?? []).filter((r) => (ROLE_ORDER as number[]).includes(r.key));
  return (
    <Controller
      control={form.control}
      name="members"
      render={({ field, fieldState }) => {
        const value = (field.value ?? []) as RosterMemberInput[];
        const error = fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message;
        const set = (next: RosterMemberInput[]) => field.onChange(next);
        return (
          <FormField label={t('rosters.field.members')} error={error} required helper={t('rosters.field.membersHelper')}>
            <Box borderWidth="1px" borderColor={error ? 'red.300' : 'border'} rounded="md" w="full" data-testid="roster-members">
              {!teamId ? (
                <Flex align="center" gap="2" p="3" color="fg.muted" fontSize="sm">
                  <LuUsers /> {t('rosters.field.teamFirst')}
                </Flex>
              ) : candidates.length === 0 ? (
                <Text p="3" color="fg.muted" fontSize="sm" data-testid="roster-members-empty">
                  {t('rosters.field.noMembers')}
                </Text>
              ) : (
                <Table.Root recipe={tableSlotRecipe} size="sm">
                  <Table.Body>
                    {candidates.map((c) => {
                      const on = value.find((v) => v.staffId === c.pkStaffId);
                      return (
                        <Table.Row key={c.pkStaffId} data-testid="roster-member-row" data-staff-id={c.pkStaffId} data-on={on ? 'true' : 'false'}>
                          <Table.Cell w="44px">
                            <Checkbox.Root
                              recipe={checkboxSlotRecipe}
                              colorPalette="brand"
                              checked={!!on}
                              disabled={!c.isActive && !on}
                              onCheckedChange={(d) =>
                                set(
                                  d.checked === true
                                    ? [...value, { staffId: c.pkStaffId, rosterRoleId: defaultRosterRole(c.position) }]
                                    : value.filter((v) => v.staffId !== c.pkStaffId),
                                )
                              }
                              aria-label={c.displayName}
                              data-testid="roster-member-check"
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                            </Checkbox.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <Text fontWeight="medium" fontSize="sm">
                              {c.displayName}
                            </Text>
                            <Text fontSize="xs" color="fg.muted">
                              {c.staffNo} · {c.position}
                              {!c.isActive && ` · ${t('rosters.inactive')}`}
                            </Text>
                          </Table.Cell>
                          <Table.Cell w="200px">
                            <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm" disabled={!on}>
                              <NativeSelect.Field
                                bg="bg.panel"
                                minH="10"
                                value={on ? String(on.rosterRoleId) : ''}
                                onChange={(e) =>
                                  set(value.map((v) => (v.staffId === c.pkStaffId ? { ...v, rosterRoleId: Number(e.currentTarget.value) } : v)))
                                }
                                aria-label={t('rosters.field.role')}
                                data-testid="roster-member-role"
                              >
                                {!on && <option value="">—</option>}
                                {roleOptions.map((r) => (
                                  <option key={r.key} value={r.key}>
                                    {r.value}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              )}
            </Box>
          </FormField>
        );
      }}
    />
  );
}

/** An existing roster: its lifecycle, times, what uses it (a roster in use cannot be deleted). */
function RosterSummary({ detail }: { detail: RosterDetail }) {
  const t = useT();
  const rows: [TextKey, ReactNode][] = [
    ['rosters.summary.lifecycle', <LifecycleBadge key="l" lifecycle={detail.lifecycle} testId="roster-lifecycle" />],
    ['rosters.summary.when', `${isoDateToDisplay(detail.startDate)} ${detail.startHour} – ${isoDateToDisplay(detail.endDate)} ${detail.endHour}`],
    ['rosters.field.jenisRoster', detail.jenisRosterName ?? '—'],
    ['rosters.field.vehicle', detail.plateNumber ? `${detail.plateNumber}${detail.callSign ? ` · ${detail.callSign}` : ''}` : '—'],
    ['rosters.summary.activities', String(detail.usage.activities)],
    ['rosters.summary.cases', String(detail.usage.cases)],
    ['rosters.summary.positions', String(detail.usage.positions)],
  ];
  const inUse = detail.usage.activities + detail.usage.cases + detail.usage.positions > 0;
  return (
    <Panel heading={t('rosters.summary.title')} data-testid="roster-summary">
      <Stack gap="2" p="4" fontSize="sm">
        {rows.map(([k, v]) => (
          <Flex key={k} justify="space-between" gap="3">
            <Text color="fg.muted">{t(k)}</Text>
            <Box textAlign="end">{v}</Box>
          </Flex>
        ))}
        {detail.membersFromTeam && (
          <Text color="fg.muted" fontSize="xs" data-testid="roster-from-team">
            {t('rosters.summary.fromTeam')}
          </Text>
        )}
        {inUse && (
          <Alert.Root status="warning" rounded="md" size="sm" data-testid="roster-in-use">
            <Alert.Indicator />
            <Alert.Title fontSize="xs">{t('rosters.summary.inUse')}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Panel>
  );
}
