/**
 * The main fields of an incident (§2.6, §3.1) with the enable rules of §5, inside a react-hook-form whose values
 * hold IncidentMainValues at the top level (FormProvider). Used by /kesbaru and the detail page's inline form.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useController, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { Box, Field, Flex, Input, InputGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert, LuCircleCheck, LuMapPin } from 'react-icons/lu';
import type { Incident } from '@contract/incidents';
import type { Section } from '@contract/sections';
import type { LookupName } from '@contract/lookups';
import { EVENT_TYPE_IDS, INCIDENT_LIMITS } from '@contract/incident-rules';
import { useLookup } from '@/lib/lookups';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/new-case';
import { formatDateTime } from '@/lib/time';
import { Hint, ReadOnlyField, SelectField, readOnlyCss, useDebounced, type Option } from './controls';
import { useListedSections } from '@/lib/sections';
import { useEventLocations, useKmCheck } from './form-api';
import { kilometerOk, mainEnablement, type IncidentMainValues } from './model';
import { AssignToField } from './assign-to-field';

export interface IncidentMainFieldsProps {
  /** read-only: every control disabled; nothing that only choosing needs is fetched (rosters, the km check) */
  disabled?: boolean;
  /** sections (and on-shift rosters) offered: this region's; undefined = every region (roles that see all) */
  regionId?: number;
  /** Report By: the signed-in user on a new case, the creator on a saved one */
  reportedBy: string;
  /** Date/Time of a saved case (shown as it is); omitted on a new case, where the server sets it on Hantar */
  dateTime?: string;
  /** a saved case's ticket numbers, shown read-only (the inline form only, §2.6) */
  tickets?: {
    ticketNumber: string;
    cipTicketNumber: string | null;
    mhroadsTicketNumber: string | null;
  };
  /** the case's roster: listed in Assign To even when it is no longer on shift */
  currentRoster?: Incident['dutyRoster'];
  /** §4.2: status 298 hides the Assign To selection */
  hideAssignTo?: boolean;
  /** 2 (default): one column on tablets, two from the lg breakpoint; 1: always one (narrow places) */
  columns?: 1 | 2;
}

function useOptions(name: LookupName, filter?: (key: number) => boolean) {
  const q = useLookup(name);
  const options = useMemo<Option[]>(
    () => (q.data ?? []).filter((i) => !filter || filter(i.key)).map((i) => ({ value: i.key, label: i.value })),
    [q.data, filter],
  );
  return { options, pending: q.isPending, failed: q.isError };
}

const isEventType = (k: number) => (EVENT_TYPE_IDS as readonly number[]).includes(k);

const formatKmValue = (km: number) => String(Math.round(km * 10) / 10);

