/**
 * Kerosakan Aset (§2.9, §2.15, §3.6): the damaged asset (roadFurniture/getAll), its condition, a count with 2
 * decimals (§5) and the unit, which defaults to the chosen asset's usual unit. Empty: 'Sila tambah Kerosakan'.
 */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField, type Option } from '../controls';
import { useRoadFurniture } from '../children-lookups';
import { assetCountInput, formatAssetCount, parseAssetCount } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { TextInputField, useLookupOptions } from './fields';
import type { NaListEditorProps } from './types';

interface Draft {
  assetId: number | null;
  conditionId: number | null;
  count: string;
  unitId: number | null;
  asetId: number | null;
}

export function AssetDamageEditor(props: NaListEditorProps) {
  const t = useT();
  const assets = useRoadFurniture();
  const conditions = useLookupOptions('roadFurnitureConditionType');
  const units = useLookupOptions('unitMeasurement');
  const assetOptions: Option[] = (assets.data ?? []).map((a) => ({ value: a.key, label: a.value }));
  const assetLabel = (key: number) => assets.data?.find((a) => a.key === key)?.value ?? '';

  return (
    <ChildListEditor<'assetDamages', Draft>
      {...props}
      field="assetDamages"
      list="roadFurnitureList"
      width={650}
      texts="asset"
      note={assets.isError && !props.disabled ? { text: t('children.listFailed'), warn: true } : null}
      blank={() => ({ assetId: null, conditionId: null, count: '', unitId: null, asetId: null })}
      draftOf={(a) => ({
        assetId: a.pkRoadFurnitureId,
        conditionId: a.pkRoadFurnitureConditionId,
        count: formatAssetCount(a.count),
        unitId: a.pkUnitUkuranId,
        asetId: a.asetId,
      })}
      build={(d, { uid, before }) => {
        if (d.assetId === null) return 'assetTypeRequired';
        if (d.conditionId === null) return 'assetConditionRequired';
        const count = parseAssetCount(d.count);
        if (count === null) return 'assetCount';
        if (d.unitId === null) return 'assetUnitRequired';
        return {
          uid,
          asetId: d.asetId,
          count,
          pkRoadFurnitureId: d.assetId,
          type: assetLabel(d.assetId) || (before?.pkRoadFurnitureId === d.assetId ? before.type : `#${d.assetId}`),
          pkRoadFurnitureConditionId: d.conditionId,
          condition: conditions.labelOf(d.conditionId) || (before?.condition ?? `#${d.conditionId}`),
          pkUnitUkuranId: d.unitId,
          unitUkuran: units.labelOf(d.unitId) || (before?.unitUkuran ?? `#${d.unitId}`),
        };
      }}
      row={(a) => (
        <>
          <RowPart>
            <strong>{a.type}</strong>
          </RowPart>
          <RowPart label={t('children.asset.condition')}>{a.condition}</RowPart>
          <RowPart label={t('children.count')}>
            {formatAssetCount(a.count)} {a.unitUkuran}
          </RowPart>
        </>
      )}
      fields={(d, update) => (
        <>
          <SelectField
            label={t('children.asset.type')}
            placeholder={t('children.asset.typePick')}
            value={d.assetId}
            onChange={(key) => {
              const unit = key === null ? null : (assets.data?.find((a) => a.key === key)?.pkUnitUkuranId ?? null);
              // the unit follows the asset's usual one; an asset without one keeps what was chosen
              update({ assetId: key, unitId: unit ?? d.unitId });
            }}
            options={assetOptions}
            loading={assets.isPending}
            helper={assets.isError ? t('children.listFailed') : undefined}
            required
            testId="child-asset-type"
          />
          <SelectField
            label={t('children.asset.condition')}
            placeholder={t('children.asset.conditionPick')}
            value={d.conditionId}
            onChange={(x) => update({ conditionId: x })}
            options={conditions.options}
            loading={conditions.pending}
            required
            testId="child-asset-condition"
          />
          <TextInputField
            label={t('children.count')}
            inputMode="decimal"
            placeholder="0.00"
            value={d.count}
            onChange={(x) => update({ count: assetCountInput(x) })}
            required
            testId="child-asset-count"
          />
          <SelectField
            label={t('children.asset.unit')}
            placeholder={t('children.asset.unitPick')}
            value={d.unitId}
            onChange={(x) => update({ unitId: x })}
            options={units.options}
            loading={units.pending}
            required
            testId="child-asset-unit"
          />
        </>
      )}
    />
  );
}
