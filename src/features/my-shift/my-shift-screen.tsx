/**
 * "Syif saya" (issue #30 item 1): the patrol's one home for the shift, its landing page while a roster of theirs
 * covers now. The roster on shift (from the session's rosters, so offline too), then the shift's steps in order,
 * each one tap away with its state: the pre-shift vehicle checklist, the activity log (its last entry, and the event
 * expected next as a large button), the cases assigned to the roster (status and next step; a tap opens the case),
 * the post-shift checklist and the end-of-duty report. Everything comes from the device's copies (the roster's
 * report as last fetched, the outbox); with no roster on now, the next shift and an empty state.
 */
import { type ReactNode, useEffect } from 'react';
import { Button } from '@chakra-ui/react';
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
    <div className="ms-screen" data-testid="ms-screen">
      <PageHeader title={t('myShift.title')} subtitle={current ? t('myShift.subtitle') : undefined} />
      {current ? (
        <CurrentShift roster={current} {...props} />
      ) : (
        <div className="ms-panel" data-roomy="" data-testid="ms-none">
          <EmptyBlock icon={<LuCalendarClock />} title={t('myShift.none')} description={t('myShift.noneHint')} />
        </div>
      )}
      {next && (
        <div className="ms-panel" data-testid="ms-next-shift">
          <p className="ms-kicker">{t('myShift.next')}</p>
          <RosterLine roster={next} />
        </div>
      )}
      {!current && !next && (
        <p className="ms-after u-sm u-muted" data-testid="ms-no-next">
          {t('myShift.noNext')}
        </p>
      )}
    </div>
  );
}

function RosterLine({ roster }: { roster: ShiftRoster }) {
  return (
    <>
      <p className="ms-roster-name" data-testid="ms-roster-name">
        {roster.dutyRosterName}
      </p>
      <div className="ms-roster-meta">
        <p className="u-num">
          {isoDateToDisplay(roster.startDate)} · {rosterHours(roster)}
        </p>
        {roster.plateNumber && <p className="ms-mono">{roster.plateNumber}</p>}
        {roster.callSign && (
          <div className="ms-hstack-1">
            <LuRadio aria-hidden /> <p>{roster.callSign}</p>
          </div>
        )}
      </div>
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
    <div className="ms-stack-4">
      <div className="ms-roster" data-testid="ms-roster" data-roster-id={id}>
        <p className="ms-kicker">{t('myShift.onNow')}</p>
        <RosterLine roster={roster} />
      </div>

      {reportAction?.(roster)}

      {query.data?.cachedAt && (
        <p className="u-sm u-muted" data-testid="ms-cached">
          {t('myShift.cached', { time: formatDateTimeShort(query.data.cachedAt) })}
        </p>
      )}
      {!report && query.isError && (
        <p className="u-sm u-muted" data-testid="ms-no-copy">
          {t('myShift.noCopy')}
        </p>
      )}

      {!ready ? (
        <div className="ms-skeletons" aria-busy data-testid="ms-steps-loading">
          {STEP_SKELETONS.map(([step, h]) => (
            <div key={step} className="u-skeleton" style={{ height: `var(--chakra-sizes-${h})` }} />
          ))}
        </div>
      ) : (
        <ol className="ms-steps" aria-label={t('myShift.steps')}>
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
                <span className="u-block" data-testid="ms-last-entry">
                  {t(last.unsent ? 'myShift.lastEntryUnsent' : 'myShift.lastEntry', {
                    event: nameOf(last.eventId, last.eventName),
                    time: formatTime(last.occurredAt),
                  })}
                </span>
              ) : (
                <span className="u-block" data-testid="ms-last-entry">
                  {t('myShift.noEntry')}
                </span>
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
                <p className="u-sm u-muted">{t('myShift.shiftEnded')}</p>
              ))
            }
          />

          <li className="ms-step" data-padded="" data-testid="ms-step-cases">
            <StepHeading n={3} icon={<LuSiren />} title={t('myShift.step.cases')}>
              {cases && (
                <span className="u-badge" data-size="md" data-palette={open ? 'blue' : 'gray'} data-testid="ms-case-count" data-open={open}>
                  {t('myShift.casesCount', { count: cases.length })}
                </span>
              )}
            </StepHeading>
            <div className="ms-cases">
              {cases === null ? (
                <p className="u-sm u-muted">{query.isLoading ? t('myShift.loading') : t('myShift.casesUnknown')}</p>
              ) : cases.length === 0 ? (
                <p className="u-sm u-muted" data-testid="ms-no-cases">
                  {t('myShift.noCases')}
                </p>
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
            </div>
          </li>

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
            detail={<span className="u-block">{t('myShift.reportHint')}</span>}
          />
        </ol>
      )}

      {fieldReports?.(roster)}
    </div>
  );
}

function StepHeading({ n, icon, title, children }: { n: number; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <span className="ms-heading">
      <span className="ms-number" aria-hidden>
        {n}
      </span>
      <span className="ms-icon" aria-hidden>
        {icon}
      </span>
      <span className="ms-title">{title}</span>
      {children}
    </span>
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
    <li className="ms-step" data-testid={testId} data-state={state ?? ''}>
      <button type="button" className="ms-step-open" onClick={onOpen} data-testid={`${testId}-open`}>
        <StepHeading n={n} icon={icon} title={title}>
          {state && (
            <span className="u-badge" data-size="md" data-wrap="" data-palette={STATE_PALETTE[state]} data-testid={`${testId}-state`}>
              {t(`myShift.state.${state}`)}
            </span>
          )}
          <span className="u-chevron" aria-hidden>
            <LuChevronRight />
          </span>
        </StepHeading>
        {detail && <span className="ms-detail">{detail}</span>}
      </button>
      {extra && <div className="ms-extra">{extra}</div>}
    </li>
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
    <button
      type="button"
      className="u-tap-row ms-case"
      onClick={onOpen}
      data-mine={mine ? '' : undefined}
      data-testid="ms-case"
      data-incident-id={c.incidentId}
      data-step={step ?? ''}
      data-unsent={unsent ?? undefined}
    >
      <span className="ms-case-row">
        <span className="ms-case-parts">
          <span className="ms-ticket">{ticket}</span>
          {c.statusName && (
            <span className="u-badge" data-size="md" data-wrap="" data-palette={mine ? 'blue' : 'gray'} data-testid="ms-case-status">
              {c.statusName}
            </span>
          )}
          {unsent && (
            <span className="u-badge" data-size="md" data-palette={STATE_PALETTE[unsent]} data-testid="ms-case-unsent">
              {t(`myShift.state.${unsent}`)}
            </span>
          )}
          <span className="ms-case-what">
            {[c.eventTypeName ? typeText(c.eventTypeName) : null, c.km ? `KM ${c.km}` : null].filter(Boolean).join(' · ')}
          </span>
          <span className="ms-case-next" data-testid="ms-case-next">
            {t(step ? `myShift.caseNext.${step}` : 'myShift.caseNext.none')}
          </span>
        </span>
        <span className="u-chevron" aria-hidden>
          <LuChevronRight />
        </span>
      </span>
    </button>
  );
}
