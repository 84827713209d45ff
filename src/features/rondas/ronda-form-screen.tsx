import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Box, Button, Grid, Flex, Skeleton, Stack } from '@chakra-ui/react';
import { LuArrowLeft, LuTrash2 } from 'react-icons/lu';
import { RondaSaveSchema, type RondaDetail } from '@contract/rondas';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import '@/lib/i18n/parts/admin';
import { AdminForm, CheckboxInput, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory, historyKey } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { NumberInput, OptionsPending } from './form-fields';
import { RondaCheckpointsPanel } from './ronda-checkpoints-panel';
import { deleteRonda, rondaCall, rondaKeys, saveRonda, useRondaSections } from './rondas-api';

/** /createupdateronda and /createupdateronda/{rondaId}: the ronda's form, then (once saved) its ordered checkpoints. */
export function RondaFormScreen({ rondaId }: { rondaId?: number }) {
  const t = useT();
  const ronda = useQuery({ queryKey: rondaKeys.one(rondaId ?? 0), queryFn: () => rondaCall(rondaId!), enabled: rondaId !== undefined });

  const back = (
    <Button asChild variant="outline" minH="11">
      <Link to="/listingronda" data-testid="ronda-form-back">
        <LuArrowLeft /> {t('admin.back')}
      </Link>
    </Button>
  );
  const header = (
    <PageHeader
      title={t(rondaId ? 'rondas.form.titleEdit' : 'rondas.form.titleNew')}
      subtitle={ronda.data ? `${ronda.data.rondaName} · ${ronda.data.sectionName}` : t('rondas.form.subtitle')}
      actions={back}
    />
  );

  if (rondaId !== undefined && ronda.isPending) {
    return (
      <Box data-testid="ronda-form-loading">
        {header}
        <Stack gap="3" maxW="720px">
          <Skeleton h="11" />
          <Skeleton h="11" />
          <Skeleton h="11" />
        </Stack>
      </Box>
    );
  }
  if (rondaId !== undefined && ronda.isError) {
    const missing = isApiError(ronda.error) && ronda.error.status === 404;
    return (
      <Box>
        {header}
        <ErrorBlock
          title={missing ? t('admin.notFound') : t('rondas.form.loadFailed')}
          message={errorText(ronda.error)}
          onRetry={missing ? undefined : () => void ronda.refetch()}
        />
      </Box>
    );
  }
  return (
    <Box data-testid="ronda-form-screen">
      {header}
      <RondaEditor key={ronda.data?.pkRondaLoopId ?? 'new'} ronda={ronda.data ?? null} />
    </Box>
  );
}

const HISTORY_LABELS = (t: ReturnType<typeof useT>): Record<string, string> => ({
  sectionId: t('rondas.field.sectionId'),
  rondaName: t('rondas.form.name'),
  pointAName: t('rondas.form.pointA'),
  pointBName: t('rondas.form.pointB'),
  kmFrom: t('rondas.col.kmFrom'),
  kmTo: t('rondas.col.kmTo'),
  isActive: t('rondas.field.isActive'),
});

