/**
 * Assign To (§2.6, §6): the on-shift duty rosters of the region, nearest first (dutyroster/nearestActivePR), as
 * cards with the distance ('x.xx km', §9), plate and call sign, members and a busy marker. Re-queried when the
 * section, kilometre, coordinates or direction change; empty → 'Tiada rekod DutyRoster dijumpai'.
 */
import { useEffect, useMemo } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Field, Flex, HStack, RadioCard, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuCar, LuMapPin, LuRadio, LuUsers } from 'react-icons/lu';
import type { ActivePrFilter, ActivePrRow, Incident } from '@contract/incidents';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/new-case';
import '@/lib/i18n/parts/positions';
import { formatClock } from '@/lib/time';
import { errorText, isApiError } from '@/lib/api';
import { ErrorBlock } from '@/ui/states';
import { useDebounced } from './controls';
import { useNearestActivePr } from './form-api';
import { formatKm, idFromInput, kilometerOk, type IncidentMainValues } from './model';
import { radioCardSlotRecipe } from '@chakra-theme/recipes/radio-card';

export function AssignToField({
  disabled,
  regionId,
  currentRoster,
  error,
}: {
  disabled: boolean;
  regionId?: number;
  currentRoster: Incident['dutyRoster'];
  error?: string;
}) {
  const t = useT();
  const { control } = useFormContext<IncidentMainValues>();
  const { field } = useController({ control, name: 'pkDutyRosterId' });
  const [sectionId, specificId, km, lat, lng, direction] = useWatch({
    control,
    name: ['pkSectionId', 'pkSpecificSectionId', 'kilometerMarker', 'latitude', 'longtitude', 'pkCardinalDirectionId'],
  });
  const debKm = useDebounced((km ?? '').trim(), 500);

  const filter = useMemo<ActivePrFilter>(() => {
    const f: ActivePrFilter = {};
    if (regionId) f.regionId = regionId;
    const sid = specificId ?? sectionId;
    if (sid !== null) f.sectionId = sid;
    if (kilometerOk(debKm)) f.kilometer = debKm;
    if (lat !== null && lng !== null) {
      f.latitude = lat;
      f.longitude = lng;
    }
    if (direction !== null) f.direction = direction;
    return f;
  }, [regionId, sectionId, specificId, debKm, lat, lng, direction]);

  const list = useNearestActivePr(filter, !disabled);
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const selected = field.value;
  // read-only with a choice but no saved roster given (a just-saved new case): the row it was chosen from
  const queryClient = useQueryClient();
  const shown = useMemo<Incident['dutyRoster']>(() => {
    if (currentRoster || selected === null) return currentRoster;
    for (const [, data] of queryClient.getQueriesData<ActivePrRow[]>({
      queryKey: ['nearestActivePr'],
    })) {
      const r = data?.find((x) => x.pkDutyRosterId === selected);
      if (r)
        return {
          pkDutyRosterId: r.pkDutyRosterId,
          dutyRosterName: r.dutyRosterName,
          plateNumber: r.plateNumber,
          callSign: r.callSign,
        };
    }
    return null;
  }, [currentRoster, selected, queryClient]);

  // a roster that went off shift (or out of the chosen section) cannot be sent a case: drop the choice
  useEffect(() => {
    if (disabled || list.isPlaceholderData || !list.isSuccess || selected === null) return;
    if (currentRoster && currentRoster.pkDutyRosterId === selected) return;
    if (!rows.some((r) => r.pkDutyRosterId === selected)) field.onChange(null);
  }, [disabled, list.isPlaceholderData, list.isSuccess, rows, selected, currentRoster, field]);

  const label = (
    <Field.Label fontSize="sm" fontWeight="semibold" color="fg" id="case-assign-label">
      {t('newCase.field.assignTo')}
      {!disabled && <Field.RequiredIndicator />}
    </Field.Label>
  );

  if (disabled) {
    return (
      <Field.Root readOnly>
        {label}
        <Box w="full" borderWidth="1px" borderColor="border" bg="bg.subtle" rounded="md" px="3" py="2.5" minH="11" data-testid="case-assign-readonly">
          {shown ? (
            <Flex gap="3" wrap="wrap" align="center">
              <Text fontWeight="semibold">{shown.dutyRosterName}</Text>
              {(shown.plateNumber || shown.callSign) && (
                <Text fontSize="sm" color="fg.muted">
                  {[shown.plateNumber, shown.callSign].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Flex>
          ) : (
            <Text color="fg.muted">{t('newCase.roster.none')}</Text>
          )}
        </Box>
      </Field.Root>
    );
  }

  const extra = currentRoster && !rows.some((r) => r.pkDutyRosterId === currentRoster.pkDutyRosterId) ? currentRoster : null;

  return (
    <Field.Root required invalid={!!error}>
      <Flex w="full" justify="space-between" align="baseline" gap="2" wrap="wrap">
        {label}
        {list.isSuccess && rows.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {list.isFetching
              ? t('newCase.roster.updating')
              : `${t('newCase.roster.count', { count: rows.length })}${rows.some((r) => r.distanceBasis === 'section') ? ` · ${t('newCase.roster.distanceSection')}` : ''}`}
          </Text>
        )}
      </Flex>
      {list.isPending ? (
        <Stack w="full" gap="2" data-testid="case-assign-loading">
          <Skeleton h="20" rounded="md" />
          <Skeleton h="20" rounded="md" />
        </Stack>
      ) : list.isError && !rows.length ? (
        <Box w="full">
          <ErrorBlock
            title={t('newCase.loadFailed')}
            message={errorText(list.error)}
            offline={isApiError(list.error) && list.error.isOffline}
            onRetry={() => void list.refetch()}
          />
        </Box>
      ) : !rows.length && !extra ? (
        <Box
          w="full"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="orange.300"
          bg="orange.subtle"
          rounded="md"
          px="4"
          py="3"
          data-testid="case-assign-empty"
        >
          <Text fontWeight="semibold" color="orange.fg">
            {t('newCase.roster.empty')}
          </Text>
          <Text fontSize="sm" color="orange.fg">
            {t('newCase.roster.emptyHint')}
          </Text>
        </Box>
      ) : (
        <RadioCard.Root
          recipe={radioCardSlotRecipe}
          value={selected === null ? null : String(selected)}
          onValueChange={(d) => field.onChange(d.value ? idFromInput(d.value) : null)}
          colorPalette="brand"
          w="full"
          aria-labelledby="case-assign-label"
          data-testid="case-assign"
        >
          <Box
            display="grid"
            gridTemplateColumns={{
              base: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
            }}
            gap="2"
            maxH="560px"
            overflowY="auto"
            // room for a card's focus ring inside the scrolling box
            p="1"
          >
            {extra && (
              <RosterCard
                key={`current-${extra.pkDutyRosterId}`}
                id={extra.pkDutyRosterId}
                name={extra.dutyRosterName}
                plate={extra.plateNumber}
                callSign={extra.callSign}
                note={t('newCase.roster.current')}
              />
            )}
            {rows.map((r) => (
              <RosterCard key={r.pkDutyRosterId} id={r.pkDutyRosterId} name={r.dutyRosterName} plate={r.plateNumber} callSign={r.callSign} row={r} />
            ))}
          </Box>
        </RadioCard.Root>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

type T = ReturnType<typeof useT>;

/** How the distance was measured (issue #7): along the highway (with a crossover), straight line, or to the section. */
function basisText(row: ActivePrRow, t: T): string | null {
  if (row.distanceKm === null) return null;
  switch (row.distanceBasis) {
    case 'highway':
      return row.crossoverKm ? t('positions.basis.crossover', { km: formatKm(row.crossoverKm) }) : t('positions.basis.highway');
    case 'position':
      return t('positions.basis.position');
    case 'section':
      return t('positions.basis.section');
    default:
      return null;
  }
}

/** The age of the patrol's last position: '12 s', '4 min', '2 jam'; none known. */
export function ageText(seconds: number | null | undefined, t: T): string {
  if (seconds === null || seconds === undefined) return t('positions.age.none');
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return t('positions.age.seconds', { n: s });
  if (s < 120 * 60) return t('positions.age.minutes', { n: Math.floor(s / 60) });
  return t('positions.age.hours', { n: Math.floor(s / 3600) });
}

function RosterCard({
  id,
  name,
  plate,
  callSign,
  row,
  note,
}: {
  id: number;
  name: string;
  plate: string | null;
  callSign: string | null;
  row?: ActivePrRow;
  note?: string;
}) {
  const t = useT();
  const distance =
    row?.distanceKm !== null && row?.distanceKm !== undefined
      ? t(row.distanceBasis === 'section' ? 'newCase.roster.distanceSection' : 'newCase.roster.distance', { km: formatKm(row.distanceKm) })
      : row
        ? t('newCase.roster.noDistance')
        : null;
  return (
    <RadioCard.Item
      value={String(id)}
      data-testid={`case-roster-${id}`}
      data-busy={row?.busy ? 'true' : 'false'}
      data-stale={row?.stale ? 'true' : 'false'}
      data-distance={row?.distanceKm ?? undefined}
      data-basis={row?.distanceBasis}
    >
      <RadioCard.ItemHiddenInput />
      <RadioCard.ItemControl p="3" gap="3" minH="11" cursor="pointer">
        <RadioCard.ItemContent gap="1" minW="0">
          <Flex w="full" justify="space-between" align="flex-start" gap="2">
            <RadioCard.ItemText fontWeight="semibold" lineClamp={2}>
              {name}
            </RadioCard.ItemText>
            {row && row.distanceKm !== null && (
              <Badge colorPalette="brand" variant="subtle" flexShrink={0} title={distance ?? undefined} data-testid="case-roster-distance">
                {formatKm(row.distanceKm)}
              </Badge>
            )}
          </Flex>
          <RadioCard.ItemDescription as="div" w="full">
            <Stack gap="1" fontSize="xs" color="fg.muted">
              <HStack gap="3" wrap="wrap">
                {plate && (
                  <HStack gap="1">
                    <LuCar /> <Text as="span">{plate}</Text>
                  </HStack>
                )}
                {callSign && (
                  <HStack gap="1">
                    <LuRadio /> <Text as="span">{callSign}</Text>
                  </HStack>
                )}
                {row && (
                  <Text as="span">
                    {row.sectionName} ·{' '}
                    {t('newCase.roster.shift', {
                      start: formatClock(row.startHour),
                      end: formatClock(row.endHour),
                    })}
                  </Text>
                )}
              </HStack>
              {row && (
                <HStack gap="1" align="flex-start">
                  <Box pt="0.5">
                    <LuUsers />
                  </Box>
                  <Text as="span" lineClamp={2}>
                    {row.members.length ? row.members.map((m) => m.displayName).join(', ') : t('newCase.roster.noMembers')}
                  </Text>
                </HStack>
              )}
              {row && (
                <HStack gap="1" align="flex-start" data-testid="case-roster-position">
                  <Box pt="0.5">
                    <LuMapPin />
                  </Box>
                  <Text as="span" color={row.stale ? 'orange.fg' : undefined} data-testid="case-roster-age">
                    {[basisText(row, t), ageText(row.positionAgeSeconds, t)].filter(Boolean).join(' · ')}
                  </Text>
                </HStack>
              )}
              <HStack gap="2" wrap="wrap">
                {row && (
                  <Badge
                    size="sm"
                    colorPalette={row.busy ? 'orange' : 'green'}
                    variant="solid"
                    data-testid={row.busy ? 'case-roster-busy' : undefined}
                  >
                    {row.busy ? t('newCase.roster.busyCases', { count: row.openCases }) : t('newCase.roster.free')}
                  </Badge>
                )}
                {row && row.distanceKm === null && <Text as="span">{t('newCase.roster.noDistance')}</Text>}
                {row?.stale && (
                  <Badge size="sm" colorPalette="gray" variant="solid" data-testid="case-roster-stale">
                    {t('positions.stale')}
                  </Badge>
                )}
                {note && <Badge size="sm">{note}</Badge>}
              </HStack>
            </Stack>
          </RadioCard.ItemDescription>
        </RadioCard.ItemContent>
        <RadioCard.ItemIndicator />
      </RadioCard.ItemControl>
    </RadioCard.Item>
  );
}
