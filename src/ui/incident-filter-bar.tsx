import { memo, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, Field, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronUp, LuLock, LuRotateCcw, LuSearch, LuSlidersHorizontal } from 'react-icons/lu';
import { INCIDENT_LIMITS, STATUS_GROUP_NAMES, type StatusGroup } from '@contract/incident-rules';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/lists';
import { PLATE_MIN_CHARS, plateTooShort, type ListFilterValues } from '@/lib/incident-list';
import type { ListOptions } from '@/lib/incident-list-options';
import { DateField } from './date-field';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';

export type FilterField = 'ticket' | 'plate' | 'km' | 'dates' | 'region' | 'section' | 'category' | 'group' | 'status';

export const GROUP_LABEL: Record<StatusGroup, TextKey> = {
  BARU: 'lists.group.BARU',
  TINDAKAN: 'lists.group.TINDAKAN',
  SELESAI: 'lists.group.SELESAI',
  TUTUP: 'lists.group.TUTUP',
  BATAL: 'lists.group.BATAL',
};

type TextDraft = { ticket: string; plate: string; km: string };
const draftOf = (v: ListFilterValues): TextDraft => ({ ticket: v.ticket ?? '', plate: v.plate ?? '', km: v.km ?? '' });

/**
 * The filters of §7.3 for the incident lists. Choices apply at once; typed fields (ticket, plate, KM) apply on
 * Enter or Cari, so a list is not fetched on every key. Memoised: a screen's counters and list answer several times
 * while it loads, and the bar (with its two date pickers) need not render again for them when its props are stable.
 */