function RondaEditor({ ronda }: { ronda: RondaDetail | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sections = useRondaSections();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useAdminForm(
    RondaSaveSchema,
    ronda
      ? {
          pkRondaLoopId: ronda.pkRondaLoopId,
          sectionId: ronda.sectionId,
          rondaName: ronda.rondaName,
          pointAName: ronda.pointAName,
          pointBName: ronda.pointBName,
          kmFrom: ronda.kmFrom,
          kmTo: ronda.kmTo,
          isActive: ronda.isActive,
        }
      : { rondaName: '', pointAName: '', pointBName: '', isActive: true },
  );
  const sectionId = form.watch('sectionId');
  const section = sections.data?.find((s) => s.pkSectionId === sectionId);
  const range =
    section && section.kmStart !== null && section.kmEnd !== null
      ? t('rondas.form.range', { section: section.sectionName, from: section.kmStart.toFixed(1), to: section.kmEnd.toFixed(1) })
      : undefined;
  // a section outside the list (another region's, for a record opened by a national role) still shows as chosen
  const sectionOptions = [
    ...(sections.data ?? []).map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} — ${s.description}` })),
    ...(ronda && !sections.data?.some((s) => s.pkSectionId === ronda.sectionId) ? [{ value: ronda.sectionId, label: ronda.sectionName }] : []),
  ];

  const onSubmit = async (values: Parameters<typeof saveRonda>[0]) => {
    const outcome = await saveRonda({ ...values, pkRondaLoopId: ronda?.pkRondaLoopId });
    void queryClient.invalidateQueries({ queryKey: rondaKeys.all });
    if (outcome.status === 'queued') {
      void navigate({ to: '/listingronda' });
      return;
    }
    notify.success(t('rondas.form.saved'));
    if (ronda) {
      void queryClient.invalidateQueries({ queryKey: historyKey('ronda', ronda.pkRondaLoopId) });
      form.reset({ ...values, pkRondaLoopId: ronda.pkRondaLoopId });
    } else {
      void navigate({ to: '/createupdateronda/$rondaId', params: { rondaId: String(outcome.answer.pkRondaLoopId) }, replace: true });
    }
  };

  const remove = async () => {
    if (!ronda) return;
    setDeleting(true);
    try {
      const outcome = await deleteRonda(ronda);
      void queryClient.invalidateQueries({ queryKey: rondaKeys.all });
      if (outcome.status === 'sent') notify.success(outcome.answer.deactivated.length ? t('rondas.form.deactivated') : t('rondas.form.deleted'));
      setConfirmDelete(false);
      void navigate({ to: '/listingronda' });
    } catch (err) {
      notify.error(errorText(err));
      setConfirmDelete(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Grid templateColumns={{ base: '1fr', xl: ronda ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 760px)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <Panel heading={t('rondas.form.details')}>
          <Box p="4">
            {sections.isError && (
              <ErrorBlock title={t('rondas.form.sectionsFailed')} message={errorText(sections.error)} onRetry={() => void sections.refetch()} />
            )}
            <AdminForm
              form={form}
              onSubmit={onSubmit}
              onCancel={() => void navigate({ to: '/listingronda' })}
              testId="ronda-form"
              extraActions={
                ronda && (
                  <Button variant="outline" colorPalette="red" minH="11" onClick={() => setConfirmDelete(true)} data-testid="ronda-delete">
                    <LuTrash2 /> {t('rondas.form.delete')}
                  </Button>
                )
              }
            >
              <OptionsPending label={t('rondas.form.section')} pending={sections.isPending}>
                <SelectInput
                  form={form}
                  name="sectionId"
                  label={t('rondas.form.section')}
                  placeholder={t('rondas.form.sectionPick')}
                  options={sectionOptions}
                  required
                  testId="ronda-section"
                />
              </OptionsPending>
              <TextInput form={form} name="rondaName" label={t('rondas.form.name')} required maxLength={100} testId="ronda-name" />
              <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                <TextInput form={form} name="pointAName" label={t('rondas.form.pointA')} required maxLength={100} testId="ronda-point-a" />
                <TextInput form={form} name="pointBName" label={t('rondas.form.pointB')} required maxLength={100} testId="ronda-point-b" />
              </Flex>
              <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                <NumberInput form={form} name="kmFrom" label={t('rondas.form.kmFrom')} required helper={range} testId="ronda-km-from" />
                <NumberInput form={form} name="kmTo" label={t('rondas.form.kmTo')} required helper={range} testId="ronda-km-to" />
              </Flex>
              <CheckboxInput form={form} name="isActive" label={t('rondas.form.active')} testId="ronda-active" />
            </AdminForm>
          </Box>
        </Panel>
        {ronda && <ChangeHistory entity="ronda" id={ronda.pkRondaLoopId} labels={HISTORY_LABELS(t)} />}
      </Stack>
      {ronda && <RondaCheckpointsPanel ronda={ronda} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('rondas.form.deleteTitle')}
        message={t('rondas.form.deleteMessage')}
        confirmLabel={t('admin.delete')}
        colorPalette="red"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="ronda-delete-confirm"
      />
    </Grid>
  );
}
