/**
 * The subform of an event type (§2.9–2.15, §3.4, §3.5): a controlled component over SubformValues — the top-level
 * fields and the child-list editors (issue #5) in the order of §2.9–2.15. The lists are edited in
 * `value.children`; each change comes back whole through onChange. The accident's N/A flags sit beside their own
 * lists (§4.5); the assistance radio (or the other-assistance switch of 188 and 189) opens the other-assistance or
 * existing-assistance editor (§4.6). Lampiran Media is composed by the page.
 */
import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Box, Checkbox, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import type { LookupName } from '@contract/lookups';
import { INCIDENT_LIMITS, SUBFORMS, isEventTypeId, type SubformKind } from '@contract/incident-rules';
import { useLookup } from '@/lib/lookups';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import '@/lib/i18n/parts/new-case';
import { RadioField, SelectField, YesNoField, readOnlyCss, type Option } from './controls';
import { OTHER_ASSIST_KEY, normalizeRemark, type SubformValues } from './model';
import { emptyChildren, type SubformChildren } from './children-model';
import {
  assetNaEnabled,
  assistAfterRadio,
  assistEditorFor,
  assistRadioLocked,
  jamNaEnabled,
  laneNaEnabled,
  showLaneClosureBlock,
} from './children-rules';
import {
  AssetDamageEditor,
  AssistEditor,
  CollisionEditor,
  InjuryEditor,
  LaneClosureEditor,
  SectionChips,
  TrafficJamEditor,
  VehicleEditor,
} from './children';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';

export interface SubformFieldsProps {
  /** the event type key 184–190 (incidentCategory); anything else shows a hint to choose one */
  eventTypeId: number | null;
  value: SubformValues;
  onChange: (next: SubformValues) => void;
  /** every control read-only (§2.15) */
  disabled?: boolean;
  /** field messages, e.g. from a resolver (remark) */
  errors?: Partial<Record<keyof SubformValues, string>>;
}

function useOptions(name: LookupName) {
  const q = useLookup(name);
  const options = useMemo<Option[]>(() => (q.data ?? []).map((i) => ({ value: i.key, label: i.value })), [q.data]);
  return { options, pending: q.isPending };
}

type SelectField_ = 'pkBreakdownCauseId' | 'pkObstacleObjectTypeId' | 'pkStrayAnimalTypeId' | 'pkHazardTypeId' | 'pkOthersTypeId';
interface TypeSelectSpec {
  lookup: LookupName;
  field: SelectField_;
  label: TextKey;
  pick: TextKey;
  testId: string;
}

/** The "kind of …" select of each subform that has one (§2.10–2.14). */
const TYPE_SELECT: Partial<Record<SubformKind, TypeSelectSpec>> = {
  breakdown: {
    lookup: 'breakdownCause',
    field: 'pkBreakdownCauseId',
    label: 'newCase.sub.breakdownCause',
    pick: 'newCase.sub.breakdownCausePick',
    testId: 'sub-breakdown-cause',
  },
  obstacle: {
    lookup: 'obstacleObjectType',
    field: 'pkObstacleObjectTypeId',
    label: 'newCase.sub.obstacleType',
    pick: 'newCase.sub.obstacleTypePick',
    testId: 'sub-obstacle-type',
  },
  strayAnimal: {
    lookup: 'strayAnimalType',
    field: 'pkStrayAnimalTypeId',
    label: 'newCase.sub.animalType',
    pick: 'newCase.sub.animalTypePick',
    testId: 'sub-animal-type',
  },
  roadConditionHazard: {
    lookup: 'roadConditionHazardType',
    field: 'pkHazardTypeId',
    label: 'newCase.sub.hazardType',
    pick: 'newCase.sub.hazardTypePick',
    testId: 'sub-hazard-type',
  },
  others: {
    lookup: 'incidentOtherType',
    field: 'pkOthersTypeId',
    label: 'newCase.sub.othersType',
    pick: 'newCase.sub.othersTypePick',
    testId: 'sub-others-type',
  },
};