export const IncidentFilterBar = memo(function IncidentFilterBar({
  values,
  fields,
  options,
  groups = STATUS_GROUP_NAMES,
  onChange,
  onReset,
  resetDisabled,
  testId = 'incident-filters',
  extra,
  defaultAdvancedOpen = false,
}: {
  /** a search page shows every filter from the start */
  defaultAdvancedOpen?: boolean;
  values: ListFilterValues;
  fields: readonly FilterField[];
  options: ListOptions;
  /** the status groups offered (the dashboard has no Tutup/Batal) */
  groups?: readonly StatusGroup[];
  onChange: (patch: Partial<ListFilterValues>) => void;
  onReset: () => void;
  resetDisabled?: boolean;
  testId?: string;
  extra?: ReactNode;
}) {
  const t = useT();
  const has = (f: FilterField) => fields.includes(f);
  const [draft, setDraft] = useState<TextDraft>(() => draftOf(values));
  // the URL is the truth: follow it when it changes from outside (reset, a counter, back button)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the three typed filters in the URL resets the draft, not a new values object or another filter
  useEffect(() => setDraft(draftOf(values)), [values.ticket, values.plate, values.km]);

  // the date pickers are memoised on their props: the bar's renders for its option lists (sections, types, statuses
  // answer one by one as a screen loads) leave them alone
  const onFrom = useCallback((d: string) => onChange({ from: d }), [onChange]);
  const onTo = useCallback((d: string) => onChange({ to: d }), [onChange]);

  const plateError = has('plate') && plateTooShort(draft.plate) ? t('lists.filter.plateMin', { n: PLATE_MIN_CHARS }) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (plateError) return;
    const clean = (s: string) => s.trim().replace(/\s+/g, ' ');
    onChange({
      ...(has('ticket') ? { ticket: clean(draft.ticket).toUpperCase() || undefined } : {}),
      ...(has('plate') ? { plate: clean(draft.plate).toUpperCase() || undefined } : {}),
      ...(has('km') ? { km: clean(draft.km) || undefined } : {}),
    });
  };
  const dirty = draftOf(values).ticket !== draft.ticket || draftOf(values).plate !== draft.plate || draftOf(values).km !== draft.km;

  const num = (v: string) => (v ? Number(v) : undefined);
  const ADVANCED: FilterField[] = ['region', 'section', 'category', 'group', 'status'];
  const hasAdvanced = ADVANCED.some(has);
  const advancedCount = [
    has('region') && options.seesAllRegions && values.region,
    has('section') && values.sectionId,
    has('category') && values.category,
    has('group') && values.group,
    has('status') && values.status,
  ].filter(Boolean).length;
  // open when a choice in it is active (a counter click, a shared URL), else as the user left it
  const [showAdvanced, setShowAdvanced] = useState<boolean | null>(null);
  const advancedOpen = showAdvanced ?? (defaultAdvancedOpen || advancedCount > 0);

  return (
    <Box
      as="form"
      onSubmit={submit}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p="4"
      boxShadow="xs"
      data-testid={testId}
      role="search"
    >
      <Flex gap="3" align="flex-end" wrap="wrap">
        {has('ticket') && (
          <TextInput
            label={t('lists.filter.ticket')}
            placeholder={t('lists.filter.ticketPlaceholder')}
            value={draft.ticket}
            onChange={(v) => setDraft((d) => ({ ...d, ticket: v }))}
            maxLength={40}
            width={{ base: 'full', md: '210px' }}
            testId="filter-ticket"
            mono
            hint={t('lists.filter.ticketHint')}
          />
        )}
        {has('plate') && (
          <TextInput
            label={t('lists.filter.plate')}
            placeholder={t('lists.filter.platePlaceholder')}
            value={draft.plate}
            onChange={(v) => setDraft((d) => ({ ...d, plate: v.toUpperCase() }))}
            maxLength={INCIDENT_LIMITS.plateMaxLength}
            width="140px"
            testId="filter-plate"
            mono
            error={plateError}
          />
        )}
        {has('km') && (
          <TextInput
            label={t('lists.filter.km')}
            placeholder={t('lists.filter.kmPlaceholder')}
            value={draft.km}
            onChange={(v) => setDraft((d) => ({ ...d, km: v }))}
            maxLength={INCIDENT_LIMITS.kilometerMaxLength}
            width="100px"
            testId="filter-km"
          />
        )}
        {has('dates') && (
          <>
            <DateField label={t('lists.filter.from')} value={values.from ?? ''} onChange={onFrom} width="152px" testId="filter-from" />
            <DateField label={t('lists.filter.to')} value={values.to ?? ''} onChange={onTo} width="152px" testId="filter-to" />
          </>
        )}
        {extra}
        <Flex gap="2" ms={{ base: '0', md: 'auto' }} wrap="wrap">
          {hasAdvanced && (
            <Button
              type="button"
              variant="outline"
              minH="11"
              onClick={() => setShowAdvanced(!advancedOpen)}
              aria-expanded={advancedOpen}
              aria-controls={`${testId}-more`}
              aria-label={t('lists.filter.more')}
              title={t('lists.filter.more')}
              px={{ base: '3', xl: '4' }}
              data-testid="filter-more"
            >
              <LuSlidersHorizontal />
              <Box as="span" hideBelow="xl">
                {t('lists.filter.more')}
              </Box>
              {advancedCount > 0 && (
                <Badge colorPalette="brand" variant="solid" size="sm" rounded="full">
                  {advancedCount}
                </Badge>
              )}
              {advancedOpen ? <LuChevronUp /> : <LuChevronDown />}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" minH="11" data-testid="filter-submit" variant={dirty ? 'solid' : 'outline'}>
            <LuSearch /> {t('lists.filter.search')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            minH="11"
            px={{ base: '3', xl: '4' }}
            onClick={onReset}
            disabled={resetDisabled}
            aria-label={t('lists.filter.reset')}
            title={t('lists.filter.reset')}
            data-testid="filter-reset"
          >
            <LuRotateCcw />
            <Box as="span" hideBelow="xl">
              {t('lists.filter.reset')}
            </Box>
          </Button>
        </Flex>
      </Flex>
      {hasAdvanced && advancedOpen && (
        <Flex
          id={`${testId}-more`}
          gap="3"
          align="flex-end"
          wrap="wrap"
          mt="3"
          pt="3"
          borderTopWidth="1px"
          borderColor="border.muted"
          data-testid="filter-advanced"
        >
          {has('region') &&
            (options.seesAllRegions ? (
              <Select
                label={t('lists.filter.region')}
                value={values.region ?? ''}
                onChange={(v) => onChange({ region: v || undefined, sectionId: undefined })}
                all={t('lists.filter.allRegions')}
                width="160px"
                testId="filter-region"
              >
                {options.regions.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.name}
                  </option>
                ))}
              </Select>
            ) : (
              <Field.Root width="auto">
                <Field.Label fontSize="sm">{t('lists.filter.region')}</Field.Label>
                <Flex
                  align="center"
                  gap="2"
                  minH="11"
                  px="3"
                  rounded="md"
                  bg="bg.subtle"
                  borderWidth="1px"
                  borderColor="border"
                  color="fg"
                  title={t('lists.filter.regionLocked')}
                  data-testid="filter-region-locked"
                >
                  <LuLock />
                  <Text fontSize="sm">{options.ownRegion.name}</Text>
                </Flex>
              </Field.Root>
            ))}
          {has('section') && (
            <Select
              label={t('lists.filter.section')}
              value={values.sectionId ? String(values.sectionId) : ''}
              onChange={(v) => onChange({ sectionId: num(v) })}
              all={t('lists.filter.allSections')}
              width="150px"
              testId="filter-section"
            >
              {options.sections.map((s) => (
                <option key={s.id} value={s.id} title={s.description}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
          {has('category') && (
            <Select
              label={t('lists.filter.category')}
              value={values.category ? String(values.category) : ''}
              onChange={(v) => onChange({ category: num(v) })}
              all={t('lists.filter.allCategories')}
              width="210px"
              testId="filter-category"
            >
              {options.categories.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.value}
                </option>
              ))}
            </Select>
          )}
          {has('group') && (
            <Select
              label={t('lists.filter.group')}
              value={values.group ?? ''}
              onChange={(v) => onChange({ group: (v || undefined) as StatusGroup | undefined, status: undefined })}
              all={t('lists.filter.allGroups')}
              width="190px"
              testId="filter-group"
            >
              {groups.map((g) => (
                <option key={g} value={g}>
                  {t(GROUP_LABEL[g])}
                </option>
              ))}
            </Select>
          )}
          {has('status') && (
            <Select
              label={t('lists.filter.status')}
              value={values.status ? String(values.status) : ''}
              onChange={(v) => onChange({ status: num(v), group: undefined })}
              all={t('lists.filter.allStatuses')}
              width="190px"
              testId="filter-status"
            >
              {options.statuses.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.value}
                </option>
              ))}
            </Select>
          )}
        </Flex>
      )}
    </Box>
  );
});

function TextInput({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  width,
  testId,
  mono,
  error,
  hint,
}: {
  error?: string;
  hint?: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  maxLength: number;
  width: string | Record<string, string>;
  testId: string;
  mono?: boolean;
}) {
  return (
    <Field.Root width={width} invalid={!!error} position="relative">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        bg="bg.panel"
        minH="11"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onChange(e.currentTarget.value)}
        fontFamily={mono && value ? 'mono' : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        data-testid={testId}
        title={hint}
      />
      {error && (
        <Field.ErrorText position="absolute" top="100%" fontSize="xs" whiteSpace="nowrap" data-testid={`${testId}-error`}>
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}

function Select({
  label,
  value,
  onChange,
  all,
  width,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  all: string;
  width: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Field.Root width={width}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="md">
        <NativeSelect.Field bg="bg.panel" minH="11" value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="">{all}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
