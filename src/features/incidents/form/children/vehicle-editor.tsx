/** Kenderaan Terlibat (§2.9, §2.14, §3.6): plate, type and make; a new vehicle needs its plate and type (§5). */
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import type { VehicleItem } from '../children-model';
import { checkVehicle, normalizePlate } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { TextInputField, useLookupOptions } from './fields';
import type { ListEditorProps } from './types';

interface Draft {
  plateNo: string;
  typeId: number | null;
  brand: string;
  involvedVehicleId: number | null;
}

export function VehicleEditor(props: ListEditorProps) {
  const t = useT();
  const types = useLookupOptions('incidentVehicleType');

  return (
    <ChildListEditor<'vehicles', Draft>
      {...props}
      field="vehicles"
      list="involvedVehicle"
      texts="vehicle"
      blank={() => ({ plateNo: '', typeId: null, brand: '', involvedVehicleId: null })}
      draftOf={(v) => ({ plateNo: v.plateNo, typeId: v.jenisKenderaan?.key ?? null, brand: v.brand, involvedVehicleId: v.involvedVehicleId })}
      build={(d, { uid }) => {
        const item: VehicleItem = {
          uid,
          involvedVehicleId: d.involvedVehicleId,
          plateNo: d.plateNo.trim(),
          jenisKenderaan: d.typeId === null ? null : { key: d.typeId, value: types.labelOf(d.typeId) || `#${d.typeId}` },
          brand: d.brand.trim(),
        };
        return checkVehicle(item) ?? item;
      }}
      row={(v) => (
        <>
          <RowPart>
            <strong>{v.plateNo}</strong>
          </RowPart>
          <RowPart>{v.jenisKenderaan ? types.labelOf(v.jenisKenderaan.key) || v.jenisKenderaan.value : '-'}</RowPart>
          {v.brand && <RowPart label={t('children.vehicle.brand')}>{v.brand}</RowPart>}
        </>
      )}
      fields={(d, update) => (
        <>
          <TextInputField
            label={t('children.vehicle.plate')}
            value={d.plateNo}
            onChange={(x) => update({ plateNo: normalizePlate(x) })}
            maxLength={CHILD_LIMITS.plateMaxLength}
            required
            testId="child-vehicle-plate"
          />
          <SelectField
            label={t('children.vehicle.type')}
            placeholder={t('children.vehicle.typePick')}
            value={d.typeId}
            onChange={(x) => update({ typeId: x })}
            options={types.options}
            loading={types.pending}
            required
            testId="child-vehicle-type"
          />
          <TextInputField
            label={t('children.vehicle.brand')}
            value={d.brand}
            onChange={(x) => update({ brand: x })}
            maxLength={CHILD_LIMITS.brandMaxLength}
            testId="child-vehicle-brand"
          />
        </>
      )}
    />
  );
}