export function IncidentMainFields({
  disabled = false,
  regionId,
  reportedBy,
  dateTime,
  tickets,
  currentRoster,
  hideAssignTo,
  columns = 2,
}: IncidentMainFieldsProps) {
  const t = useT();
  const { control, setValue, getValues } = useFormContext<IncidentMainValues>();
  const { errors } = useFormState({ control });
  const v = useWatch({ control }) as IncidentMainValues;
  const en = mainEnablement(v, disabled);

  const set = <K extends FieldPath<IncidentMainValues>>(name: K, value: IncidentMainValues[K], dirty = true) =>
    setValue(name, value as never, {
      shouldDirty: dirty,
      shouldValidate: dirty && !!errors[name as keyof IncidentMainValues],
    });

  const sections = useListedSections(regionId);
  const sectionRows = sections.data ?? [];
  const section: Section | undefined = sectionRows.find((s) => s.pkSectionId === v.pkSectionId);
  const sectionOptions = useMemo<Option[]>(
    () =>
      sectionRows.map((s) => ({
        value: s.pkSectionId,
        label: `${s.sectionName} — ${s.description}`,
      })),
    [sectionRows],
  );
  const specificOptions = useMemo<Option[]>(
    () =>
      (section?.specificSections ?? []).map((s) => ({
        value: s.pkSectionId,
        label: `${s.sectionName} — ${s.description}`,
      })),
    [section],
  );

  // a saved case's section may be outside the listed ones (another region for a superadmin): keep the flag right
  useEffect(() => {
    if (section && section.isCombined !== getValues('isCombinedSection')) setValue('isCombinedSection', section.isCombined);
  }, [section, getValues, setValue]);

  const sources = useOptions('incidentSource');
  const eventTypes = useOptions('incidentCategory', isEventType);
  const highways = useOptions('highway');
  const directions = useOptions('cardinalDirection');
  const weather = useOptions('weatherConditionCode');
  const lighting = useOptions('lightingCondition');

  const locations = useEventLocations(v.pkSectionId);
  const locationRows = useMemo(() => {
    const all = locations.data ?? [];
    if (!v.isCombinedSection || v.pkSpecificSectionId === null) return all;
    return all.filter((l) => l.sectionId === v.pkSpecificSectionId || l.sectionId === v.pkSectionId);
  }, [locations.data, v.isCombinedSection, v.pkSpecificSectionId, v.pkSectionId]);
  const locationOptions = useMemo<Option[]>(
    () =>
      locationRows.map((l) => ({
        value: l.key,
        label: l.km !== null ? `${l.value} (KM ${formatKmValue(l.km)})` : l.value,
      })),
    [locationRows],
  );

  const onSection = (id: number | null) => {
    const s = sectionRows.find((x) => x.pkSectionId === id);
    set('pkSectionId', id);
    set('isCombinedSection', !!s?.isCombined);
    set('pkSpecificSectionId', null);
    // the section's highway is the likely one (§2.6 "preselect"); the operator may still change it
    set('pkHighwayId', s ? s.highwayId : null);
    set('pkEventLocationId', null);
    set('pkLocationTypeId', null);
  };

  const onSpecific = (id: number | null) => {
    set('pkSpecificSectionId', id);
    const loc = (locations.data ?? []).find((l) => l.key === getValues('pkEventLocationId'));
    if (loc && id !== null && loc.sectionId !== id && loc.sectionId !== getValues('pkSectionId')) {
      set('pkEventLocationId', null);
      set('pkLocationTypeId', null);
    }
  };

  const onLocation = (id: number | null) => {
    const loc = locationRows.find((l) => l.key === id);
    set('pkEventLocationId', id);
    set('pkLocationTypeId', loc?.locationTypeId ?? null);
    // a named place has a kilometre: fill it in when the operator has not typed one yet
    if (loc?.km !== null && loc?.km !== undefined && !getValues('kilometerMarker').trim()) set('kilometerMarker', formatKmValue(loc.km));
  };

  const needSection = t('newCase.needSection');
  const err = (k: keyof IncidentMainValues) => errors[k]?.message as string | undefined;

  const cols = columns === 1 ? 1 : { base: 1, lg: 2 };
  return (
    <Stack gap="4" css={disabled ? readOnlyCss : undefined} data-readonly={disabled || undefined} data-testid="incident-main-fields">
      <SimpleGrid columns={cols} gapX="5" gapY="4">
        {tickets && (
          <>
            <ReadOnlyField label={t('newCase.field.ticketNumber')} value={tickets.ticketNumber} testId="case-ticket" />
            <ReadOnlyField label={t('newCase.field.cipTicketNumber')} value={tickets.cipTicketNumber ?? '-'} testId="case-cip" />
            <ReadOnlyField label={t('newCase.field.mhroadsTicketNumber')} value={tickets.mhroadsTicketNumber ?? '-'} testId="case-mhroads" />
          </>
        )}
        <ReadOnlyField label={t('newCase.field.reportBy')} value={reportedBy} testId="case-report-by" />
        {dateTime !== undefined ? <ReadOnlyField label={t('newCase.field.dateTime')} value={dateTime} testId="case-datetime" /> : <NowField />}
      </SimpleGrid>

      <SimpleGrid columns={cols} gapX="5" gapY="4">
        <SelectField
          readOnly={disabled}
          label={t('newCase.field.section')}
          value={v.pkSectionId}
          onChange={onSection}
          options={sectionOptions}
          placeholder={t('newCase.pick.section')}
          disabled={disabled}
          required
          loading={sections.isPending && !disabled}
          error={err('pkSectionId')}
          helper={sections.isError ? t('newCase.loadFailed') : undefined}
          testId="case-section"
        />
        {v.isCombinedSection ? (
          <SelectField
            readOnly={disabled}
            label={t('newCase.field.specificSection')}
            value={v.pkSpecificSectionId}
            onChange={onSpecific}
            options={specificOptions}
            placeholder={t('newCase.pick.specificSection')}
            disabled={!en.specificSection}
            required
            error={err('pkSpecificSectionId')}
            helper={section ? `${t('newCase.combinedHint')} ${sectionRange(section)}` : t('newCase.combinedHint')}
            testId="case-specific-section"
          />
        ) : (
          section && <SectionInfo section={section} />
        )}
      </SimpleGrid>

      <SimpleGrid columns={cols} gapX="5" gapY="4">
        <SelectField
          readOnly={disabled}
          label={t('newCase.field.source')}
          value={v.pkIncidentSourceId}
          onChange={(x) => set('pkIncidentSourceId', x)}
          options={sources.options}
          placeholder={t('newCase.pick.source')}
          disabled={disabled}
          required
          loading={sources.pending}
          error={err('pkIncidentSourceId')}
          testId="case-source"
        />
        <SelectField
          readOnly={disabled}
          label={t('newCase.field.eventType')}
          value={v.pkIncidentCategoryId}
          onChange={(x) => set('pkIncidentCategoryId', x)}
          options={eventTypes.options}
          placeholder={t('newCase.pick.eventType')}
          disabled={disabled}
          required
          loading={eventTypes.pending}
          error={err('pkIncidentCategoryId')}
          testId="case-event-type"
        />

        <SelectField
          readOnly={disabled}
          label={t('newCase.field.highway')}
          value={v.pkHighwayId}
          onChange={(x) => set('pkHighwayId', x)}
          options={highways.options}
          placeholder={t('newCase.pick.highway')}
          disabled={!en.highway}
          required
          loading={highways.pending}
          error={err('pkHighwayId')}
          helper={!disabled && !en.highway ? needSection : undefined}
          testId="case-highway"
        />
        <SelectField
          readOnly={disabled}
          label={t('newCase.field.eventLocation')}
          value={v.pkEventLocationId}
          onChange={onLocation}
          options={locationOptions}
          placeholder={t('newCase.pick.eventLocation')}
          disabled={!en.eventLocation}
          required
          loading={en.eventLocation && locations.isPending}
          error={err('pkEventLocationId')}
          helper={
            !disabled && !en.eventLocation
              ? needSection
              : locations.isError
                ? t('newCase.loadFailed')
                : en.eventLocation && locations.isSuccess && !locationRows.length
                  ? t('newCase.noEventLocations')
                  : undefined
          }
          testId="case-event-location"
        />

        <SelectField
          readOnly={disabled}
          label={t('newCase.field.direction')}
          value={v.pkCardinalDirectionId}
          onChange={(x) => set('pkCardinalDirectionId', x)}
          options={directions.options}
          placeholder={t('newCase.pick.direction')}
          disabled={!en.direction}
          required
          loading={directions.pending}
          error={err('pkCardinalDirectionId')}
          helper={!disabled && !en.direction ? needSection : undefined}
          testId="case-direction"
        />
        <KilometerField
          disabled={disabled}
          enabled={en.kilometer}
          sectionName={section?.specificSections.find((s) => s.pkSectionId === v.pkSpecificSectionId)?.sectionName ?? section?.sectionName ?? ''}
        />

        <SelectField
          readOnly={disabled}
          label={t('newCase.field.weather')}
          value={v.pkWeatherConditionId}
          onChange={(x) => set('pkWeatherConditionId', x)}
          options={weather.options}
          placeholder={t('newCase.pick.weather')}
          disabled={disabled}
          loading={weather.pending}
          testId="case-weather"
        />
        <SelectField
          readOnly={disabled}
          label={t('newCase.field.lighting')}
          value={v.pkLightingConditionId}
          onChange={(x) => set('pkLightingConditionId', x)}
          options={lighting.options}
          placeholder={t('newCase.pick.lighting')}
          disabled={disabled}
          loading={lighting.pending}
          testId="case-lighting"
        />
      </SimpleGrid>

      {!hideAssignTo && <AssignToField disabled={disabled} regionId={regionId} currentRoster={currentRoster ?? null} error={err('pkDutyRosterId')} />}
    </Stack>
  );
}

