/**
 * /createupdateasset (new) and /createupdateasset/{assetId} (edit), issue #16: an asset's section, category
 * (assetCategory lookup), name, tag number (unique, upper case), the vehicle of that section carrying it (or none:
 * in the store), remark and state; an edit shows its change history and may delete it (erased, or deactivated when
 * it was ever assigned to a vehicle).
 */
import { useState } from 'react';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { ASSET_TAG_MAX, AssetSaveSchema, FLEET_NAME_MAX, type AssetRow } from '@contract/fleet';
import { errorText } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { useLookup } from '@/lib/lookups';
import { AdminForm, CheckboxInput, SelectInput, TextAreaInput, TextInput, useAdminForm } from '@/ui/admin/admin-form';
import { ChangeHistory } from '@/ui/admin/change-history';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { notify } from '@/ui/toaster';
import { assetCall, deleteAssetCall, fleetKeys, refreshFleet, saveAssetCall, vehiclesOfSectionCall } from './fleet-api';
import { keyOptions, OptionsState, notifyDeleteOutcome, StatusBadge, useFleetRecordScreen, useFleetSections, useSectionChoice } from './fleet-parts';

export function AssetFormScreen({ assetId }: { assetId?: number }) {
  const t = useT();
  const labels = {
    sectionId: t('fleet.field.section'),
    sectionName: t('fleet.field.section'),
    assetCategoryId: t('fleet.field.category'),
    assetCategory: t('fleet.field.category'),
    name: t('fleet.field.assetName'),
    tagNo: t('fleet.field.tagNo'),
    vehicleId: t('fleet.field.vehicle'),
    plateNumber: t('fleet.field.vehicle'),
    remark: t('fleet.field.remark'),
    isActive: t('fleet.col.status'),
  };
  const { back, title, gate, record } = useFleetRecordScreen({
    id: assetId,
    queryKey: fleetKeys.asset(assetId ?? 0),
    queryFn: assetCall,
    back: { to: '/listingasset', label: t('fleet.assets.back'), testId: 'asset-back' },
    titles: {
      new: t('fleet.asset.new'),
      edit: t('fleet.asset.editTitle'),
      notFound: t('fleet.asset.notFound'),
      loadFailed: t('fleet.asset.loadFailed'),
    },
    testId: 'asset-form',
  });
  if (gate) return gate;
  return (
    <Box>
      <PageHeader
        title={
          record ? (
            <Flex align="center" gap="3" wrap="wrap">
              {record.name}
              <StatusBadge active={record.isActive} testId="asset-form-status" />
            </Flex>
          ) : (
            title
          )
        }
        subtitle={record ? `${record.tagNo} · ${record.assetCategoryName ?? '—'} · ${record.sectionName}` : t('fleet.asset.newSubtitle')}
        actions={back}
      />
      <Grid templateColumns={{ base: '1fr', xl: record ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 760px)' }} gap="5" alignItems="start">
        <Panel heading={record ? t('fleet.asset.details') : t('fleet.asset.new')}>
          <Box p="5">
            <AssetEditor key={record ? `${record.pkAssetId}:${JSON.stringify(record)}` : 'new'} asset={record} />
          </Box>
        </Panel>
        {record && <ChangeHistory entity="asset" id={record.pkAssetId} labels={labels} />}
      </Grid>
    </Box>
  );
}

function AssetEditor({ asset }: { asset?: AssetRow }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sections = useFleetSections();
  const categories = useLookup('assetCategory');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useAdminForm(AssetSaveSchema, {
    pkAssetId: asset?.pkAssetId,
    sectionId: asset?.sectionId,
    assetCategoryId: asset?.assetCategoryId,
    name: asset?.name ?? '',
    tagNo: asset?.tagNo ?? '',
    vehicleId: asset?.vehicleId ?? null,
    remark: asset?.remark ?? '',
    isActive: asset?.isActive ?? true,
  });
  const sectionId = form.watch('sectionId');
  const vehicles = useQuery({
    queryKey: fleetKeys.vehiclesOfSection(sectionId ?? 0),
    queryFn: () => vehiclesOfSectionCall(sectionId!),
    enabled: !!sectionId && sectionId > 0,
  });
  // another section: the vehicle chosen for the old one cannot stay
  useSectionChoice(
    form,
    'vehicleId',
    sectionId,
    vehicles.data?.map((o) => o.key),
  );
  if (sections.isPending || categories.isPending || sections.isError || categories.isError)
    return <OptionsState queries={[sections, categories]} title={t('fleet.optionsFailed')} testId="asset-form-options-loading" />;

  const sectionList = sections.data ?? [];
  const sectionOptions = [
    ...(asset && !sectionList.some((s) => s.pkSectionId === asset.sectionId) ? [{ value: asset.sectionId, label: asset.sectionName }] : []),
    ...sectionList.map((s) => ({ value: s.pkSectionId, label: `${s.sectionName} · ${s.description ?? ''}` })),
  ];
  const vehicleOptions = (vehicles.data ?? []).map((v) => ({
    value: v.key,
    label: `${v.value}${v.callSign ? ` · ${v.callSign}` : ''} · ${v.vehicleType}${v.needsAttention ? ` — ${t('fleet.attention')}` : ''}`,
  }));
  if (asset?.vehicleId && asset.plateNumber && !vehicleOptions.some((o) => o.value === asset.vehicleId))
    vehicleOptions.unshift({ value: asset.vehicleId, label: asset.plateNumber });

  const submit = async (values: z.output<typeof AssetSaveSchema>) => {
    const out = await saveAssetCall(
      { ...values, ...(asset ? { pkAssetId: asset.pkAssetId } : {}) },
      `${t('fleet.asset')}: ${values.tagNo} ${values.name}`,
    );
    if (out.status === 'sent') notify.success(t('fleet.asset.saved'));
    await refreshFleet(queryClient, asset ? { entity: 'asset', id: asset.pkAssetId } : undefined);
    if (!asset) await navigate({ to: '/listingasset' });
  };

  const remove = async () => {
    if (!asset) return;
    setDeleting(true);
    try {
      const out = await deleteAssetCall(asset.pkAssetId, `${t('fleet.delete')}: ${asset.tagNo} ${asset.name}`);
      setConfirmDelete(false);
      if (out.status === 'sent') notifyDeleteOutcome(out.answer.outcome, t('fleet.asset.deleted'), t('fleet.asset.deactivated'));
      if (out.status === 'queued' || out.answer.outcome === 'deleted') {
        queryClient.removeQueries({ queryKey: fleetKeys.asset(asset.pkAssetId) });
        await navigate({ to: '/listingasset' });
      }
      await refreshFleet(queryClient, { entity: 'asset', id: asset.pkAssetId });
    } catch (err) {
      setConfirmDelete(false);
      notify.error(errorText(err));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <AdminForm
        form={form}
        onSubmit={submit}
        onCancel={() => void navigate({ to: '/listingasset' })}
        testId="asset-form"
        extraActions={
          asset ? (
            <Button
              variant="outline"
              colorPalette="red"
              minH="11"
              onClick={() => setConfirmDelete(true)}
              disabled={!asset.isActive && !!asset.vehicleId}
              data-testid="asset-delete"
            >
              <LuTrash2 /> {t('fleet.delete')}
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
            testId="asset-section"
          />
          <SelectInput
            form={form}
            name="assetCategoryId"
            label={t('fleet.field.category')}
            required
            options={keyOptions(categories.data)}
            placeholder={t('fleet.choose')}
            testId="asset-category"
          />
          <TextInput
            form={form}
            name="name"
            label={t('fleet.field.assetName')}
            required
            maxLength={FLEET_NAME_MAX}
            autoComplete="off"
            placeholder={t('fleet.field.assetNamePlaceholder')}
            testId="asset-name-input"
          />
          <TextInput
            form={form}
            name="tagNo"
            label={t('fleet.field.tagNo')}
            required
            maxLength={ASSET_TAG_MAX}
            autoComplete="off"
            helper={t('fleet.field.tagHint')}
            testId="asset-tag-input"
          />
          <SelectInput
            form={form}
            name="vehicleId"
            label={t('fleet.field.vehicle')}
            options={vehicleOptions}
            placeholder={t('fleet.field.noVehicle')}
            disabled={!sectionId}
            helper={
              !sectionId ? t('fleet.field.vehiclePickSection') : vehicles.isFetching ? t('fleet.field.vehiclesLoading') : t('fleet.field.vehicleHint')
            }
            testId="asset-vehicle"
          />
        </Grid>
        <TextAreaInput form={form} name="remark" label={t('fleet.field.remark')} rows={2} testId="asset-remark" />
        <CheckboxInput form={form} name="isActive" label={t('fleet.field.active')} testId="asset-active" />
      </AdminForm>
      <ConfirmDialog
        open={confirmDelete}
        title={t('fleet.asset.deleteTitle')}
        message={asset ? <Text as="span">{t('fleet.asset.deleteMessage', { name: `${asset.tagNo} · ${asset.name}` })}</Text> : undefined}
        confirmLabel={t('fleet.delete')}
        cancelLabel={t('fleet.cancel')}
        colorPalette="red"
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="asset-delete-confirm"
      />
    </>
  );
}
