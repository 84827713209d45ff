/** Jenis Kecederaan (§2.9, §3.6): injury type, count (a whole number ≥ 0, §5), gender and race. */
import { CHILD_LIMITS } from '@contract/child-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { parseInjuryCount } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { TextInputField, useLookupOptions } from './fields';
import type { ListEditorProps } from './types';

interface Draft {
  typeId: number | null;
  count: string;
  genderId: number | null;
  raceId: number | null;
  injuryId: number | null;
}

export function InjuryEditor(props: ListEditorProps) {
  const t = useT();
  const types = useLookupOptions('injuries');
  const genders = useLookupOptions('genderType');
  const races = useLookupOptions('race');

  return (
    <ChildListEditor<'injuries', Draft>
      {...props}
      field="injuries"
      list="injuryType"
      texts="injury"
      blank={() => ({ typeId: null, count: '1', genderId: null, raceId: null, injuryId: null })}
      draftOf={(i) => ({
        typeId: i.pkCasualtyTypeId,
        count: String(i.count),
        genderId: i.pkGenderTypeId,
        raceId: i.pkRaceTypeId,
        injuryId: i.injuryId,
      })}
      build={(d, { uid }) => {
        if (d.typeId === null) return 'injuryTypeRequired';
        const count = parseInjuryCount(d.count);
        if (count === null) return 'injuryCount';
        return {
          uid,
          injuryId: d.injuryId,
          pkCasualtyTypeId: d.typeId,
          casualtyType: types.labelOf(d.typeId) || `#${d.typeId}`,
          count,
          pkGenderTypeId: d.genderId,
          gender: genders.labelOf(d.genderId),
          pkRaceTypeId: d.raceId,
          race: races.labelOf(d.raceId),
        };
      }}
      row={(i) => (
        <>
          <RowPart>
            <strong>{types.labelOf(i.pkCasualtyTypeId) || i.casualtyType}</strong>
          </RowPart>
          <RowPart>{t('children.injury.people', { count: i.count })}</RowPart>
          {i.gender && <RowPart label={t('children.injury.gender')}>{genders.labelOf(i.pkGenderTypeId) || i.gender}</RowPart>}
          {i.race && <RowPart label={t('children.injury.race')}>{races.labelOf(i.pkRaceTypeId) || i.race}</RowPart>}
        </>
      )}
      fields={(d, update) => (
        <>
          <SelectField
            label={t('children.injury.type')}
            placeholder={t('children.injury.typePick')}
            value={d.typeId}
            onChange={(x) => update({ typeId: x })}
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
            value={d.count}
            onChange={(x) => update({ count: x.slice(0, String(CHILD_LIMITS.injuryCountMax).length + 1) })}
            required
            testId="child-injury-count"
          />
          <SelectField
            label={t('children.injury.gender')}
            placeholder={t('children.injury.genderPick')}
            value={d.genderId}
            onChange={(x) => update({ genderId: x })}
            options={genders.options}
            loading={genders.pending}
            testId="child-injury-gender"
          />
          <SelectField
            label={t('children.injury.race')}
            placeholder={t('children.injury.racePick')}
            value={d.raceId}
            onChange={(x) => update({ raceId: x })}
            options={races.options}
            loading={races.pending}
            testId="child-injury-race"
          />
        </>
      )}
    />
  );
}
