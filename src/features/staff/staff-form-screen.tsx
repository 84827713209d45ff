import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Flex, Grid, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { LuArrowLeft, LuTrash2, LuUserCheck } from 'react-icons/lu';
import { StaffCreateSchema, StaffRolesSchema, type Staff, type StaffChoices, type StaffSection } from '@contract/staff';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/staff';
import '@/lib/i18n/parts/admin';
import { errorText, isApiError } from '@/lib/api';
import { AdminForm, FormField, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory, historyKey } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { EmptyBlock, ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { createStaff, deleteStaff, saveStaff, saveStaffRoles, staffCall, staffKeys, useStaffChoices } from './staff-api';
import { roleLabel } from '@/lib/lookups';

/** The history's field names in the user's words. */
const useLabels = () => {
  const t = useT();
  return {
    staffNo: t('staff.form.staffNo'),
    displayName: t('staff.form.displayName'),
    position: t('staff.form.position'),
    nric: t('staff.form.nric'),
    phone: t('staff.form.phone'),
    email: t('staff.form.email'),
    section: t('staff.form.section'),
    file: t('staff.import.fileField'),
    institutionId: t('staff.form.institutionId'),
    moduleId: t('staff.form.moduleId'),
    isActive: t('staff.col.status'),
    role: t('staff.roles.role'),
  };
};

/**
 * /createupdatestaff (new) and /createupdatestaff/{staffId} (edit): the profile form (react-hook-form with the
 * contract's schema), and on an edit the position & role of the user account, delete/deactivate with a confirm,
 * and the record's change history.
 */
export function StaffFormScreen({ staffId, onSaved, onBack }: { staffId?: number; onSaved: (pkStaffId: number) => void; onBack: () => void }) {
  const t = useT();
  const labels = useLabels();
  const choices = useStaffChoices();
  const staff = useQuery({
    queryKey: staffKeys.one(staffId ?? 0),
    queryFn: () => staffCall(staffId!),
    enabled: staffId !== undefined,
    retry: (n, err) => !(isApiError(err) && err.status < 500) && n < 2,
    // the editor is keyed by the record: a focus refetch would rebuild it and wipe what the user typed
    refetchOnWindowFocus: false,
  });
  const editing = staffId !== undefined;
  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="staff-back">
      <LuArrowLeft /> {t('admin.back')}
    </Button>
  );
  const title = editing ? t('staff.edit') : t('staff.new');

  if (editing && staff.isError) {
    const missing = isApiError(staff.error) && staff.error.status === 404;
    return (
      <>
        <PageHeader title={title} actions={back} />
        {missing ? (
          <EmptyBlock title={t('staff.form.notFound')} />
        ) : (
          <ErrorBlock title={t('staff.form.loadFailed')} message={errorText(staff.error)} onRetry={() => void staff.refetch()} />
        )}
      </>
    );
  }
  if (choices.isError) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <ErrorBlock title={t('staff.form.choicesFailed')} message={errorText(choices.error)} onRetry={() => void choices.refetch()} />
      </>
    );
  }
  if ((editing && staff.isPending) || choices.isPending) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <Stack gap="4" bg="bg.panel" p="5" rounded="lg" borderWidth="1px" borderColor="border" data-testid="staff-form-loading">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders: a fixed number of identical rows, never reordered
            <Skeleton key={i} h="11" />
          ))}
        </Stack>
      </>
    );
  }

  const record = editing ? staff.data : undefined;
  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap="3" wrap="wrap">
            {title}
            {record && (
              <Badge colorPalette={record.isActive ? 'green' : 'gray'} size="lg" data-testid="staff-form-status">
                {record.isActive ? t('staff.status.active') : t('staff.status.inactive')}
              </Badge>
            )}
          </Flex>
        }
        subtitle={
          record
            ? `${record.profile.staffNo} · ${record.profile.displayName} · ${record.section.sectionName} (${record.section.regionName})`
            : undefined
        }
        actions={back}
      />
      <Grid templateColumns={{ base: '1fr', xl: record ? 'minmax(0, 2fr) minmax(0, 1fr)' : '1fr' }} gap="5" alignItems="start">
        <Stack gap="5">
          <ProfileForm
            key={record ? `profile:${record.pkStaffId}:${record.updatedAt}` : 'profile:new'}
            record={record}
            choices={choices.data}
            onSaved={onSaved}
            onBack={onBack}
          />
          {record && <RolesPanel key={`roles:${record.pkStaffId}:${record.updatedAt}`} record={record} choices={choices.data} />}
        </Stack>
        {record && <ChangeHistory entity="staff" id={record.pkStaffId} labels={labels} />}
      </Grid>
    </>
  );
}

