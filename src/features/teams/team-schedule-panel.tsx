import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Alert, Box, Checkbox, Flex, Grid, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { LuCalendarDays, LuCircleCheck, LuInfo } from 'react-icons/lu';
import {
  nextDatesOfCycle,
  TEAM_CYCLE_MAX,
  TeamScheduleSaveSchema,
  type TeamCalendarDay,
  type TeamDetail,
  type TeamScheduleOptions,
  type TeamScheduleResult,
} from '@contract/teams';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/teams';
import '@/lib/i18n/parts/admin';
import { errorText, isApiError } from '@/lib/api';
import { isoDateToDisplay, todayIso } from '@/lib/time';
import { AdminForm, FormField, SelectInput, useAdminForm } from '@/ui/admin/admin-form';
import { historyKey } from '@/ui/admin/change-history';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { saveScheduleCall, scheduleCall, scheduleOptionsCall, TEAM_HISTORY_ENTITIES, teamKeys } from './teams-api';
import { shiftLabel } from '@/lib/lookups';

/** 0 = Sunday of a YYYY-MM-DD calendar date. */
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const dayMonth = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}`;
const wdKey = (iso: string) => `teams.wd.${weekdayOf(iso)}` as TextKey;

/** The team's schedule (§7.5 teamSchedule): shift, vehicle, cycle and working days, and the next 28 days. */
export function TeamSchedulePanel({ team }: { team: TeamDetail }) {
  const t = useT();
  const schedule = useQuery({ queryKey: teamKeys.schedule(team.pkTeamId), queryFn: () => scheduleCall(team.pkTeamId) });
  const options = useQuery({ queryKey: teamKeys.options(team.pkTeamId), queryFn: () => scheduleOptionsCall(team.pkTeamId), staleTime: 5 * 60_000 });

  const failed = schedule.isError ? schedule.error : options.isError ? options.error : null;
  return (
    <Panel
      heading={
        <Flex align="center" gap="2">
          <LuCalendarDays /> {t('teams.schedule')}
        </Flex>
      }
      data-testid="team-schedule"
    >
      <Box p="4">
        {failed ? (
          <ErrorBlock
            title={t(schedule.isError ? 'teams.schedule.loadFailed' : 'teams.schedule.optionsFailed')}
            message={errorText(failed)}
            offline={isApiError(failed) && failed.kind !== 'http'}
            onRetry={() => void (schedule.isError ? schedule.refetch() : options.refetch())}
          />
        ) : !schedule.data || !options.data ? (
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="6">
            <Stack gap="3">
              <Skeleton h="11" />
              <Skeleton h="11" />
              <Skeleton h="24" />
            </Stack>
            <Skeleton h="64" />
          </Grid>
        ) : (
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="6" alignItems="start">
            <ScheduleForm key={JSON.stringify(schedule.data.rows[0] ?? null)} team={team} schedule={schedule.data} options={options.data} />
            <Stack gap="3">
              <Text fontWeight="semibold" color="brand.ink" fontSize="sm">
                {t('teams.calendar')}
              </Text>
              {!team.isActive && (
                <Alert.Root status="warning" rounded="md" size="sm">
                  <Alert.Indicator />
                  <Alert.Title fontSize="sm">{t('teams.calendar.inactive')}</Alert.Title>
                </Alert.Root>
              )}
              <TeamCalendar days={schedule.data.calendar} />
            </Stack>
          </Grid>
        )}
      </Box>
    </Panel>
  );
}

function ScheduleForm({ team, schedule, options }: { team: TeamDetail; schedule: TeamScheduleResult; options: TeamScheduleOptions }) {
  const t = useT();
  const queryClient = useQueryClient();
  const current = schedule.rows[0];
  const form = useAdminForm(TeamScheduleSaveSchema, {
    teamId: team.pkTeamId,
    shiftId: current?.shiftId,
    vehicleId: current?.vehicleId ?? null,
    cycleDays: current?.cycleDays ?? 1,
    workDays: current?.workDays ?? [0],
  });
  const cycleDays = form.watch('cycleDays');
  const validCycle = Number.isInteger(cycleDays) && cycleDays >= 1 && cycleDays <= TEAM_CYCLE_MAX;
  // a shorter cycle drops the working days it no longer has
  useEffect(() => {
    if (!validCycle) return;
    const days = form.getValues('workDays') ?? [];
    const kept = days.filter((d) => d < cycleDays);
    if (kept.length !== days.length) form.setValue('workDays', kept, { shouldValidate: form.formState.isSubmitted });
  }, [cycleDays, validCycle, form]);
  const today = todayIso();
  const nextDates = useMemo(() => (validCycle ? nextDatesOfCycle(today, cycleDays) : []), [today, cycleDays, validCycle]);

  const shiftOptions = options.shifts.map((s) => ({ value: s.key, label: `${shiftLabel(s.value)} (${s.startHour}–${s.endHour})` }));
  if (current && !shiftOptions.some((o) => o.value === current.shiftId))
    shiftOptions.unshift({ value: current.shiftId, label: shiftLabel(current.shiftName) });
  const vehicleOptions = options.vehicles.map((v) => ({
    value: v.key,
    label: `${v.value} · ${v.vehicleType}${v.callSign ? ` · ${v.callSign}` : ''}`,
  }));
  if (current?.vehicleId && !vehicleOptions.some((o) => o.value === current.vehicleId))
    vehicleOptions.unshift({ value: current.vehicleId, label: current.plateNumber ?? String(current.vehicleId) });

  const submit = async (values: { teamId: number; shiftId: number; vehicleId: number | null; cycleDays: number; workDays: number[] }) => {
    const outcome = await saveScheduleCall(values, team.teamName);
    if (outcome.status === 'queued') return;
    notify.success(t('teams.schedule.saved'));
    queryClient.setQueryData(teamKeys.schedule(team.pkTeamId), outcome.answer);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.lists }),
      queryClient.invalidateQueries({ queryKey: teamKeys.get(team.pkTeamId) }),
      ...TEAM_HISTORY_ENTITIES.map((entity) => queryClient.invalidateQueries({ queryKey: historyKey(entity, team.pkTeamId) })),
    ]);
  };

  const cycleError = form.getFieldState('cycleDays', form.formState).error?.message;
  return (
    <AdminForm form={form} onSubmit={submit} submitLabel={t('teams.schedule.save')} testId="team-schedule-form">
      {!current && (
        <Alert.Root status="info" rounded="md" size="sm" data-testid="team-schedule-none">
          <Alert.Indicator />
          <Alert.Title fontSize="sm">{t('teams.schedule.none')}</Alert.Title>
        </Alert.Root>
      )}
      <SelectInput
        form={form}
        name="shiftId"
        label={t('teams.schedule.shift')}
        options={shiftOptions}
        placeholder={t('teams.schedule.shiftPlaceholder')}
        required
        testId="team-schedule-shift"
      />
      <SelectInput
        form={form}
        name="vehicleId"
        label={t('teams.schedule.vehicle')}
        options={vehicleOptions}
        placeholder={t('teams.schedule.noVehicle')}
        testId="team-schedule-vehicle"
      />
      <FormField
        label={t('teams.schedule.cycle')}
        error={cycleError}
        required
        helper={t('teams.schedule.cycleHint', { n: validCycle ? cycleDays : '…' })}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={TEAM_CYCLE_MAX}
          step={1}
          bg="bg.panel"
          minH="11"
          maxW="32"
          {...form.register('cycleDays', { valueAsNumber: true })}
          data-testid="team-schedule-cycle"
        />
      </FormField>
      <Controller
        control={form.control}
        name="workDays"
        render={({ field, fieldState }) => {
          const value: number[] = field.value ?? [];
          const set = (d: number, on: boolean) =>
            field.onChange(on ? [...value.filter((x) => x !== d), d].sort((a, b) => a - b) : value.filter((x) => x !== d));
          return (
            // a group of checkboxes, not one Field: inside a Field every checkbox would take the field's one id
            <Stack gap="1.5" role="group" aria-labelledby="team-schedule-days-label" aria-invalid={!!fieldState.error}>
              <Text id="team-schedule-days-label" fontSize="sm" fontWeight="semibold" color="fg">
                {t('teams.schedule.workDays')}{' '}
                <Text as="span" color="red.fg" aria-hidden>
                  *
                </Text>
              </Text>
              <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" w="full" data-testid="team-schedule-days">
                {validCycle &&
                  Array.from({ length: cycleDays }, (_, d) => {
                    const on = value.includes(d);
                    const next = nextDates[d];
                    return (
                      <Checkbox.Root
                        // biome-ignore lint/suspicious/noArrayIndexKey: d is the day of the cycle (0 = its first day), the checkbox's identity, not a list position
                        key={d}
                        recipe={checkboxSlotRecipe}
                        colorPalette="brand"
                        checked={on}
                        onCheckedChange={(e) => set(d, e.checked === true)}
                        minH="11"
                        px="2"
                        rounded="md"
                        borderWidth="1px"
                        borderColor={on ? 'brand.300' : 'border'}
                        bg={on ? 'brand.subtle' : 'bg.panel'}
                        data-testid="team-schedule-day"
                      >
                        <Checkbox.HiddenInput onBlur={field.onBlur} />
                        <Checkbox.Control />
                        <Checkbox.Label fontSize="sm" lineHeight="1.2">
                          {cycleDays === 1 ? t('teams.schedule.everyDay') : t('teams.schedule.day', { n: d + 1 })}
                          {cycleDays > 1 && next && (
                            <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                              {t(wdKey(next))} {dayMonth(next)}
                            </Text>
                          )}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    );
                  })}
              </SimpleGrid>
              {fieldState.error?.message && (
                <Text fontSize="xs" color="red.fg" data-testid="team-schedule-days-error">
                  {fieldState.error.message}
                </Text>
              )}
            </Stack>
          );
        }}
      />
      <Flex gap="2" align="flex-start" fontSize="xs" color="fg.muted">
        <Box as="span" mt="0.5">
          <LuInfo />
        </Box>
        <Text>{t('teams.schedule.note')}</Text>
      </Flex>
    </AdminForm>
  );
}

/** The next 28 days as a Monday-first month-like grid: on duty (with the shift) or off; a mark where a roster exists. */
export function TeamCalendar({ days }: { days: TeamCalendarDay[] }) {
  const t = useT();
  if (!days.length) return null;
  const lead = (weekdayOf(days[0].date) + 6) % 7;
  const cells: (TeamCalendarDay | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7) cells.push(null);
  const heads = [1, 2, 3, 4, 5, 6, 0];
  const worked = days.filter((d) => d.works).length;
  return (
    <Box data-testid="team-calendar" data-works={worked}>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1.5">
        {heads.map((wd) => (
          <Text key={wd} fontSize="xs" fontWeight="semibold" color="fg.muted" textAlign="center" textTransform="uppercase">
            {t(`teams.wd.${wd}` as TextKey)}
          </Text>
        ))}
        {cells.map((d, i) =>
          d ? (
            <Box
              key={d.date}
              rounded="md"
              borderWidth={i === lead ? '2px' : '1px'}
              borderColor={i === lead ? 'brand.500' : d.works ? 'green.300' : 'border'}
              bg={d.works ? 'green.subtle' : 'bg.subtle'}
              px="1.5"
              py="1"
              minH="14"
              title={`${isoDateToDisplay(d.date)} · ${d.works ? `${t('teams.calendar.works')}: ${shiftLabel(d.shiftName)}` : t('teams.calendar.off')}${d.hasRoster ? ` · ${t('teams.calendar.roster')}` : ''}`}
              data-testid="team-calendar-day"
              data-date={d.date}
              data-works={d.works ? 'true' : 'false'}
            >
              <Flex justify="space-between" align="center">
                <Text fontSize="xs" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={d.works ? 'green.fg' : 'fg.muted'}>
                  {dayMonth(d.date)}
                </Text>
                {d.hasRoster && (
                  <Box color="brand.fg" fontSize="xs" aria-label={t('teams.calendar.roster')}>
                    <LuCircleCheck />
                  </Box>
                )}
              </Flex>
              <Text fontSize="2xs" lineHeight="1.2" mt="0.5" color={d.works ? 'green.fg' : 'gray.400'} lineClamp={2}>
                {d.works ? shiftLabel(d.shiftName) : t('teams.calendar.off')}
              </Text>
            </Box>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the first day: their position is all they have
            <Box key={`blank-${i}`} />
          ),
        )}
      </Grid>
      <Flex mt="3" gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
        <Flex align="center" gap="1.5">
          <Box w="3" h="3" rounded="sm" bg="green.subtle" borderWidth="1px" borderColor="green.300" /> {t('teams.calendar.works')} ({worked})
        </Flex>
        <Flex align="center" gap="1.5">
          <Box w="3" h="3" rounded="sm" bg="bg.subtle" borderWidth="1px" borderColor="border" /> {t('teams.calendar.off')}
        </Flex>
        <Flex align="center" gap="1.5" color="brand.fg">
          <LuCircleCheck /> <Text color="fg.muted">{t('teams.calendar.roster')}</Text>
        </Flex>
        <Flex align="center" gap="1.5">
          <Box w="3" h="3" rounded="sm" borderWidth="2px" borderColor="brand.500" /> {t('teams.calendar.today')}
        </Flex>
      </Flex>
    </Box>
  );
}
