/**
 * "Syif saya" (issue #30 item 1): the patrol's one home for the shift, its landing page while a roster of theirs
 * covers now. The roster on shift (from the session's rosters, so offline too), then the shift's steps in order,
 * each one tap away with its state: the pre-shift vehicle checklist, the activity log (its last entry, and the event
 * expected next as a large button), the cases assigned to the roster (status and next step; a tap opens the case),
 * the post-shift checklist and the end-of-duty report. Everything comes from the device's copies (the roster's
 * report as last fetched, the outbox); with no roster on now, the next shift and an empty state.
 */
import { type ReactNode, useEffect } from 'react';
import { Badge, Box, Button, chakra, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuCalendarClock, LuChevronRight, LuClipboardCheck, LuClipboardList, LuFileText, LuNotebookPen, LuRadio, LuSiren } from 'react-icons/lu';
import type { EndOfDutyCase } from '@contract/activity-log';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/my-shift';
import { useLookup, useLookupText } from '@/lib/lookups';
import { rosterHours } from '@/lib/roster-status';
import { useFrameMark } from '@/lib/frame-mark';
import { useSession } from '@/lib/session';
import { formatDateTimeShort, formatTime, isoDateToDisplay } from '@/lib/time';
import { PageHeader } from '@/ui/page-header';
import { EmptyBlock } from '@/ui/states';
import { useQueuedCaseSteps, useQueuedShiftWrites, useShiftReport } from './my-shift-api';
import {
  activityState,
  checklistStates,
  nextCaseStep,
  needsPatrol,
  nextEvent,
  orderCases,
  type CaseStep,
  pickShift,
  shiftEntries,
  type ShiftRoster,
  type StepState,
} from './my-shift-rules';

const STATE_PALETTE: Record<StepState, string> = {
  todo: 'orange',
  ongoing: 'blue',
  done: 'green',
  unsent: 'amber',
  refused: 'red',
  blocked: 'gray',
  unknown: 'gray',
};

export interface MyShiftActions {
  onOpenChecklist: (rosterId: number) => void;
  /** `recordEvent`: open the activity log to record that event at once (the large next-event button) */
  onOpenActivityLog: (rosterId: number, recordEvent?: number) => void;
  /**
   * the roster on shift and its cases, once the device has a fresh answer (not its copy): the route warms the shift's
   * screens for offline use (src/app/shift-warmup.ts)
   */
  onShiftLoaded?: (shift: { rosterId: number; sectionId: number | null; caseIds: number[] }) => void;
  onOpenReport: (rosterId: number) => void;
  onOpenCase: (incidentId: number) => void;
  /** the field report's parts (issue #30 item 2), composed by the route: "Lapor kejadian" under the roster, "Laporan saya" after the steps */
  reportAction?: (roster: ShiftRoster) => ReactNode;
  fieldReports?: (roster: ShiftRoster) => ReactNode;
}

/** The steps' places while they wait for their answers (their usual heights, in Chakra's spacing units). */
const STEP_SKELETONS = [
  ['pre', 16],
  ['activity', 28],
  ['cases', 24],
  ['post', 16],
  ['report', 20],
] as const;

export function MyShiftScreen(props: MyShiftActions) {
  useFrameMark();
  const t = useT();
  const user = useSession()?.user;
  const { current, next } = pickShift(user?.rosters, Date.now());
  return (
    <Box data-testid="ms-screen" maxW="4xl" pb="6">
      <PageHeader title={t('myShift.title')} subtitle={current ? t('myShift.subtitle') : undefined} />
      {current ? (
        <CurrentShift roster={current} {...props} />
      ) : (
        <Box borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" p="5" data-testid="ms-none">
          <EmptyBlock icon={<LuCalendarClock />} title={t('myShift.none')} description={t('myShift.noneHint')} />
        </Box>
      )}
      {next && (
        <Box mt="4" borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" p="4" data-testid="ms-next-shift">
          <Text fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" color="fg.muted">
            {t('myShift.next')}
          </Text>
          <RosterLine roster={next} />
        </Box>
      )}
      {!current && !next && (
        <Text mt="4" fontSize="sm" color="fg.muted" data-testid="ms-no-next">
          {t('myShift.noNext')}
        </Text>
      )}
    </Box>
  );
}