/** Assistance per subform: the full radio, or only other-assistance (§2.12 road condition, §2.15 asset damage). */
const ASSIST_OF: Record<SubformKind, 'radio' | 'otherOnly'> = {
  accident: 'radio',
  breakdown: 'radio',
  obstacle: 'radio',
  strayAnimal: 'radio',
  roadConditionHazard: 'otherOnly',
  roadFurniture: 'otherOnly',
  others: 'radio',
};

function TypeSelect({
  spec,
  value,
  set,
  disabled,
}: {
  spec: TypeSelectSpec;
  value: SubformValues;
  set: (k: SelectField_, x: number | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <LookupSelect
      name={spec.lookup}
      label={t(spec.label)}
      placeholder={t(spec.pick)}
      value={value[spec.field]}
      onChange={(x) => set(spec.field, x)}
      disabled={disabled}
      testId={spec.testId}
    />
  );
}

export function SubformFields({ eventTypeId, value, onChange, disabled = false, errors }: SubformFieldsProps) {
  const t = useT();
  const set = <K extends keyof SubformValues>(k: K, x: SubformValues[K]) => onChange({ ...value, [k]: x });
  // values kept from before the child lists existed (an old draft) have none
  const children: SubformChildren = value.children ?? emptyChildren();
  const setChildren = (next: SubformChildren) => onChange({ ...value, children: next });

  if (eventTypeId === null || !isEventTypeId(eventTypeId)) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="subform-none">
        {t('newCase.sub.pickEventType')}
      </Text>
    );
  }
  const kind = SUBFORMS[eventTypeId].kind;
  const lists = { value: children, onChange: setChildren, disabled };
  const naFlag = (field: 'naFlagTrafficJam' | 'naFlagLaneClosure' | 'naFlagRoadFurniture', enabled: boolean, testId: string) => (
    <NaFlag label={t('children.na')} checked={value[field]} onChange={(x) => set(field, x)} disabled={!enabled} testId={testId} />
  );

  const typeSelect = TYPE_SELECT[kind] && <TypeSelect spec={TYPE_SELECT[kind]} value={value} set={set} disabled={disabled} />;
  const sections = <SectionChips {...lists} />;
  const assistance = <AssistanceBlock kind={kind} value={value} lists={children} onChange={onChange} disabled={disabled} />;
  const safety = (
    <YesNoField
      label={t('newCase.sub.moveToSafety')}
      value={value.moveToSafety}
      onChange={(x) => set('moveToSafety', x)}
      yes={t('newCase.sub.yes')}
      no={t('newCase.sub.no')}
      disabled={disabled}
      testId="sub-safety"
    />
  );

  // §2.9–2.15: each subform's parts in the spec's order
  let parts: ReactNode[];
  switch (kind) {
    case 'accident':
      parts = [
        <CollisionEditor key="collisions" {...lists} />,
        <LookupRadio
          key="casualty"
          name="casualtyType"
          label={t('newCase.sub.casualtyType')}
          value={value.pkCasualTypeId}
          onChange={(x) => set('pkCasualTypeId', x)}
          disabled={disabled}
          testId="sub-casualty"
        />,
        <InjuryEditor key="injuries" {...lists} />,
        <VehicleEditor key="vehicles" {...lists} />,
        <Box key="sections">{sections}</Box>,
        <Box key="assist">{assistance}</Box>,
        <AssetDamageEditor
          key="assets"
          {...lists}
          na={value.naFlagRoadFurniture}
          headerExtra={naFlag('naFlagRoadFurniture', assetNaEnabled(children, disabled), 'sub-na-furniture')}
        />,
        <LaneClosureEditor
          key="lanes"
          {...lists}
          na={value.naFlagLaneClosure}
          headerExtra={naFlag('naFlagLaneClosure', laneNaEnabled(children, disabled), 'sub-na-lane')}
        />,
        <TrafficJamEditor
          key="jam"
          {...lists}
          na={value.naFlagTrafficJam}
          headerExtra={naFlag('naFlagTrafficJam', jamNaEnabled(children, disabled), 'sub-na-traffic')}
        />,
      ];
      break;
    case 'breakdown':
      parts = [
        <VehicleEditor key="vehicles" {...lists} />,
        <Box key="type">{typeSelect}</Box>,
        <Box key="sections">{sections}</Box>,
        <Box key="assist">{assistance}</Box>,
      ];
      break;
    case 'obstacle':
    case 'strayAnimal':
      parts = [
        <Box key="type">{typeSelect}</Box>,
        <Box key="sections">{sections}</Box>,
        <Box key="assist">{assistance}</Box>,
        <Box key="safety">{safety}</Box>,
      ];
      break;
    case 'roadConditionHazard':
      parts = [<Box key="type">{typeSelect}</Box>, <Box key="sections">{sections}</Box>, <Box key="assist">{assistance}</Box>];
      break;
    case 'others':
      parts = [
        <Box key="type">{typeSelect}</Box>,
        showLaneClosureBlock(value.pkOthersTypeId, children) ? <LaneClosureEditor key="lanes" {...lists} /> : null,
        <Box key="assist">{assistance}</Box>,
      ];
      break;
    case 'roadFurniture':
      parts = [<AssetDamageEditor key="assets" {...lists} />, <Box key="assist">{assistance}</Box>];
      break;
  }

  return (
    <Stack gap="5" css={disabled ? readOnlyCss : undefined} data-testid={`subform-${kind}`} data-event-type={eventTypeId}>
      {parts}
      <RemarkField value={value.remark} onChange={(x) => set('remark', x)} disabled={disabled} error={errors?.remark} />
    </Stack>
  );
}