/** What the chosen section covers, to check the kilometre against. */
function SectionInfo({ section }: { section: Section }) {
  return (
    <Flex direction="column" justify="flex-end" pb={{ lg: '1' }} data-testid="case-section-info">
      <Box borderWidth="1px" borderColor="border.muted" bg="bg.subtle" rounded="md" px="3" py="2">
        <Text fontSize="sm" fontWeight="semibold" color="fg">
          {section.sectionName} · {section.description}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {sectionRange(section)}
          {section.regionName ? ` · ${section.regionName}` : ''}
        </Text>
      </Box>
    </Flex>
  );
}

const sectionRange = (s: Section) => (s.kmStart !== null && s.kmEnd !== null ? `KM ${formatKmValue(s.kmStart)} – ${formatKmValue(s.kmEnd)}` : '');

/** Date/Time on a new case: now, ticking; the server stamps the real time on Hantar (§4.2). */
function NowField() {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <ReadOnlyField label={t('newCase.field.dateTime')} value={formatDateTime(now)} helper={t('newCase.field.dateTimeNew')} testId="case-datetime" />
  );
}

/**
 * Kilometre (§5): at least one digit; checked against the section's markers after typing stops. A match shows the
 * check icon and keeps the marker's coordinates (sent as latitude/longtitude). No match shows the alert icon and a
 * warning, but does NOT block the case: the spec only marks the value invalid, and an operator with a caller on the
 * line must be able to send a patrol to a place between markers or on a ramp; the case then goes without
 * coordinates and the patrol is ranked by section instead.
 */