function RosterLine({ roster }: { roster: ShiftRoster }) {
  return (
    <>
      <Text fontSize="xl" fontWeight="bold" mt="1" wordBreak="break-word" data-testid="ms-roster-name">
        {roster.dutyRosterName}
      </Text>
      <HStack gap="3" mt="1" fontSize="sm" wrap="wrap">
        <Text fontVariantNumeric="tabular-nums">
          {isoDateToDisplay(roster.startDate)} · {rosterHours(roster)}
        </Text>
        {roster.plateNumber && <Text fontFamily="mono">{roster.plateNumber}</Text>}
        {roster.callSign && (
          <HStack gap="1">
            <LuRadio aria-hidden /> <Text>{roster.callSign}</Text>
          </HStack>
        )}
      </HStack>
    </>
  );
}

function CurrentShift({
  roster,
  onOpenChecklist,
  onOpenActivityLog,
  onOpenReport,
  onOpenCase,
  reportAction,
  fieldReports,
  onShiftLoaded,
}: { roster: ShiftRoster } & MyShiftActions) {
  const t = useT();
  const id = roster.pkDutyRosterId;
  const query = useShiftReport(id);
  const queuedRows = useQueuedShiftWrites(id);
  const queued = queuedRows ?? [];
  const eventsList = useLookup('activityLogEvents');
  const events = eventsList.data;
  const report = query.data?.report;

  const checklist = checklistStates(report ? report.checklist : undefined, queued, id);
  const entries = report ? shiftEntries(report.activities, queued, id) : null;
  const logState = activityState(entries, queued, id);
  const last = entries?.at(-1) ?? null;
  const expected = entries ? nextEvent(entries) : null;
  const nameOf = (eventId: number, fallback?: string | null) =>
    events?.find((e) => e.key === eventId)?.value ?? fallback ?? report?.activities.find((a) => a.eventId === eventId)?.eventName ?? `#${eventId}`;
  const statusList = useLookup('incidentStatus');
  const statuses = statusList.data;
  // a step taken offline counts at once (shown as not sent until the server has it)
  const queuedSteps = useQueuedCaseSteps();
  // the steps are drawn once what they show has answered (the shift's report or its copy, the device's unsent writes,
  // the names of events and statuses), not once per answer: each drawing is some 470 components, a long task on a
  // tablet's CPU (three of them in a row while the screen loaded)
  const ready = !query.isPending && queuedRows !== undefined && queuedSteps !== undefined && !eventsList.isPending && !statusList.isPending;
  const statusIdOf = (c: EndOfDutyCase) => queuedSteps?.get(c.incidentId)?.statusId ?? statuses?.find((s) => s.valueMs === c.statusName)?.key ?? null;
  const stepOf = (c: EndOfDutyCase) => nextCaseStep(c, statusIdOf(c));
  const cases = report ? orderCases(report.cases, stepOf) : null;
  const open = cases?.filter((c) => needsPatrol(stepOf(c))).length ?? 0;

  // a fresh answer (not the device's copy): the route warms the shift's screens for offline use
  const fresh = report && query.data?.cachedAt === null ? report : null;
  const caseKey = fresh ? fresh.cases.map((c) => c.incidentId).join(',') : null;
  useEffect(() => {
    if (caseKey === null) return;
    onShiftLoaded?.({ rosterId: id, sectionId: roster.sectionId ?? null, caseIds: caseKey ? caseKey.split(',').map(Number) : [] });
  }, [caseKey, id, roster.sectionId, onShiftLoaded]);

  return (
    <Stack gap="4">
      <Box bg="brand.900" color="white" rounded="lg" p={{ base: '4', md: '5' }} data-testid="ms-roster" data-roster-id={id}>
        <Text fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" opacity={0.85}>
          {t('myShift.onNow')}
        </Text>
        <RosterLine roster={roster} />
      </Box>

      {reportAction?.(roster)}

      {query.data?.cachedAt && (
        <Text fontSize="sm" color="fg.muted" data-testid="ms-cached">
          {t('myShift.cached', { time: formatDateTimeShort(query.data.cachedAt) })}
        </Text>
      )}
      {!report && query.isError && (
        <Text fontSize="sm" color="fg.muted" data-testid="ms-no-copy">
          {t('myShift.noCopy')}
        </Text>
      )}

      {!ready ? (
        <Stack gap="3" aria-busy data-testid="ms-steps-loading">
          {STEP_SKELETONS.map(([step, h]) => (
            <Skeleton key={step} h={h} rounded="lg" />
          ))}
        </Stack>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" aria-label={t('myShift.steps')} m="0" p="0">
          <Step
            n={1}
            icon={<LuClipboardCheck />}
            title={t('myShift.step.pre')}
            state={checklist.pre}
            testId="ms-step-pre"
            onOpen={() => onOpenChecklist(id)}
          />

          <Step
            n={2}
            icon={<LuNotebookPen />}
            title={t('myShift.step.activity')}
            state={logState}
            testId="ms-step-activity"
            onOpen={() => onOpenActivityLog(id)}
            detail={
              entries &&
              (last ? (
                <Text data-testid="ms-last-entry">
                  {t(last.unsent ? 'myShift.lastEntryUnsent' : 'myShift.lastEntry', {
                    event: nameOf(last.eventId, last.eventName),
                    time: formatTime(last.occurredAt),
                  })}
                </Text>
              ) : (
                <Text data-testid="ms-last-entry">{t('myShift.noEntry')}</Text>
              ))
            }
            extra={
              entries &&
              (expected !== null ? (
                <Button
                  size="xl"
                  minH="16"
                  w="full"
                  colorPalette="amber"
                  fontSize="lg"
                  whiteSpace="normal"
                  onClick={() => onOpenActivityLog(id, expected)}
                  data-testid="ms-next-event"
                  data-event-id={expected}
                >
                  <LuNotebookPen aria-hidden /> {t('myShift.nextEvent', { event: nameOf(expected) })}
                </Button>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('myShift.shiftEnded')}
                </Text>
              ))
            }
          />

          <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" p="4" data-testid="ms-step-cases">
            <StepHeading n={3} icon={<LuSiren />} title={t('myShift.step.cases')}>
              {cases && (
                <Badge colorPalette={open ? 'blue' : 'gray'} size="md" data-testid="ms-case-count" data-open={open}>
                  {t('myShift.casesCount', { count: cases.length })}
                </Badge>
              )}
            </StepHeading>
            <Stack gap="2" mt="3">
              {cases === null ? (
                <Text fontSize="sm" color="fg.muted">
                  {query.isLoading ? t('myShift.loading') : t('myShift.casesUnknown')}
                </Text>
              ) : cases.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="ms-no-cases">
                  {t('myShift.noCases')}
                </Text>
              ) : (
                cases.map((c) => {
                  const queuedStep = queuedSteps?.get(c.incidentId);
                  // the status in the page's language (issue #31): the lookup's name of the queued step's status, else of the case's
                  const statusName = statuses?.find((s) => s.key === (queuedStep?.statusId ?? statusIdOf(c)))?.value ?? c.statusName;
                  return (
                    <CaseRow
                      key={c.incidentId}
                      c={{ ...c, statusName }}
                      step={stepOf(c)}
                      unsent={queuedStep ? (queuedStep.refused ? 'refused' : 'unsent') : null}
                      onOpen={() => onOpenCase(c.incidentId)}
                    />
                  );
                })
              )}
            </Stack>
          </Box>

          <Step
            n={4}
            icon={<LuClipboardList />}
            title={t('myShift.step.post')}
            state={checklist.post}
            testId="ms-step-post"
            onOpen={() => onOpenChecklist(id)}
          />

          <Step
            n={5}
            icon={<LuFileText />}
            title={t('myShift.step.report')}
            testId="ms-step-report"
            onOpen={() => onOpenReport(id)}
            detail={<Text>{t('myShift.reportHint')}</Text>}
          />
        </Stack>
      )}

      {fieldReports?.(roster)}
    </Stack>
  );
}

