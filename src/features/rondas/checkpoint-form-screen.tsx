import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Box, Button, Flex, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuMousePointerClick } from 'react-icons/lu';
import { CHECKPOINT_MAX_OFF_LINE_KM, CheckpointSaveSchema, type CheckpointRow, type CheckpointSave } from '@contract/rondas';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/rondas';
import '@/lib/i18n/parts/admin';
import { useLookup } from '@/lib/lookups';
import { AdminForm, SelectInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory, historyKey } from '@/ui/admin/change-history';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { NumberInput, OptionsPending } from './form-fields';
import { checkpointCall, checkpointsCall, rondaCall, rondaKeys, saveCheckpoint, useRondaChoices } from './rondas-api';
import { placeOnSection } from './section-geometry';

const CheckpointMap = lazy(() => import('./checkpoint-map'));

/** /createupdatecheckpoint(?rondaId=) and /createupdatecheckpoint/{checkpointId}: a checkpoint placed on its section's map. */
export function CheckpointFormScreen({ checkpointId, rondaId }: { checkpointId?: number; rondaId?: number }) {
  const t = useT();
  const checkpoint = useQuery({
    queryKey: rondaKeys.checkpoint(checkpointId ?? 0),
    queryFn: () => checkpointCall(checkpointId!),
    enabled: checkpointId !== undefined,
  });
  const owner = checkpoint.data?.rondaLoopId ?? rondaId;

  const header = (
    <PageHeader
      title={t(checkpointId ? 'rondas.cpForm.titleEdit' : 'rondas.cpForm.titleNew')}
      subtitle={checkpoint.data ? `${checkpoint.data.checkpointName} · ${checkpoint.data.rondaName}` : t('rondas.cpForm.subtitle')}
      actions={
        <Button asChild variant="outline" minH="11">
          {owner ? (
            <Link to="/createupdateronda/$rondaId" params={{ rondaId: String(owner) }} data-testid="checkpoint-form-back">
              <LuArrowLeft /> {t('rondas.cpForm.back')}
            </Link>
          ) : (
            <Link to="/listingcheckpoint" data-testid="checkpoint-form-back">
              <LuArrowLeft /> {t('admin.back')}
            </Link>
          )}
        </Button>
      }
    />
  );
  if (checkpointId !== undefined && checkpoint.isPending) {
    return (
      <Box data-testid="checkpoint-form-loading">
        {header}
        <Stack gap="3" maxW="720px">
          <Skeleton h="11" />
          <Skeleton h="11" />
          <Skeleton h="64" />
        </Stack>
      </Box>
    );
  }
  if (checkpointId !== undefined && checkpoint.isError) {
    const missing = isApiError(checkpoint.error) && checkpoint.error.status === 404;
    return (
      <Box>
        {header}
        <ErrorBlock
          title={missing ? t('admin.notFound') : t('rondas.cpForm.loadFailed')}
          message={errorText(checkpoint.error)}
          onRetry={missing ? undefined : () => void checkpoint.refetch()}
        />
      </Box>
    );
  }
  return (
    <Box data-testid="checkpoint-form-screen">
      {header}
      <CheckpointEditor key={checkpoint.data?.pkRondaLoopCheckpointId ?? 'new'} checkpoint={checkpoint.data ?? null} rondaId={rondaId} />
    </Box>
  );
}

const HISTORY_LABELS = (t: ReturnType<typeof useT>): Record<string, string> => ({
  rondaLoopId: t('rondas.field.rondaLoopId'),
  seq: t('rondas.field.seq'),
  checkpointName: t('rondas.cpForm.name'),
  km: t('rondas.cpForm.km'),
  directionId: t('rondas.field.directionId'),
  latitude: t('rondas.cpForm.latitude'),
  longitude: t('rondas.cpForm.longitude'),
});

const fmt = (n: number, d: number) => n.toFixed(d);