/**
 * Jenis Bantuan (§4.6): the radio (or the other-assistance switch of 188 and 189) and the list editor its value
 * opens — 277 or the last option the other-assistance list, 430 the existing-assistance list. Another choice drops
 * the unsaved items; the radio is read-only in the breakdown and other-incident forms while items exist.
 */
function AssistanceBlock({
  kind,
  value,
  lists: children,
  onChange,
  disabled,
}: {
  kind: SubformKind;
  value: SubformValues;
  lists: SubformChildren;
  onChange: (next: SubformValues) => void;
  disabled: boolean;
}) {
  const t = useT();
  const assistTypes = useOptions('assistType');
  const keys = useMemo(() => assistTypes.options.map((o) => o.value), [assistTypes.options]);
  const choose = (x: number | null) =>
    onChange({ ...value, pkAssistTypeId: x, children: assistAfterRadio(children, x, ASSIST_OF[kind] === 'radio' ? keys : []) });
  const editor = assistEditorFor(value.pkAssistTypeId, ASSIST_OF[kind] === 'radio' ? keys : []);
  const locked = assistRadioLocked(kind, children);
  return (
    <Stack gap="3">
      {ASSIST_OF[kind] === 'radio' ? (
        <Box>
          <AssistRadio value={value.pkAssistTypeId} onChange={choose} disabled={disabled || locked} />
          {locked && !disabled && (
            <Text fontSize="xs" color="fg.muted" mt="1" data-testid="sub-assist-locked">
              {t('children.assist.locked')}
            </Text>
          )}
        </Box>
      ) : (
        <OtherAssistOnly value={value.pkAssistTypeId} onChange={choose} disabled={disabled} />
      )}
      {editor && <AssistEditor kind={editor} value={children} onChange={(next) => onChange({ ...value, children: next })} disabled={disabled} />}
    </Stack>
  );
}

/**
 * SubformFields bound to a react-hook-form field holding SubformValues (`name`, e.g. 'subform'). The field's value
 * is what shows: resetting the form with a newly saved record replaces the content.
 */
