/**
 * /registervehicle (new) and /registervehicle/{vehicleId} (edit), issue #16: a vehicle's section (listed sections
 * of the caller's scope), model (active models), call sign (the section's free ones — callsign/notAssigned/{section}
 * for a new vehicle, callsign/unAssigned/{vehicle} for an edit in its own section — or none), plate number (shown
 * as it will be saved) and state; an edit sends the `version` it read (409 when someone saved since). The edit
 * screen adds the "Perlu perhatian" banner with 'Kosongkan tanda', the vehicle's checklists and assets, its change
 * history and delete (erased, or deactivated when rosters, checklists or assets refer to it).
 */
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Box, Button, DataList, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { LuEraser, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { FLEET_REMARK_MAX, normalisePlate, PLATE_MAX, VehicleClearAttentionSchema, VehicleSaveSchema, type VehicleRow } from '@contract/fleet';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { formatDateTime } from '@/lib/time';
import { AdminForm, CheckboxInput, SelectInput, TextAreaInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { notify } from '@/ui/toaster';
import {
  clearAttentionCall,
  deleteVehicleCall,
  fleetKeys,
  modelsCall,
  notAssignedCall,
  refreshFleet,
  saveVehicleCall,
  unAssignedCall,
  vehicleCall,
} from './fleet-api';
import {
  FleetDialog,
  OptionsState,
  notifyDeleteOutcome,
  StatusBadge,
  useFleetAccess,
  useFleetRecordScreen,
  useFleetSections,
  useSectionChoice,
} from './fleet-parts';
import { VehicleAssets, VehicleChecklists } from './vehicle-history';

export function VehicleFormScreen({ vehicleId }: { vehicleId?: number }) {
  const t = useT();
  const historyLabels = useHistoryLabels();
  const { back, title, gate, record } = useFleetRecordScreen({
    id: vehicleId,
    queryKey: fleetKeys.vehicle(vehicleId ?? 0),
    queryFn: vehicleCall,
    back: { to: '/managevehicle', label: t('fleet.vehicles.back'), testId: 'vehicle-back' },
    titles: {
      new: t('fleet.vehicle.new'),
      edit: t('fleet.vehicle.editTitle'),
      notFound: t('fleet.vehicle.notFound'),
      loadFailed: t('fleet.vehicle.loadFailed'),
    },
    testId: 'vehicle-form',
  });
  if (gate) return gate;

  return (
    <Box>
      <PageHeader
        title={
          record ? (
            <Flex align="center" gap="3" wrap="wrap">
              <Text as="span" fontFamily="mono">
                {record.plateNumber}
              </Text>
              <StatusBadge active={record.isActive} testId="vehicle-form-status" />
            </Flex>
          ) : (
            title
          )
        }
        subtitle={
          record
            ? `${record.vehicleModel || '—'} · ${record.vehicleType} · ${record.sectionName} (${record.regionName})${record.callSign ? ` · ${record.callSign}` : ''}`
            : t('fleet.vehicle.newSubtitle')
        }
        actions={back}
      />
      {record?.needsAttention && <AttentionBanner vehicle={record} />}
      <Grid templateColumns={{ base: '1fr', xl: record ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 760px)' }} gap="5" alignItems="start">
        <Stack gap="5" minW="0">
          <Panel heading={record ? t('fleet.vehicle.details') : t('fleet.vehicle.new')}>
            <Box p="5">
              <VehicleEditor key={record ? `${record.pkVehicleId}:${record.version}:${record.isActive}` : 'new'} vehicle={record} />
            </Box>
          </Panel>
        </Stack>
        {record && (
          <Stack gap="5" minW="0">
            <Panel heading={t('fleet.vehicle.usage')}>
              <DataList.Root orientation="horizontal" px="4" py="4" gap="2.5" data-testid="vehicle-usage">
                <InfoRow label={t('fleet.vehicle.rosters')} value={record.rosterCount} />
                <InfoRow label={t('fleet.vehicle.checklists')} value={record.checklistCount} />
                <InfoRow label={t('fleet.vehicle.assets')} value={record.assetCount} />
                <InfoRow
                  label={t('fleet.vehicle.lastOdometer')}
                  value={record.lastOdometer !== null ? `${record.lastOdometer.toLocaleString('ms-MY')} km` : '—'}
                />
                <InfoRow label={t('fleet.vehicle.lastChecklist')} value={record.lastChecklistAt ? formatDateTime(record.lastChecklistAt) : '—'} />
              </DataList.Root>
            </Panel>
            <ChangeHistory entity="vehicle" id={record.pkVehicleId} labels={historyLabels} />
          </Stack>
        )}
      </Grid>
      {record && (
        // the vehicle's history, full width: its tables need the room
        <Stack gap="5" mt="5">
          <VehicleChecklists vehicleId={record.pkVehicleId} />
          <VehicleAssets vehicleId={record.pkVehicleId} />
        </Stack>
      )}
    </Box>
  );
}

function useHistoryLabels() {
  const t = useT();
  return {
    sectionId: t('fleet.field.section'),
    sectionName: t('fleet.field.section'),
    section: t('fleet.field.section'),
    vehicleModelId: t('fleet.field.model'),
    vehicleModel: t('fleet.field.model'),
    callSignId: t('fleet.field.callsign'),
    callSign: t('fleet.field.callsign'),
    callsign: t('fleet.field.callsign'),
    plateNumber: t('fleet.field.plate'),
    isActive: t('fleet.col.status'),
    attentionReason: t('fleet.attention'),
    attentionSince: t('fleet.attention.sinceLabel'),
    attentionRemark: t('fleet.attention.remark'),
    remark: t('fleet.field.remark'),
  };
}

function VehicleEditor({ vehicle }: { vehicle?: VehicleRow }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, mayManage } = useFleetAccess();
  const sections = useFleetSections();
  const models = useQuery({
    queryKey: [...fleetKeys.models, 'options', user?.userId],
    queryFn: () => modelsCall({}),
    staleTime: 5 * 60_000,
    enabled: !!user,
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const form = useAdminForm(VehicleSaveSchema, {
    pkVehicleId: vehicle?.pkVehicleId,
    sectionId: vehicle?.sectionId,
    vehicleModelId: vehicle?.vehicleModelId ?? undefined,
    callSignId: vehicle?.callSignId ?? null,
    plateNumber: vehicle?.plateNumber ?? '',
    isActive: vehicle?.isActive ?? true,
    version: vehicle?.version,
  });
  const [sectionId, plate, callSignId] = form.watch(['sectionId', 'plateNumber', 'callSignId']);
  const ownSection = !!vehicle && sectionId === vehicle.sectionId;
  const callsigns = useQuery({
    queryKey:
      vehicle && ownSection ? fleetKeys.callsignOptions('vehicle', vehicle.pkVehicleId) : fleetKeys.callsignOptions('section', sectionId ?? 0),
    queryFn: () => (vehicle && ownSection ? unAssignedCall(vehicle.pkVehicleId) : notAssignedCall(sectionId!)),
    enabled: !!sectionId && sectionId > 0,
    staleTime: 0,
  });

  // another section: the call sign chosen for the old one cannot stay
  useSectionChoice(
    form,
    'callSignId',
    sectionId,
    callsigns.data?.map((o) => o.key),
  );
  if (sections.isPending || models.isPending || sections.isError || models.isError)
    return <OptionsState queries={[sections, models]} title={t('fleet.optionsFailed')} testId="vehicle-form-options-loading" />;

  const sectionList = sections.data ?? [];
  const sectionOptions = [
    ...(vehicle && !sectionList.some((s) => s.pkSectionId === vehicle.sectionId)
      ? [{ value: vehicle.sectionId, label: `${vehicle.sectionName} (${vehicle.regionName})` }]
      : []),
    ...sectionList.map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} · ${s.description ?? ''}` })),
  ];
  const modelRows = models.data?.rows ?? [];
  const modelOptions = modelRows
    .filter((m) => m.isActive || m.pkVehicleModelId === vehicle?.vehicleModelId)
    .map((m) => ({ value: m.pkVehicleModelId, label: `${m.name} · ${m.vehicleType}${m.isActive ? '' : ` (${t('fleet.inactive')})`}` }));
  const callsignOptions = (callsigns.data ?? []).map((c) => ({ value: c.key, label: c.value }));
  if (callSignId && vehicle?.callSignId === callSignId && vehicle.callSign && !callsignOptions.some((o) => o.value === callSignId))
    callsignOptions.unshift({ value: callSignId, label: vehicle.callSign });
  const normalised = normalisePlate(plate ?? '');

  const submit = async (values: z.output<typeof VehicleSaveSchema>) => {
    const body = { ...values, ...(vehicle ? { pkVehicleId: vehicle.pkVehicleId, version: vehicle.version } : {}) };
    const out = await saveVehicleCall(body, `${t('fleet.vehicle')}: ${values.plateNumber}`);
    if (out.status === 'sent') notify.success(t('fleet.vehicle.saved'));
    await refreshFleet(queryClient, vehicle ? { entity: 'vehicle', id: vehicle.pkVehicleId } : undefined);
    if (!vehicle) await navigate({ to: '/managevehicle' });
  };

  const remove = async () => {
    if (!vehicle) return;
    setDeleting(true);
    try {
      const out = await deleteVehicleCall(vehicle.pkVehicleId, `${t('fleet.delete')}: ${vehicle.plateNumber}`);
      setConfirmDelete(false);
      if (out.status === 'sent') notifyDeleteOutcome(out.answer.outcome, t('fleet.vehicle.deleted'), t('fleet.vehicle.deactivated'));
      if (out.status === 'queued' || out.answer.outcome === 'deleted') {
        queryClient.removeQueries({ queryKey: fleetKeys.vehicle(vehicle.pkVehicleId) });
        await navigate({ to: '/managevehicle' });
      }
      await refreshFleet(queryClient, { entity: 'vehicle', id: vehicle.pkVehicleId });
    } catch (err) {
      setConfirmDelete(false);
      notify.error(errorText(err));
    } finally {
      setDeleting(false);
    }
  };

  const used = !!vehicle && vehicle.rosterCount + vehicle.checklistCount + vehicle.assetCount > 0;
  if (!mayManage) {
    return (
      <Alert.Root status="info" rounded="md" data-testid="vehicle-readonly">
        <Alert.Indicator />
        <Alert.Title>{t('fleet.readOnly')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <>
      <AdminForm
        form={form}
        onSubmit={submit}
        onCancel={() => void navigate({ to: '/managevehicle' })}
        testId="vehicle-form"
        submitLabel={vehicle ? undefined : t('fleet.vehicle.register')}
        extraActions={
          vehicle ? (
            <Button
              variant="outline"
              colorPalette="red"
              minH="11"
              onClick={() => setConfirmDelete(true)}
              disabled={used && !vehicle.isActive}
              data-testid="vehicle-delete"
            >
              <LuTrash2 /> {t(used ? 'fleet.vehicle.deactivate' : 'fleet.delete')}
            </Button>
          ) : undefined
        }
      >
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <SelectInput
            form={form}
            name="sectionId"
            label={t('fleet.field.section')}
            required
            options={sectionOptions}
            placeholder={t('fleet.choose')}
            testId="vehicle-section"
          />
          <SelectInput
            form={form}
            name="vehicleModelId"
            label={t('fleet.field.model')}
            required
            options={modelOptions}
            placeholder={t('fleet.choose')}
            helper={modelOptions.length ? undefined : t('fleet.field.noModels')}
            testId="vehicle-model"
          />
          <SelectInput
            form={form}
            name="callSignId"
            label={t('fleet.field.callsign')}
            options={callsignOptions}
            placeholder={t('fleet.field.noCallsign')}
            disabled={!sectionId}
            helper={
              !sectionId
                ? t('fleet.field.callsignPickSection')
                : callsigns.isFetching
                  ? t('fleet.field.callsignLoading')
                  : callsigns.isError
                    ? errorText(callsigns.error)
                    : callsignOptions.length === 0
                      ? t('fleet.field.callsignNoneFree')
                      : t('fleet.field.callsignHelp')
            }
            testId="vehicle-callsign"
          />
          <TextInput
            form={form}
            name="plateNumber"
            label={t('fleet.field.plate')}
            required
            maxLength={PLATE_MAX + 5}
            autoComplete="off"
            placeholder="WXY 1234"
            helper={normalised ? t('fleet.field.plateAs', { plate: normalised }) : t('fleet.field.plateHint')}
            testId="vehicle-plate-input"
          />
        </Grid>
        <CheckboxInput form={form} name="isActive" label={t('fleet.field.vehicleActive')} testId="vehicle-active" />
      </AdminForm>
      <ConfirmDialog
        open={confirmDelete}
        title={t(used ? 'fleet.vehicle.deactivateTitle' : 'fleet.vehicle.deleteTitle')}
        message={vehicle ? t(used ? 'fleet.vehicle.deleteUsedMessage' : 'fleet.vehicle.deleteMessage', { plate: vehicle.plateNumber }) : undefined}
        confirmLabel={t(used ? 'fleet.vehicle.deactivate' : 'fleet.delete')}
        cancelLabel={t('fleet.cancel')}
        colorPalette="red"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="vehicle-delete-confirm"
      />
    </>
  );
}

/** "Perlu perhatian" with its reason and since when; fleetManage clears it with a remark of what was done. */
function AttentionBanner({ vehicle }: { vehicle: VehicleRow }) {
  const t = useT();
  const { mayManage } = useFleetAccess();
  const [open, setOpen] = useState(false);
  return (
    <Alert.Root status="warning" rounded="lg" mb="5" alignItems="center" data-testid="vehicle-attention-banner">
      <Alert.Indicator>
        <LuTriangleAlert />
      </Alert.Indicator>
      <Box flex="1" minW="0">
        <Alert.Title>
          <Badge colorPalette="orange" variant="solid" me="2" data-testid="vehicle-attention-badge">
            {t('fleet.attention')}
          </Badge>
          <Text as="span" data-testid="vehicle-attention-reason">
            {vehicle.attentionReason ?? t('fleet.attention.noReason')}
          </Text>
        </Alert.Title>
        {vehicle.attentionSince && (
          <Alert.Description fontSize="sm">{t('fleet.attention.since', { at: formatDateTime(vehicle.attentionSince) })}</Alert.Description>
        )}
      </Box>
      {mayManage && (
        <Button minH="11" colorPalette="orange" variant="outline" bg="bg.panel" onClick={() => setOpen(true)} data-testid="vehicle-clear-attention">
          <LuEraser /> {t('fleet.attention.clear')}
        </Button>
      )}
      <FleetDialog open={open} title={t('fleet.attention.clearTitle')} onClose={() => setOpen(false)} testId="vehicle-clear-attention-dialog">
        {open && <ClearAttentionForm vehicle={vehicle} onDone={() => setOpen(false)} />}
      </FleetDialog>
    </Alert.Root>
  );
}

function ClearAttentionForm({ vehicle, onDone }: { vehicle: VehicleRow; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useAdminForm(VehicleClearAttentionSchema, { pkVehicleId: vehicle.pkVehicleId, remark: '' });
  const submit = async (values: z.output<typeof VehicleClearAttentionSchema>) => {
    const out = await clearAttentionCall(vehicle.pkVehicleId, values.remark, `${t('fleet.attention.clear')}: ${vehicle.plateNumber}`);
    if (out.status === 'sent') notify.success(t('fleet.attention.cleared'));
    await refreshFleet(queryClient, { entity: 'vehicle', id: vehicle.pkVehicleId });
    onDone();
  };
  return (
    <AdminForm form={form} onSubmit={submit} onCancel={onDone} submitLabel={t('fleet.attention.clear')} testId="vehicle-clear-attention-form">
      <Text fontSize="sm" color="fg.muted">
        {t('fleet.attention.clearHint', { plate: vehicle.plateNumber })}
      </Text>
      <TextAreaInput
        form={form}
        name="remark"
        label={t('fleet.attention.remark')}
        helper={t('fleet.attention.remarkHint', { max: FLEET_REMARK_MAX })}
        testId="vehicle-clear-attention-remark"
      />
    </AdminForm>
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