function StepHeading({ n, icon, title, children }: { n: number; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Flex align="center" gap="3" wrap="wrap" minW="0">
      <Flex
        as="span"
        aria-hidden
        w="8"
        h="8"
        rounded="full"
        bg="brand.subtle"
        color="brand.ink"
        align="center"
        justify="center"
        fontWeight="bold"
        flexShrink={0}
      >
        {n}
      </Flex>
      <Box as="span" fontSize="xl" color="brand.ink" display="inline-flex" aria-hidden flexShrink={0}>
        {icon}
      </Box>
      <Text as="span" fontWeight="semibold" fontSize="lg" flex="1" minW="0" wordBreak="break-word" textAlign="left">
        {title}
      </Text>
      {children}
    </Flex>
  );
}

/** One step: the whole row is the tap target (≥ 64 px), its state as a badge; `extra` goes below, outside the row. */
function Step({
  n,
  icon,
  title,
  state,
  testId,
  onOpen,
  detail,
  extra,
}: {
  n: number;
  icon: ReactNode;
  title: string;
  state?: StepState;
  testId: string;
  onOpen: () => void;
  detail?: ReactNode;
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" bg="bg.panel" overflow="hidden" data-testid={testId} data-state={state ?? ''}>
      <chakra.button
        type="button"
        onClick={onOpen}
        w="full"
        minH="16"
        p="4"
        textAlign="left"
        cursor="pointer"
        _hover={{ bg: 'bg.subtle' }}
        _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' }}
        data-testid={`${testId}-open`}
      >
        <StepHeading n={n} icon={icon} title={title}>
          {state && (
            <Badge colorPalette={STATE_PALETTE[state]} size="md" whiteSpace="normal" data-testid={`${testId}-state`}>
              {t(`myShift.state.${state}`)}
            </Badge>
          )}
          <Box as="span" fontSize="xl" color="fg.muted" aria-hidden display="inline-flex">
            <LuChevronRight />
          </Box>
        </StepHeading>
        {detail && (
          <Box ps="11" mt="1" fontSize="sm" color="fg.muted">
            {detail}
          </Box>
        )}
      </chakra.button>
      {extra && (
        <Box px="4" pb="4">
          {extra}
        </Box>
      )}
    </Box>
  );
}

