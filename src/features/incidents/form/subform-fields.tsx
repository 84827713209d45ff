/**
 * The top-level fields of the subform of an event type (§2.9–2.15, §3.4): a controlled component over
 * SubformValues. The child lists (vehicles, injuries, lanes, assistance items, …) are issue #5.
 */
import { useMemo, type ChangeEvent } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Box, Checkbox, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import type { LookupName } from '@contract/lookups';
import { INCIDENT_LIMITS, SUBFORMS, isEventTypeId, type SubformKind } from '@contract/incident-rules';
import { useLookup } from '@/lib/lookups';
import { useT, type TextKey } from '@/lib/i18n';
import { RadioField, SelectField, YesNoField, readOnlyCss, type Option } from './controls';
import { OTHER_ASSIST_KEY, normalizeRemark, type SubformValues } from './model';
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
  breakdown: { lookup: 'breakdownCause', field: 'pkBreakdownCauseId', label: 'newCase.sub.breakdownCause', pick: 'newCase.sub.breakdownCausePick', testId: 'sub-breakdown-cause' },
  obstacle: { lookup: 'obstacleObjectType', field: 'pkObstacleObjectTypeId', label: 'newCase.sub.obstacleType', pick: 'newCase.sub.obstacleTypePick', testId: 'sub-obstacle-type' },
  strayAnimal: { lookup: 'strayAnimalType', field: 'pkStrayAnimalTypeId', label: 'newCase.sub.animalType', pick: 'newCase.sub.animalTypePick', testId: 'sub-animal-type' },
  roadConditionHazard: { lookup: 'roadConditionHazardType', field: 'pkHazardTypeId', label: 'newCase.sub.hazardType', pick: 'newCase.sub.hazardTypePick', testId: 'sub-hazard-type' },
  others: { lookup: 'incidentOtherType', field: 'pkOthersTypeId', label: 'newCase.sub.othersType', pick: 'newCase.sub.othersTypePick', testId: 'sub-others-type' },
};

/** Assistance per subform: the full radio, or only other-assistance (§2.12 road condition, §2.15 asset damage). */
/** The three 'not applicable' flags of an accident (§3.4), in the order shown. */
const NA_FLAGS = [
  { field: 'naFlagTrafficJam', label: 'newCase.sub.naTrafficJam', testId: 'sub-na-traffic' },
  { field: 'naFlagLaneClosure', label: 'newCase.sub.naLaneClosure', testId: 'sub-na-lane' },
  { field: 'naFlagRoadFurniture', label: 'newCase.sub.naRoadFurniture', testId: 'sub-na-furniture' },
] as const satisfies readonly { field: keyof SubformValues; label: TextKey; testId: string }[];

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

  if (eventTypeId === null || !isEventTypeId(eventTypeId)) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="subform-none">
        {t('newCase.sub.pickEventType')}
      </Text>
    );
  }
  const kind = SUBFORMS[eventTypeId].kind;

  return (
    <Stack gap="5" css={disabled ? readOnlyCss : undefined} data-testid={`subform-${kind}`} data-event-type={eventTypeId}>
      {kind === 'accident' && (
        <>
          <LookupRadio
            name="casualtyType"
            label={t('newCase.sub.casualtyType')}
            value={value.pkCasualTypeId}
            onChange={(x) => set('pkCasualTypeId', x)}
            disabled={disabled}
            testId="sub-casualty"
          />
          <Field.Root disabled={disabled}>
            <Field.Label fontSize="sm" fontWeight="semibold" color="gray.700">
              {t('newCase.sub.naFlags')}
            </Field.Label>
            <Flex gap="2" wrap="wrap">
              {NA_FLAGS.map((f) => (
                <NaFlag key={f.field} label={t(f.label)} checked={value[f.field]} onChange={(x) => set(f.field, x)} disabled={disabled} testId={f.testId} />
              ))}
            </Flex>
          </Field.Root>
        </>
      )}
      {TYPE_SELECT[kind] && <TypeSelect spec={TYPE_SELECT[kind]} value={value} set={set} disabled={disabled} />}
      {ASSIST_OF[kind] === 'radio' && <AssistRadio value={value.pkAssistTypeId} onChange={(x) => set('pkAssistTypeId', x)} disabled={disabled} />}
      {ASSIST_OF[kind] === 'otherOnly' && (
        <OtherAssistOnly value={value.pkAssistTypeId} onChange={(x) => set('pkAssistTypeId', x)} disabled={disabled} />
      )}
      {(kind === 'obstacle' || kind === 'strayAnimal') && (
        <YesNoField
          label={t('newCase.sub.moveToSafety')}
          value={value.moveToSafety}
          onChange={(x) => set('moveToSafety', x)}
          yes={t('newCase.sub.yes')}
          no={t('newCase.sub.no')}
          disabled={disabled}
          testId="sub-safety"
        />
      )}
      <RemarkField value={value.remark} onChange={(x) => set('remark', x)} disabled={disabled} error={errors?.remark} />
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
      <Field.Label fontSize="sm" fontWeight="semibold" color="gray.700">
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
    <Checkbox.Root recipe={checkboxSlotRecipe}
      checked={checked}
      onCheckedChange={(d) => onChange(d.checked === true)}
      disabled={disabled}
      colorPalette="brand"
      minH="11"
      px="3"
      rounded="md"
      borderWidth="1px"
      borderColor={checked ? 'brand.300' : 'gray.200'}
      bg={checked ? 'brand.50' : disabled ? 'gray.50' : 'white'}
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
      <Field.Label fontSize="sm" fontWeight="semibold" color="gray.700">
        {t('newCase.sub.remark')}
      </Field.Label>
      <Textarea recipe={textareaRecipe}
        value={value}
        onChange={handle}
        maxLength={max}
        rows={4}
        autoresize
        placeholder={disabled ? '-' : t('newCase.sub.remarkPlaceholder')}
        bg={disabled ? 'gray.50' : 'white'}
        textTransform="uppercase"
        css={{ '&::placeholder': { textTransform: 'none' } }}
        data-testid="sub-remark"
      />
      <Flex w="full" justify="space-between" gap="2">
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <span />}
        <Text fontSize="xs" color={value.length >= max ? 'red.600' : 'fg.muted'} data-testid="sub-remark-count">
          {t('newCase.sub.remarkCount', { count: value.length, max })}
        </Text>
      </Flex>
    </Field.Root>
  );
}
