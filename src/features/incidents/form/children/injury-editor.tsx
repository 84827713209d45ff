/** Jenis Kecederaan (§2.9, §3.6): injury type, count (a whole number ≥ 0, §5), gender and race. */
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { newUid, type InjuryItem } from '../children-model';
import { canAdd, parseInjuryCount, removeItem, upsertItem } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { TextInputField, useItemDialog, useLookupOptions, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'injuryType';

interface Draft {
  typeId: number | null;
  count: string;
  genderId: number | null;
  raceId: number | null;
  injuryId: number | null;
}

export function InjuryEditor({ value, onChange, disabled }: ListEditorProps) {
  const t = useT();
  const ruleText = useRuleText();
  const types = useLookupOptions('injuries');
  const genders = useLookupOptions('genderType');
  const races = useLookupOptions('race');
  const dlg = useItemDialog<Draft>();
  const items = value.injuries;

  const save = () => {
    const d = dlg.draft;
    if (!d) return;
    if (d.typeId === null) return dlg.setError(ruleText('injuryTypeRequired'));
    const count = parseInjuryCount(d.count);
    if (count === null) return dlg.setError(ruleText('injuryCount'));
    const item: InjuryItem = {
      uid: dlg.editingUid ?? newUid(),
      injuryId: d.injuryId,
      pkCasualtyTypeId: d.typeId,
      casualtyType: types.labelOf(d.typeId) || `#${d.typeId}`,
      count,
      pkGenderTypeId: d.genderId,
      gender: genders.labelOf(d.genderId),
      pkRaceTypeId: d.raceId,
      race: races.labelOf(d.raceId),
    };
    onChange(upsertItem(value, 'injuries', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.injury.title')}
        onAdd={() => dlg.start({ typeId: null, count: '1', genderId: null, raceId: null, injuryId: null }, null)}
        canAdd={canAdd(value, 'injuries', { disabled })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.injury.empty')}
      >
        {items.map((i) => (
          <ChildRow
            key={i.uid}
            list={LIST}
            uid={i.uid}
            disabled={disabled}
            onEdit={() =>
              dlg.start(
                { typeId: i.pkCasualtyTypeId, count: String(i.count), genderId: i.pkGenderTypeId, raceId: i.pkRaceTypeId, injuryId: i.injuryId },
                i.uid,
              )
            }
            onDelete={() => onChange(removeItem(value, 'injuries', i.uid))}
          >
            <RowPart>
              <strong>{i.casualtyType}</strong>
            </RowPart>
            <RowPart>{t('children.injury.people', { count: i.count })}</RowPart>
            {i.gender && <RowPart label={t('children.injury.gender')}>{i.gender}</RowPart>}
            {i.race && <RowPart label={t('children.injury.race')}>{i.race}</RowPart>}
          </ChildRow>
        ))}
      </ChildListFrame>
      {dlg.draft && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          title={t(dlg.editingUid ? 'children.injury.editTitle' : 'children.injury.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <SelectField
            label={t('children.injury.type')}
            placeholder={t('children.injury.typePick')}
            value={dlg.draft.typeId}
            onChange={(x) => dlg.update({ typeId: x })}
            options={types.options}
            loading={types.pending}
            required
            testId="child-injury-type"
          />
          <TextInputField
            label={t('children.count')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={dlg.draft.count}
            onChange={(x) => dlg.update({ count: x.slice(0, String(CHILD_LIMITS.injuryCountMax).length + 1) })}
            required
            testId="child-injury-count"
          />
          <SelectField
            label={t('children.injury.gender')}
            placeholder={t('children.injury.genderPick')}
            value={dlg.draft.genderId}
            onChange={(x) => dlg.update({ genderId: x })}
            options={genders.options}
            loading={genders.pending}
            testId="child-injury-gender"
          />
          <SelectField
            label={t('children.injury.race')}
            placeholder={t('children.injury.racePick')}
            value={dlg.draft.raceId}
            onChange={(x) => dlg.update({ raceId: x })}
            options={races.options}
            loading={races.pending}
            testId="child-injury-race"
          />
        </ChildDialog>
      )}
    </>
  );
}