function CaseRow({
  c,
  step,
  unsent,
  onOpen,
}: {
  c: EndOfDutyCase;
  step: CaseStep;
  /** a step of the case still on the device (or refused by the server) */
  unsent: 'unsent' | 'refused' | null;
  onOpen: () => void;
}) {
  const t = useT();
  const typeText = useLookupText('incidentCategory');
  const mine = needsPatrol(step);
  const ticket = c.ticketNumber ?? `#${c.incidentId}`;
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      w="full"
      minH="14"
      px="3"
      py="2"
      rounded="md"
      borderWidth="1px"
      borderColor={mine ? 'blue.emphasized' : 'border'}
      bg={mine ? 'blue.subtle' : 'bg.subtle'}
      textAlign="left"
      cursor="pointer"
      _hover={{ bg: mine ? 'blue.muted' : 'bg.muted' }}
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
      data-testid="ms-case"
      data-incident-id={c.incidentId}
      data-step={step ?? ''}
      data-unsent={unsent ?? undefined}
    >
      <Flex align="center" gap="3">
        <Flex align="center" columnGap="3" rowGap="1" wrap="wrap" flex="1" minW="0">
          <Text fontFamily="mono" fontWeight="semibold" wordBreak="break-all">
            {ticket}
          </Text>
          {c.statusName && (
            <Badge colorPalette={mine ? 'blue' : 'gray'} size="md" whiteSpace="normal" data-testid="ms-case-status">
              {c.statusName}
            </Badge>
          )}
          {unsent && (
            <Badge colorPalette={STATE_PALETTE[unsent]} size="md" data-testid="ms-case-unsent">
              {t(`myShift.state.${unsent}`)}
            </Badge>
          )}
          <Text flex="1" minW="40" fontSize="sm" wordBreak="break-word">
            {[c.eventTypeName ? typeText(c.eventTypeName) : null, c.km ? `KM ${c.km}` : null].filter(Boolean).join(' · ')}
          </Text>
          <Text fontSize="sm" fontWeight="medium" color={mine ? 'blue.fg' : 'fg.muted'} data-testid="ms-case-next">
            {t(step ? `myShift.caseNext.${step}` : 'myShift.caseNext.none')}
          </Text>
        </Flex>
        <Box as="span" fontSize="xl" color="fg.muted" aria-hidden display="inline-flex" flexShrink={0}>
          <LuChevronRight />
        </Box>
      </Flex>
    </chakra.button>
  );
}
