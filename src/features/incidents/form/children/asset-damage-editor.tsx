/**
 * Kerosakan Aset (§2.9, §2.15, §3.6): the damaged asset (roadFurniture/getAll), its condition, a count with 2
 * decimals (§5) and the unit, which defaults to the chosen asset's usual unit. Empty: 'Sila tambah Kerosakan'.
 */
import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField, type Option } from '../controls';
import { newUid, type AssetDamageItem } from '../children-model';
import { useRoadFurniture } from '../children-lookups';
import { assetCountInput, canAdd, formatAssetCount, parseAssetCount, removeItem, upsertItem } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { TextInputField, useItemDialog, useLookupOptions, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'roadFurnitureList';

interface Draft {
  assetId: number | null;
  conditionId: number | null;
  count: string;
  unitId: number | null;
  asetId: number | null;
}

export function AssetDamageEditor({
  value,
  onChange,
  disabled,
  na = false,
  headerExtra,
}: ListEditorProps & {
  /** the accident's N/A is ticked: nothing to add */
  na?: boolean;
  headerExtra?: ReactNode;
}) {
  const t = useT();
  const ruleText = useRuleText();
  const assets = useRoadFurniture();
  const conditions = useLookupOptions('roadFurnitureConditionType');
  const units = useLookupOptions('unitMeasurement');
  const dlg = useItemDialog<Draft>();
  const items = value.assetDamages;
  const assetOptions: Option[] = (assets.data ?? []).map((a) => ({ value: a.key, label: a.value }));
  const assetLabel = (key: number) => assets.data?.find((a) => a.key === key)?.value ?? '';

  const chooseAsset = (key: number | null) => {
    const unit = key === null ? null : (assets.data?.find((a) => a.key === key)?.pkUnitUkuranId ?? null);
    // the unit follows the asset's usual one; an asset without one keeps what was chosen
    dlg.update({ assetId: key, unitId: unit ?? dlg.draft?.unitId ?? null });
  };

  const save = () => {
    const d = dlg.draft;
    if (!d) return;
    if (d.assetId === null) return dlg.setError(ruleText('assetTypeRequired'));
    if (d.conditionId === null) return dlg.setError(ruleText('assetConditionRequired'));
    const count = parseAssetCount(d.count);
    if (count === null) return dlg.setError(ruleText('assetCount'));
    if (d.unitId === null) return dlg.setError(ruleText('assetUnitRequired'));
    const before = dlg.editingUid ? items.find((x) => x.uid === dlg.editingUid) : undefined;
    const item: AssetDamageItem = {
      uid: dlg.editingUid ?? newUid(),
      asetId: d.asetId,
      count,
      pkRoadFurnitureId: d.assetId,
      type: assetLabel(d.assetId) || (before?.pkRoadFurnitureId === d.assetId ? before.type : `#${d.assetId}`),
      pkRoadFurnitureConditionId: d.conditionId,
      condition: conditions.labelOf(d.conditionId) || (before?.condition ?? `#${d.conditionId}`),
      pkUnitUkuranId: d.unitId,
      unitUkuran: units.labelOf(d.unitId) || (before?.unitUkuran ?? `#${d.unitId}`),
    };
    onChange(upsertItem(value, 'assetDamages', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.asset.title')}
        onAdd={() => dlg.start({ assetId: null, conditionId: null, count: '', unitId: null, asetId: null }, null)}
        canAdd={canAdd(value, 'assetDamages', { disabled, na })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.asset.empty')}
        headerExtra={headerExtra}
        note={
          assets.isError && !disabled ? (
            <Text fontSize="xs" color="orange.700">
              {t('children.listFailed')}
            </Text>
          ) : undefined
        }
      >
        {items.map((a) => (
          <ChildRow
            key={a.uid}
            list={LIST}
            uid={a.uid}
            disabled={disabled}
            onEdit={() =>
              dlg.start(
                {
                  assetId: a.pkRoadFurnitureId,
                  conditionId: a.pkRoadFurnitureConditionId,
                  count: formatAssetCount(a.count),
                  unitId: a.pkUnitUkuranId,
                  asetId: a.asetId,
                },
                a.uid,
              )
            }
            onDelete={() => onChange(removeItem(value, 'assetDamages', a.uid))}
          >
            <RowPart>
              <strong>{a.type}</strong>
            </RowPart>
            <RowPart label={t('children.asset.condition')}>{a.condition}</RowPart>
            <RowPart label={t('children.count')}>
              {formatAssetCount(a.count)} {a.unitUkuran}
            </RowPart>
          </ChildRow>
        ))}
      </ChildListFrame>
      {dlg.draft && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          width={650}
          title={t(dlg.editingUid ? 'children.asset.editTitle' : 'children.asset.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <SelectField
            label={t('children.asset.type')}
            placeholder={t('children.asset.typePick')}
            value={dlg.draft.assetId}
            onChange={chooseAsset}
            options={assetOptions}
            loading={assets.isPending}
            helper={assets.isError ? t('children.listFailed') : undefined}
            required
            testId="child-asset-type"
          />
          <SelectField
            label={t('children.asset.condition')}
            placeholder={t('children.asset.conditionPick')}
            value={dlg.draft.conditionId}
            onChange={(x) => dlg.update({ conditionId: x })}
            options={conditions.options}
            loading={conditions.pending}
            required
            testId="child-asset-condition"
          />
          <TextInputField
            label={t('children.count')}
            inputMode="decimal"
            placeholder="0.00"
            value={dlg.draft.count}
            onChange={(x) => dlg.update({ count: assetCountInput(x) })}
            required
            testId="child-asset-count"
          />
          <SelectField
            label={t('children.asset.unit')}
            placeholder={t('children.asset.unitPick')}
            value={dlg.draft.unitId}
            onChange={(x) => dlg.update({ unitId: x })}
            options={units.options}
            loading={units.pending}
            required
            testId="child-asset-unit"
          />
        </ChildDialog>
      )}
    </>
  );
}