function ProfileForm({
  record,
  choices,
  onSaved,
  onBack,
}: {
  record?: Staff;
  choices: StaffChoices;
  onSaved: (id: number) => void;
  onBack: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reactivating, setReactivating] = useState(false);
  // the refusal as it came, shown in the language of the moment
  const [actionError, setActionError] = useState<unknown>(null);
  const form = useAdminForm(StaffCreateSchema, {
    staffNo: record?.profile.staffNo ?? '',
    displayName: record?.profile.displayName ?? '',
    position: record?.profile.position ?? '',
    nric: record?.profile.nric ?? '',
    phone: record?.profile.phone ?? '',
    email: record?.profile.email ?? '',
    pkSectionId: record?.pkSectionId,
    institutionId: record?.institutionId ?? null,
    moduleId: record?.moduleId ?? null,
  });
  // a staff member may sit in a section that is not offered (a G section, another's region for a national role's view)
  const sections: StaffSection[] =
    record && !choices.sections.some((s) => s.pkSectionId === record.pkSectionId) ? [record.section, ...choices.sections] : choices.sections;
  const refresh = async (id: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: staffKeys.all }),
      queryClient.invalidateQueries({ queryKey: historyKey('staff', id) }),
    ]);
  };

  const submit = async (values: ReturnType<typeof StaffCreateSchema.parse>) => {
    if (record) {
      const out = await saveStaff({ ...values, pkStaffId: record.pkStaffId });
      if (out.status === 'sent') {
        notify.success(t('staff.form.saved'));
        await refresh(record.pkStaffId);
      }
      return;
    }
    const out = await createStaff(values);
    if (out.status === 'sent') {
      notify.success(t('staff.form.created', { name: out.answer.profile.displayName }));
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      onSaved(out.answer.pkStaffId);
    } else {
      onBack();
    }
  };

  const remove = async () => {
    if (!record) return;
    setDeleting(true);
    setActionError(null);
    try {
      const out = await deleteStaff({ pkStaffId: record.pkStaffId, displayName: record.profile.displayName });
      setConfirm(false);
      if (out.status === 'queued') return onBack();
      if (out.answer.deleted.includes(record.pkStaffId)) {
        notify.success(t('staff.deleted', { name: record.profile.displayName }));
        onBack();
        // the record is gone: its query goes too (not fetched again for a 404)
        queryClient.removeQueries({ queryKey: staffKeys.one(record.pkStaffId) });
        await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      } else {
        const reasons = out.answer.deactivated.find((d) => d.pkStaffId === record.pkStaffId)?.reasons ?? [];
        notify.warning(t('staff.deactivated', { name: record.profile.displayName, reasons: reasons.join(', ') }));
        await refresh(record.pkStaffId);
      }
    } catch (err) {
      setConfirm(false);
      setActionError(err);
    } finally {
      setDeleting(false);
    }
  };

  const reactivate = async () => {
    if (!record) return;
    setReactivating(true);
    setActionError(null);
    try {
      const p = record.profile;
      const out = await saveStaff({
        pkStaffId: record.pkStaffId,
        staffNo: p.staffNo,
        displayName: p.displayName,
        position: p.position,
        nric: p.nric ?? '',
        phone: p.phone,
        email: p.email,
        pkSectionId: record.pkSectionId,
        institutionId: record.institutionId,
        moduleId: record.moduleId,
        isActive: true,
      });
      if (out.status === 'sent') {
        notify.success(t('staff.form.reactivated'));
        await refresh(record.pkStaffId);
      }
    } catch (err) {
      setActionError(err);
    } finally {
      setReactivating(false);
    }
  };

  const numberField = (name: 'institutionId' | 'moduleId', label: string) => {
    const error = form.getFieldState(name, form.formState).error?.message;
    return (
      <FormField label={label} error={error} helper={t('staff.form.optional')}>
        <Input
          bg="bg.panel"
          minH="11"
          type="number"
          inputMode="numeric"
          min={1}
          {...form.register(name, { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
          data-testid={`staff-form-${name}`}
        />
      </FormField>
    );
  };

  return (
    <Panel heading={record ? t('staff.edit') : t('staff.new')}>
      <Box p="5">
        {record && !record.isActive && (
          <Alert.Root status="warning" rounded="md" mb="4" data-testid="staff-inactive-note">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{t('staff.form.inactiveNote')}</Alert.Title>
          </Alert.Root>
        )}
        {actionError != null && (
          <Alert.Root status="error" rounded="md" mb="4" data-testid="staff-action-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(actionError)}</Alert.Title>
          </Alert.Root>
        )}
        <AdminForm
          form={form}
          onSubmit={submit}
          onCancel={onBack}
          testId="staff-form"
          extraActions={
            record &&
            (record.isActive ? (
              <Button variant="outline" colorPalette="red" minH="11" onClick={() => setConfirm(true)} data-testid="staff-delete">
                <LuTrash2 /> {t('staff.delete')}
              </Button>
            ) : (
              <Button
                variant="outline"
                colorPalette="green"
                minH="11"
                onClick={() => void reactivate()}
                loading={reactivating}
                data-testid="staff-reactivate"
              >
                <LuUserCheck /> {t('staff.form.reactivate')}
              </Button>
            ))
          }
        >
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            <TextInput
              form={form}
              name="staffNo"
              label={t('staff.form.staffNo')}
              helper={t('staff.form.staffNoHint')}
              required
              maxLength={30}
              autoComplete="off"
              testId="staff-form-staffNo"
            />
            <TextInput
              form={form}
              name="displayName"
              label={t('staff.form.displayName')}
              required
              maxLength={150}
              autoComplete="off"
              testId="staff-form-displayName"
            />
            <TextInput
              form={form}
              name="position"
              label={t('staff.form.position')}
              helper={t('staff.form.positionHint')}
              required
              maxLength={100}
              list="staff-positions"
              autoComplete="off"
              testId="staff-form-position"
            />
            <TextInput
              form={form}
              name="nric"
              label={t('staff.form.nric')}
              helper={t('staff.form.nricHint')}
              required
              maxLength={14}
              inputMode="numeric"
              autoComplete="off"
              testId="staff-form-nric"
            />
            <TextInput
              form={form}
              name="phone"
              label={t('staff.form.phone')}
              maxLength={20}
              type="tel"
              autoComplete="off"
              testId="staff-form-phone"
            />
            <TextInput
              form={form}
              name="email"
              label={t('staff.form.email')}
              maxLength={150}
              type="email"
              autoComplete="off"
              testId="staff-form-email"
            />
            <SelectInput
              form={form}
              name="pkSectionId"
              label={t('staff.form.section')}
              placeholder={t('staff.form.sectionPick')}
              required
              options={sections.map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} · ${s.description} (${s.regionName})` }))}
              testId="staff-form-section"
            />
            <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="4">
              {numberField('institutionId', t('staff.form.institutionId'))}
              {numberField('moduleId', t('staff.form.moduleId'))}
            </Grid>
          </Grid>
          <datalist id="staff-positions">
            {choices.positions.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </AdminForm>
        <ConfirmDialog
          open={confirm}
          title={t('staff.deleteTitle')}
          message={record ? `${record.profile.staffNo} · ${record.profile.displayName}. ${t('staff.deleteMessage')}` : undefined}
          confirmLabel={t('staff.delete')}
          cancelLabel={t('admin.cancel')}
          colorPalette="red"
          pending={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirm(false)}
          testId="staff-delete-confirm"
        />
      </Box>
    </Panel>
  );
}

/** The position and the user account's role (staff/updatestaffroles); a role change ends that user's sessions. */
function RolesPanel({ record, choices }: { record: Staff; choices: StaffChoices }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useAdminForm(StaffRolesSchema, { pkStaffId: record.pkStaffId, position: record.profile.position, pkRoleId: undefined });
  const account = record.user;
  const error = form.getFieldState('pkRoleId', form.formState).error?.message;

  const submit = async (values: ReturnType<typeof StaffRolesSchema.parse>) => {
    const out = await saveStaffRoles(record.profile.displayName, values);
    if (out.status === 'sent') {
      notify.success(t('staff.roles.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.all }),
        queryClient.invalidateQueries({ queryKey: historyKey('staff', record.pkStaffId) }),
      ]);
    }
  };

  return (
    <Panel heading={t('staff.roles.title')}>
      <Box p="5" data-testid="staff-roles">
        <Text fontSize="sm" color="fg.muted" mb="4">
          {t('staff.roles.hint')}
        </Text>
        <AdminForm form={form} onSubmit={submit} submitLabel={t('staff.roles.save')} testId="staff-roles-form">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            <TextInput
              form={form}
              name="position"
              label={t('staff.form.position')}
              maxLength={100}
              list="staff-positions"
              autoComplete="off"
              testId="staff-roles-position"
            />
            <FormField
              label={t('staff.roles.role')}
              error={error}
              helper={
                account
                  ? `${t('staff.roles.account')}: ${account.username} · ${account.roleName}${account.isActive ? '' : ` (${t('staff.roles.accountInactive')})`}`
                  : t('staff.roles.noAccount')
              }
            >
              <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md" disabled={!account}>
                <NativeSelect.Field
                  bg="bg.panel"
                  minH="11"
                  {...form.register('pkRoleId', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) })}
                  data-testid="staff-roles-role"
                >
                  <option value="">{account ? `${t('staff.roles.keep')} (${account.roleName})` : '—'}</option>
                  {choices.roles.map((r) => (
                    <option key={r.pkRoleId} value={r.pkRoleId}>
                      {r.roleName} · {roleLabel(r.roleName, r.label)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Grid>
        </AdminForm>
      </Box>
    </Panel>
  );
}
