/** Kenderaan Terlibat (§2.9, §2.14, §3.6): plate, type and make; a new vehicle needs its plate and type (§5). */
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { newUid, type VehicleItem } from '../children-model';
import { canAdd, checkVehicle, normalizePlate, removeItem, upsertItem } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { TextInputField, useItemDialog, useLookupOptions, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'involvedVehicle';

interface Draft {
  plateNo: string;
  typeId: number | null;
  brand: string;
  involvedVehicleId: number | null;
}

export function VehicleEditor({ value, onChange, disabled }: ListEditorProps) {
  const t = useT();
  const ruleText = useRuleText();
  const types = useLookupOptions('incidentVehicleType');
  const dlg = useItemDialog<Draft>();
  const items = value.vehicles;

  const save = () => {
    const d = dlg.draft;
    if (!d) return;
    const jenis = d.typeId === null ? null : { key: d.typeId, value: types.labelOf(d.typeId) || `#${d.typeId}` };
    const item: VehicleItem = {
      uid: dlg.editingUid ?? newUid(),
      involvedVehicleId: d.involvedVehicleId,
      plateNo: d.plateNo.trim(),
      jenisKenderaan: jenis,
      brand: d.brand.trim(),
    };
    const err = checkVehicle(item);
    if (err) return dlg.setError(ruleText(err));
    onChange(upsertItem(value, 'vehicles', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.vehicle.title')}
        onAdd={() => dlg.start({ plateNo: '', typeId: null, brand: '', involvedVehicleId: null }, null)}
        canAdd={canAdd(value, 'vehicles', { disabled })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.vehicle.empty')}
      >
        {items.map((v) => (
          <ChildRow
            key={v.uid}
            list={LIST}
            uid={v.uid}
            disabled={disabled}
            onEdit={() =>
              dlg.start({ plateNo: v.plateNo, typeId: v.jenisKenderaan?.key ?? null, brand: v.brand, involvedVehicleId: v.involvedVehicleId }, v.uid)
            }
            onDelete={() => onChange(removeItem(value, 'vehicles', v.uid))}
          >
            <RowPart>
              <strong>{v.plateNo}</strong>
            </RowPart>
            <RowPart>{v.jenisKenderaan?.value ?? '-'}</RowPart>
            {v.brand && <RowPart label={t('children.vehicle.brand')}>{v.brand}</RowPart>}
          </ChildRow>
        ))}
      </ChildListFrame>
      {dlg.draft && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          title={t(dlg.editingUid ? 'children.vehicle.editTitle' : 'children.vehicle.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <TextInputField
            label={t('children.vehicle.plate')}
            value={dlg.draft.plateNo}
            onChange={(x) => dlg.update({ plateNo: normalizePlate(x) })}
            maxLength={CHILD_LIMITS.plateMaxLength}
            required
            testId="child-vehicle-plate"
          />
          <SelectField
            label={t('children.vehicle.type')}
            placeholder={t('children.vehicle.typePick')}
            value={dlg.draft.typeId}
            onChange={(x) => dlg.update({ typeId: x })}
            options={types.options}
            loading={types.pending}
            required
            testId="child-vehicle-type"
          />
          <TextInputField
            label={t('children.vehicle.brand')}
            value={dlg.draft.brand}
            onChange={(x) => dlg.update({ brand: x })}
            maxLength={CHILD_LIMITS.brandMaxLength}
            testId="child-vehicle-brand"
          />
        </ChildDialog>
      )}
    </>
  );
}