function CheckpointEditor({ checkpoint, rondaId }: { checkpoint: CheckpointRow | null; rondaId?: number }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rondas = useRondaChoices();
  const directions = useLookup('cardinalDirection');
  const form = useAdminForm(
    CheckpointSaveSchema,
    checkpoint
      ? {
          pkRondaLoopCheckpointId: checkpoint.pkRondaLoopCheckpointId,
          rondaLoopId: checkpoint.rondaLoopId,
          checkpointName: checkpoint.checkpointName,
          km: checkpoint.km,
          directionId: checkpoint.directionId,
          latitude: checkpoint.latitude,
          longitude: checkpoint.longitude,
          seq: checkpoint.seq,
        }
      : { rondaLoopId: rondaId, checkpointName: '' },
  );
  const chosen = form.watch('rondaLoopId');
  const rondaLoopId = typeof chosen === 'number' && chosen > 0 ? chosen : undefined;
  const ronda = useQuery({ queryKey: rondaKeys.one(rondaLoopId ?? 0), queryFn: () => rondaCall(rondaLoopId!), enabled: rondaLoopId !== undefined });
  const siblingsFilter = { rondaLoopId: rondaLoopId ?? 0 };
  const siblingsQuery = { start: 0, length: 500, orderColumn: 'seq', direction: 'asc' } as const;
  const siblings = useQuery({
    queryKey: rondaKeys.checkpoints(siblingsFilter, siblingsQuery),
    queryFn: () => checkpointsCall(siblingsFilter, siblingsQuery),
    enabled: rondaLoopId !== undefined,
  });
  const others = useMemo(
    () =>
      (siblings.data?.rows ?? [])
        .filter((c) => c.pkRondaLoopCheckpointId !== checkpoint?.pkRondaLoopCheckpointId)
        .map((c) => ({ id: c.pkRondaLoopCheckpointId, seq: c.seq, lat: c.latitude, lng: c.longitude })),
    [siblings.data, checkpoint?.pkRondaLoopCheckpointId],
  );

  const lat = form.watch('latitude');
  const lng = form.watch('longitude');
  const value = useMemo(
    () => (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null),
    [lat, lng],
  );
  const section = ronda.data?.section;
  const place = useMemo(
    () =>
      value && section && section.kmStart !== null && section.kmEnd !== null
        ? placeOnSection(section.alignment, section.kmStart, section.kmEnd, value.lat, value.lng)
        : null,
    [value, section],
  );
  const [picked, setPicked] = useState(false);

  const pick = (la: number, ln: number) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    form.setValue('latitude', la, opts);
    form.setValue('longitude', ln, opts);
    if (section && section.kmStart !== null && section.kmEnd !== null) {
      const p = placeOnSection(section.alignment, section.kmStart, section.kmEnd, la, ln);
      if (p) form.setValue('km', p.km, opts);
    }
    setPicked(true);
  };

  const rondaOptions = [
    ...(rondas.data ?? [])
      .filter((r) => r.isActive || r.pkRondaLoopId === checkpoint?.rondaLoopId || r.pkRondaLoopId === rondaId)
      .map((r) => ({ value: r.pkRondaLoopId, label: `${r.rondaName} (${r.sectionName})` })),
    ...(checkpoint && !rondas.data?.some((r) => r.pkRondaLoopId === checkpoint.rondaLoopId)
      ? [{ value: checkpoint.rondaLoopId, label: checkpoint.rondaName }]
      : []),
  ];
  const directionOptions = (directions.data ?? []).map((d) => ({ value: d.key, label: d.value }));

  const onSubmit = async (values: CheckpointSave) => {
    const outcome = await saveCheckpoint({ ...values, pkRondaLoopCheckpointId: checkpoint?.pkRondaLoopCheckpointId });
    void queryClient.invalidateQueries({ queryKey: rondaKeys.all });
    if (checkpoint) void queryClient.invalidateQueries({ queryKey: historyKey('checkpoint', checkpoint.pkRondaLoopCheckpointId) });
    if (outcome.status === 'sent') notify.success(t('rondas.cpForm.saved'));
    void navigate({ to: '/createupdateronda/$rondaId', params: { rondaId: String(values.rondaLoopId) } });
  };

  const mapPanel = (
    <Panel
      heading={section ? t('rondas.cpForm.map', { section: section.sectionName }) : t('rondas.cpForm.map', { section: '' })}
      data-testid="checkpoint-map-panel"
    >
      <Box p="4">
        {rondaLoopId === undefined ? (
          <Flex h="320px" align="center" justify="center" bg="bg.subtle" rounded="md" color="fg.muted" fontSize="sm" textAlign="center" px="6">
            {t('rondas.cpForm.pickRonda')}
          </Flex>
        ) : ronda.isPending ? (
          <Skeleton h="320px" rounded="md" />
        ) : ronda.isError ? (
          <ErrorBlock title={t('rondas.form.loadFailed')} message={errorText(ronda.error)} onRetry={() => void ronda.refetch()} />
        ) : section && section.alignment.length < 2 ? (
          <Text color="fg.muted">{t('rondas.cpForm.noAlignment')}</Text>
        ) : (
          <Suspense fallback={<Skeleton h="320px" rounded="md" data-testid="checkpoint-map-loading" />}>
            <MapErrorGuard fallback={<ErrorBlock title={t('rondas.cpForm.mapFailed')} />}>
              <CheckpointMap
                alignment={section?.alignment ?? []}
                others={others}
                value={value}
                onPick={pick}
                noTilesText={t('rondas.cpForm.noTiles')}
              />
            </MapErrorGuard>
          </Suspense>
        )}
        <Flex mt="3" gap="2" align="center" fontSize="sm" color="fg.muted">
          <LuMousePointerClick />
          <Text data-testid="checkpoint-map-hint">{t('rondas.cpForm.mapHint')}</Text>
        </Flex>
        {place && value && (
          <Text
            mt="2"
            fontSize="sm"
            color={place.offLineKm > CHECKPOINT_MAX_OFF_LINE_KM ? 'red.fg' : picked ? 'green.fg' : 'fg.muted'}
            data-testid="checkpoint-map-picked"
          >
            {place.offLineKm > CHECKPOINT_MAX_OFF_LINE_KM
              ? t('rondas.cpForm.tooFar', { d: fmt(place.offLineKm, 1), max: CHECKPOINT_MAX_OFF_LINE_KM })
              : t('rondas.cpForm.picked', { lat: fmt(value.lat, 5), lng: fmt(value.lng, 5), km: fmt(place.km, 1), d: fmt(place.offLineKm, 2) })}
          </Text>
        )}
      </Box>
    </Panel>
  );

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <Panel heading={t('rondas.form.details')}>
          <Box p="4">
            {rondas.isError && (
              <ErrorBlock title={t('rondas.cpForm.rondasFailed')} message={errorText(rondas.error)} onRetry={() => void rondas.refetch()} />
            )}
            <AdminForm
              form={form}
              onSubmit={onSubmit}
              onCancel={() =>
                void navigate(
                  rondaLoopId ? { to: '/createupdateronda/$rondaId', params: { rondaId: String(rondaLoopId) } } : { to: '/listingcheckpoint' },
                )
              }
              testId="checkpoint-form"
            >
              <OptionsPending label={t('rondas.cpForm.ronda')} pending={rondas.isPending}>
                <SelectInput
                  form={form}
                  name="rondaLoopId"
                  label={t('rondas.cpForm.ronda')}
                  placeholder={t('rondas.cpForm.rondaPick')}
                  options={rondaOptions}
                  required
                  disabled={!!checkpoint}
                  testId="checkpoint-ronda"
                />
              </OptionsPending>
              <TextInput form={form} name="checkpointName" label={t('rondas.cpForm.name')} required maxLength={100} testId="checkpoint-name" />
              <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                <NumberInput
                  form={form}
                  name="km"
                  label={t('rondas.cpForm.km')}
                  required
                  helper={
                    section && section.kmStart !== null && section.kmEnd !== null
                      ? t('rondas.form.range', { section: section.sectionName, from: fmt(section.kmStart, 1), to: fmt(section.kmEnd, 1) })
                      : undefined
                  }
                  testId="checkpoint-km"
                />
                <OptionsPending label={t('rondas.cpForm.direction')} pending={directions.isPending}>
                  <SelectInput
                    form={form}
                    name="directionId"
                    label={t('rondas.cpForm.direction')}
                    placeholder={t('rondas.cpForm.directionPick')}
                    options={directionOptions}
                    required
                    testId="checkpoint-direction"
                  />
                </OptionsPending>
              </Flex>
              <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                <NumberInput form={form} name="latitude" label={t('rondas.cpForm.latitude')} required step="0.000001" testId="checkpoint-lat" />
                <NumberInput form={form} name="longitude" label={t('rondas.cpForm.longitude')} required step="0.000001" testId="checkpoint-lng" />
              </Flex>
              <NumberInput
                form={form}
                name="seq"
                label={t('rondas.cpForm.seq')}
                step="1"
                helper={checkpoint ? undefined : t('rondas.cpForm.seqHint')}
                testId="checkpoint-seq"
                width="200px"
              />
            </AdminForm>
          </Box>
        </Panel>
        {checkpoint && <ChangeHistory entity="checkpoint" id={checkpoint.pkRondaLoopCheckpointId} labels={HISTORY_LABELS(t)} />}
      </Stack>
      {mapPanel}
    </Grid>
  );
}

// ------------------------------------------------------------------------------------------------ map chunk failure

/** A map chunk that cannot load (offline before it was cached) leaves the form usable: lat/lng can still be typed. */
class MapErrorGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