function KilometerField({ disabled, enabled, sectionName }: { disabled: boolean; enabled: boolean; sectionName: string }) {
  const t = useT();
  const { control, setValue, getValues } = useFormContext<IncidentMainValues>();
  const { field, fieldState } = useController({
    control,
    name: 'kilometerMarker',
  });
  const sectionId = useWatch({ control, name: 'pkSectionId' });
  const specificId = useWatch({ control, name: 'pkSpecificSectionId' });
  const combined = useWatch({ control, name: 'isCombinedSection' });
  const matched = useWatch({ control, name: 'kmMatched' });
  const lat = useWatch({ control, name: 'latitude' });
  const lng = useWatch({ control, name: 'longtitude' });

  const km = (field.value ?? '').trim();
  const debKm = useDebounced(km, 500);
  const checkSectionId = combined ? specificId : sectionId;
  const settled = debKm === km;
  const canCheck = !disabled && enabled && checkSectionId !== null && kilometerOk(debKm);
  const check = useKmCheck(checkSectionId, debKm, canCheck);

  // keep the result (and only a settled one) in the form: the payload sends the coordinates of a match
  useEffect(() => {
    if (disabled) return;
    const result = canCheck && settled && check.data ? check.data : null;
    const nextMatched = result ? result.matched : null;
    const nextLat = result?.matched ? result.latitude : null;
    const nextLng = result?.matched ? result.longtitude : null;
    if (getValues('kmMatched') !== nextMatched) setValue('kmMatched', nextMatched);
    if (getValues('latitude') !== nextLat) setValue('latitude', nextLat);
    if (getValues('longtitude') !== nextLng) setValue('longtitude', nextLng);
  }, [disabled, canCheck, settled, check.data, getValues, setValue]);

  const checking = canCheck && (!settled || check.isFetching) && !check.data;
  const showDigitError = km.length > 0 && !kilometerOk(km);
  const error = fieldState.error?.message ?? (showDigitError ? t('newCase.km.hint') : undefined);

  let status: ReactNode = null;
  if (!disabled && enabled && kilometerOk(km)) {
    if (!settled || (check.isFetching && !check.data)) status = <Hint>{t('newCase.km.checking')}</Hint>;
    else if (matched === true && lat !== null && lng !== null)
      status = (
        <Flex align="center" gap="1" color="green.fg" fontSize="xs" data-testid="case-km-coords">
          <LuMapPin />{' '}
          {t('newCase.km.matched', {
            lat: lat.toFixed(5),
            lng: lng.toFixed(5),
          })}
        </Flex>
      );
    else if (matched === false)
      status = (
        <Text fontSize="xs" color="orange.fg" data-testid="case-km-nomatch">
          {t('newCase.km.noMatch', { section: sectionName })}
        </Text>
      );
    else if (check.isError) status = <Hint tone="warning">{t('newCase.km.checkFailed')}</Hint>;
  } else if (disabled && lat !== null && lng !== null) {
    status = (
      <Flex align="center" gap="1" color="fg.muted" fontSize="xs">
        <LuMapPin /> {lat.toFixed(5)}, {lng.toFixed(5)}
      </Flex>
    );
  }

  const icon =
    !enabled || !kilometerOk(km) ? null : checking ? (
      <Spinner size="sm" color="brand.fg" />
    ) : matched === true ? (
      <Box color="green.fg" aria-label={t('newCase.km.validLabel')} role="img" data-testid="case-km-valid">
        <LuCircleCheck size={20} />
      </Box>
    ) : matched === false ? (
      <Box color="orange.fg" aria-label={t('newCase.km.invalidLabel')} role="img" data-testid="case-km-invalid">
        <LuCircleAlert size={20} />
      </Box>
    ) : null;

  return (
    <Field.Root required invalid={!!error} disabled={!enabled}>
      <Field.Label fontSize="sm" fontWeight="semibold" color="fg">
        {t('newCase.field.kilometer')}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup endElement={icon}>
        <Input
          size="lg"
          bg={!enabled ? 'bg.subtle' : 'bg.panel'}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          maxLength={INCIDENT_LIMITS.kilometerMaxLength}
          inputMode="decimal"
          autoComplete="off"
          placeholder={enabled ? t('newCase.km.placeholder') : ''}
          data-testid="case-km"
          data-matched={matched === null ? undefined : String(matched)}
        />
      </InputGroup>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : !enabled && !disabled ? (
        <Field.HelperText>{sectionId === null ? t('newCase.needSection') : t('newCase.needSpecificSection')}</Field.HelperText>
      ) : (
        <Field.HelperText>{status ?? t('newCase.km.hint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}