export function SubformFieldsField<T extends FieldValues>({
  control,
  name,
  eventTypeId,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  eventTypeId: number | null;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const remarkError = (fieldState.error as unknown as { remark?: { message?: string } } | undefined)?.remark?.message;
  return (
    <SubformFields
      eventTypeId={eventTypeId}
      value={field.value as SubformValues}
      onChange={(v) => field.onChange(v)}
      disabled={disabled}
      errors={remarkError ? { remark: remarkError } : undefined}
    />
  );
}

function LookupSelect({
  name,
  label,
  placeholder,
  value,
  onChange,
  disabled,
  testId,
}: {
  name: LookupName;
  label: string;
  placeholder: string;
  value: number | null;
  onChange: (v: number | null) => void;
  disabled: boolean;
  testId: string;
}) {
  const o = useOptions(name);
  return (
    <Box maxW={{ lg: '560px' }}>
      <SelectField
        readOnly={disabled}
        label={label}
        value={value}
        onChange={onChange}
        options={o.options}
        placeholder={placeholder}
        disabled={disabled}
        loading={o.pending}
        testId={testId}
      />
    </Box>
  );
}

function LookupRadio({
  name,
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  name: LookupName;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  disabled: boolean;
  testId: string;
}) {
  const t = useT();
  const o = useOptions(name);
  return (
    <RadioField
      label={label}
      value={value}
      onChange={onChange}
      options={o.options}
      disabled={disabled}
      loading={o.pending}
      testId={testId}
      clearLabel={t('newCase.sub.clear')}
      columns={2}
    />
  );
}

function AssistRadio({ value, onChange, disabled }: { value: number | null; onChange: (v: number | null) => void; disabled: boolean }) {
  const t = useT();
  return (
    <LookupRadio name="assistType" label={t('newCase.sub.assistType')} value={value} onChange={onChange} disabled={disabled} testId="sub-assist" />
  );
}

/** §2.12, §2.15: assistance only through the other-assistance list (277) — one switch. */
function OtherAssistOnly({ value, onChange, disabled }: { value: number | null; onChange: (v: number | null) => void; disabled: boolean }) {
  const t = useT();
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {t('newCase.sub.assistType')}
      </Field.Label>
      <NaFlag
        label={t('newCase.sub.assistOther')}
        checked={value === OTHER_ASSIST_KEY}
        onChange={(x) => onChange(x ? OTHER_ASSIST_KEY : null)}
        disabled={disabled}
        testId="sub-assist-other"
      />
      <Field.HelperText>{t('newCase.sub.assistOtherHint')}</Field.HelperText>
    </Field.Root>
  );
}

function NaFlag({
  label,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      checked={checked}
      onCheckedChange={(d) => onChange(d.checked === true)}
      disabled={disabled}
      colorPalette="brand"
      minH="11"
      px="3"
      rounded="md"
      borderWidth="1px"
      borderColor={checked ? 'brand.300' : 'border'}
      bg={checked ? 'brand.subtle' : disabled ? 'bg.subtle' : 'bg.panel'}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontSize="sm">{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Catatan (§5): upper case as typed (the caret stays where it was), at most 500 characters with a counter,
 * placeholder 'Sila taip catatan anda'.
 */
function RemarkField({ value, onChange, disabled, error }: { value: string; onChange: (v: string) => void; disabled: boolean; error?: string }) {
  const t = useT();
  const max = INCIDENT_LIMITS.remarkMax;
  const handle = (e: ChangeEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    const { selectionStart, selectionEnd } = el;
    const next = normalizeRemark(el.value);
    if (next !== el.value) {
      el.value = next;
      el.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange(next);
  };
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {t('newCase.sub.remark')}
      </Field.Label>
      <Textarea
        recipe={textareaRecipe}
        value={value}
        onChange={handle}
        maxLength={max}
        rows={4}
        autoresize
        placeholder={disabled ? '-' : t('newCase.sub.remarkPlaceholder')}
        bg={disabled ? 'bg.subtle' : 'bg.panel'}
        textTransform="uppercase"
        css={{ '&::placeholder': { textTransform: 'none' } }}
        data-testid="sub-remark"
      />
      <Flex w="full" justify="space-between" gap="2">
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <span />}
        <Text fontSize="xs" color={value.length >= max ? 'red.fg' : 'fg.muted'} data-testid="sub-remark-count">
          {t('newCase.sub.remarkCount', { count: value.length, max })}
        </Text>
      </Flex>
    </Field.Root>
  );
}
