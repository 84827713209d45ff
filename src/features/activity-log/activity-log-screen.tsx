/**
 * /activitylog/{rosterId}/edit — the patrol's activity log (issue #15; §2.1, §2.18, §4.2 event 295), made for the
 * tablet in the vehicle: one big button per activity (activityLogEvents), the time set to now, the place and a
 * remark; the shift's entries as a timeline, newest first, each editable and deletable. It works offline like the
 * journal: an entry is written to the device and sent once through the outbox, shown at once marked 'Belum dihantar'
 * until the server acknowledges it, never lost on a reload; the server's list and the roster's header are the last
 * ones read when the network is gone. A refusal keeps what was typed and shows the server's message.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Flex, Grid, HStack, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuArrowLeft, LuClipboardCheck, LuCloudOff, LuFileText, LuPencil, LuRadio, LuTrash2, LuTriangleAlert, LuX } from 'react-icons/lu';
import { can } from '@contract/roles';
import type { EndOfDutyReport } from '@contract/activity-log';
import { errorText, isApiError } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import '@/lib/i18n/parts/checklist';
import { useLookup, useLookupText, shiftLabel } from '@/lib/lookups';
import { useSession, userRole } from '@/lib/session';
import { formatClock, formatDateTimeShort, formatTime, instantOfWall, isoDateToDisplay, wallDateTime } from '@/lib/time';
import { useOnline } from '@/lib/use-online';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageHeader } from '@/ui/page-header';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { StatCard } from '@/ui/stat-card';
import { TimelineEntryCard } from '@/ui/timeline-entry';
import { notify } from '@/ui/toaster';
import { solidFill } from '@/ui/solid-fill';
import {
  deleteEntry,
  discardRefused,
  editEntry,
  recordEntry,
  useActivityRows,
  useDeliveredIntoList,
  useRosterReport,
  useSectionCheckpoints,
  type WriteContext,
} from './activity-api';
import {
  buildSavePayload,
  defaultEntryDate,
  entryDates,
  eventButtons,
  eventName as eventNameOf,
  formOf,
  liveEntries,
  localSummary,
  mergeEntries,
  minutesText,
  shiftState,
  timelineEntryOf,
  type EntryForm,
  type EntryNames,
  type ShiftWindow,
  type ShownEntry,
} from './activity-rules';
import { EntryDialog, type FormErrors } from './entry-dialog';
import { eventLook } from './event-look';
import { useQueuedActivities } from './use-queued-activities';

/** The roster as the header needs it: from the report, or offline from the session's rosters (§7.1). */
interface RosterHead {
  name: string;
  sectionId: number | null;
  sectionName: string | null;
  teamName: string | null;
  shiftName: string | null;
  startDate: string;
  endDate: string;
  startHour: string;
  endHour: string;
  plateNumber: string | null;
  callSign: string | null;
  members: string[];
  window: ShiftWindow | null;
}

function headOfReport(r: EndOfDutyReport['roster'], roleText: (v: string) => string): RosterHead {
  const s = Date.parse(r.startsAt);
  const e = Date.parse(r.endsAt);
  return {
    name: r.dutyRosterName,
    sectionId: r.sectionId,
    sectionName: r.sectionName,
    teamName: r.teamName,
    shiftName: r.shiftName,
    startDate: r.startDate,
    endDate: r.endDate,
    startHour: r.startHour,
    endHour: r.endHour,
    plateNumber: r.plateNumber,
    callSign: r.callSign,
    members: r.members.map((m) => (m.rosterRoleName ? `${m.displayName} (${roleText(m.rosterRoleName)})` : m.displayName)),
    window: Number.isFinite(s) && Number.isFinite(e) ? { startsAt: s, endsAt: e } : null,
  };
}

type Dialog = ({ mode: 'new'; initial: EntryForm } | { mode: 'edit'; entry: ShownEntry; initial: EntryForm }) & { fromRecord?: boolean };

/** The server's message of a refusal in the current language, else a readable line. */
const messageOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.statusMsg ? err.shownMsg : errorText(err));
/** The same as it came, to keep (shown through serverText). */
const rawMessageOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.statusMsg ? err.statusMsg : errorText(err));

/**
 * `recordEvent`: opened to record that event (Syif saya's large "next event" button, issue #30): its dialog opens as
 * soon as the event buttons are known and the roster may be written; `onRecorded` runs after that entry is saved
 * (sent or queued), and after a cancel of that first dialog too (Syif saya takes the patrol back).
 */
export function ActivityLogScreen({
  rosterId,
  onOpenReport,
  onBack,
  recordEvent,
  onRecorded,
}: {
  rosterId: number;
  onOpenReport: () => void;
  onBack: () => void;
  recordEvent?: number;
  onRecorded?: () => void;
}) {
  const t = useT();
  const session = useSession();
  const user = session?.user;
  const role = userRole(user).name;
  const online = useOnline();
  const navigate = useNavigate();
  const reportQ = useRosterReport(rosterId);
  const rowsQ = useActivityRows(rosterId);
  const queued = useQueuedActivities(rosterId);
  useDeliveredIntoList(rosterId);
  const events = useLookup('activityLogEvents');
  const directions = useLookup('cardinalDirection');
  const roleText = useLookupText('dutyRosterRoles');

  const report = reportQ.data?.report ?? null;
  const sessionRoster = user?.rosters.find((r) => r.pkDutyRosterId === rosterId) ?? null;
  const head: RosterHead | null = report
    ? headOfReport(report.roster, roleText)
    : sessionRoster
      ? {
          name: sessionRoster.dutyRosterName,
          sectionId: sessionRoster.sectionId,
          sectionName: null,
          teamName: null,
          shiftName: null,
          startDate: sessionRoster.startDate,
          endDate: sessionRoster.endDate,
          startHour: sessionRoster.startHour,
          endHour: sessionRoster.endHour,
          plateNumber: sessionRoster.plateNumber,
          callSign: sessionRoster.callSign,
          members: [],
          window: (() => {
            const s = instantOfWall(sessionRoster.startDate, sessionRoster.startHour);
            const e = instantOfWall(sessionRoster.endDate, sessionRoster.endHour);
            return s && e ? { startsAt: Date.parse(s), endsAt: Date.parse(e) } : null;
          })(),
        }
      : null;
  const checkpoints = useSectionCheckpoints(head?.sectionId);

  const entries = useMemo(() => mergeEntries(rowsQ.data?.rows ?? [], queued.items, queued.idMap), [rowsQ.data, queued.items, queued.idMap]);
  const live = liveEntries(entries).map((e) => e.values);
  const now = Date.now();
  const state = shiftState(live);
  const summary = localSummary(live, head?.window ?? null, now);

  const names: EntryNames = useMemo(() => {
    const ev = new Map((events.data ?? []).map((e) => [e.key, e.value]));
    const dir = new Map((directions.data ?? []).map((d) => [d.key, d.value]));
    const cp = new Map((checkpoints.data ?? []).map((c) => [c.pkRondaLoopCheckpointId, c.checkpointName]));
    return { event: (id) => ev.get(id), direction: (id) => dir.get(id), checkpoint: (id) => cp.get(id) };
  }, [events.data, directions.data, checkpoints.data]);
  const buttons = eventButtons(events.data);
  const nameOfEvent = (id: number) => buttons.find((b) => b.id === id)?.name ?? `#${id}`;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'discard'; entry: ShownEntry } | null>(null);
  const [busy, setBusy] = useState(false);

  // ---- what the caller may do
  const mayWrite = can(role, 'activityLogWrite');
  const locked = !!report && (report.ack.isDisemak || report.ack.isDisahkan);
  const editable = mayWrite && (report ? report.can.editActivities : true);
  const reportError = reportQ.isError ? reportQ.error : null;
  const denied = isApiError(reportError) && (reportError.status === 403 || reportError.status === 404);

  // opened to record one event (Syif saya): its dialog, once, when the buttons are known and the roster is writable
  const recordOpened = useRef(false);
  useEffect(() => {
    if (recordOpened.current || recordEvent === undefined || !editable || !buttons.some((b) => b.id === recordEvent)) return;
    recordOpened.current = true;
    openNew(recordEvent, true);
  });

  const wallNow = () => {
    const w = wallDateTime(Date.now());
    return { date: w.date, time: w.time.slice(0, 5) };
  };
  const today = wallNow().date;
  const yesterday = wallDateTime(Date.now() - 86_400_000).date;
  const shiftDates = head ? { startDate: head.startDate, endDate: head.endDate } : null;

  const ctx = (label: string): WriteContext | null => (user ? { userId: user.userId, rosterId, label } : null);
  const labelOf = (eventId: number, occurredAt: string) =>
    t('activity.queuedLabel', { roster: head?.name ?? `#${rosterId}`, event: nameOfEvent(eventId), time: formatClock(formatTime(occurredAt)) });

  function openNew(eventId: number, fromRecord = false) {
    const w = wallNow();
    const dates = entryDates(shiftDates, today, yesterday);
    setFormErrors({});
    setServerError(null);
    setDialog({
      mode: 'new',
      fromRecord,
      initial: {
        eventId,
        date: defaultEntryDate(dates, w.date),
        time: w.time,
        km: '',
        directionId: null,
        checkpointId: null,
        location: '',
        remark: '',
      },
    });
  }

  function openEdit(entry: ShownEntry) {
    setFormErrors({});
    setServerError(entry.pending?.state === 'parked' ? entry.pending.message : null);
    setDialog({ mode: 'edit', entry, initial: formOf(entry.values, (iso) => wallDateTime(iso)) });
  }

  async function save(form: EntryForm) {
    if (!dialog) return;
    const checkpoint = form.checkpointId ? (checkpoints.data ?? []).find((c) => c.pkRondaLoopCheckpointId === form.checkpointId) : null;
    const built = buildSavePayload({
      rosterId,
      form,
      checkpoint: checkpoint ?? null,
      shift: head?.window ?? null,
      now: Date.now(),
      instantOf: instantOfWall,
    });
    if (!built.ok) {
      setFormErrors(built.errors);
      return;
    }
    // a checkpoint the list no longer has (offline, edited): keep the one the entry had
    if (form.checkpointId && !checkpoint) built.body.rondaCheckpointId = form.checkpointId;
    const c = ctx(labelOf(form.eventId, built.body.occurredAt));
    if (!c) return;
    setFormErrors({});
    setServerError(null);
    setSaving(true);
    try {
      const out = dialog.mode === 'edit' ? await editEntry(c, dialog.entry, built.body) : await recordEntry(c, built.body);
      if (out.status === 'sent') notify.success(t('activity.saved'));
      setDialog(null);
      if (dialog.fromRecord) onRecorded?.();
    } catch (err) {
      // a refusal: the form stays as typed, with the server's message
      setServerError(rawMessageOf(err));
    } finally {
      setSaving(false);
    }
  }

  async function runConfirmed() {
    if (!confirm) return;
    const { kind, entry } = confirm;
    setBusy(true);
    try {
      if (kind === 'discard') {
        await discardRefused(entry);
        notify.success(t('activity.discarded'));
      } else {
        const c = ctx(labelOf(entry.values.eventId, entry.values.occurredAt));
        if (!c) return;
        const out = await deleteEntry(c, entry);
        if (out === 'discarded') notify.success(t('activity.discarded'));
        else if (out.status === 'sent') notify.success(t('activity.deleted'));
      }
      setConfirm(null);
    } catch (err) {
      setConfirm(null);
      notify.error(`${t('activity.saveFailed')} ${messageOf(err)}`);
    } finally {
      setBusy(false);
    }
  }

  // ---- states
  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="activity-back">
      <LuArrowLeft /> {t('activity.back')}
    </Button>
  );
  // issue #16: the roster's daily vehicle checklist (by route path; the checklist feature is its own)
  const checklistButton = can(role, 'checklistWrite') ? (
    <Button
      variant="outline"
      minH="11"
      onClick={() => void navigate({ to: '/senaraisemak/$rosterId', params: { rosterId: String(rosterId) } })}
      data-testid="activity-open-checklist"
    >
      <LuClipboardCheck /> {t('cl.open')}
    </Button>
  ) : null;
  const reportButton = (
    <Button variant="outline" minH="11" onClick={onOpenReport} data-testid="activity-open-report">
      <LuFileText /> {t('activity.viewReport')}
    </Button>
  );

  if (denied) {
    return (
      <Box data-testid="activity-screen-error">
        <PageHeader title={t('activity.title')} actions={back} />
        <ErrorBlock title={t('activity.rosterUnknown')} message={messageOf(reportError)} />
      </Box>
    );
  }

  const newestFirst = [...entries].reverse();
  const loadingList = rowsQ.isPending && !queued.loaded;

  return (
    <Box data-testid="activity-screen" data-roster-id={rosterId}>
      <PageHeader
        title={`${t('activity.title')}${head ? ` · ${head.name}` : ''}`}
        subtitle={
          head ? (
            <Text as="span" fontVariantNumeric="tabular-nums">
              {isoDateToDisplay(head.startDate)} · {formatClock(head.startHour)} – {formatClock(head.endHour)}
              {head.endDate > head.startDate ? ' (+1)' : ''}
            </Text>
          ) : (
            t('activity.subtitle')
          )
        }
        actions={
          <>
            {back}
            {checklistButton}
            {reportButton}
          </>
        }
      />

      {!online && (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="activity-offline">
          <Alert.Indicator>
            <LuCloudOff />
          </Alert.Indicator>
          <Alert.Title>{t('activity.offline')}</Alert.Title>
        </Alert.Root>
      )}

      <RosterHeader head={head} loading={reportQ.isPending && !sessionRoster} failed={!head && !reportQ.isPending} />

      {mayWrite && locked && (
        <Alert.Root status="info" rounded="md" mb="4" data-testid="activity-locked">
          <Alert.Indicator />
          <Alert.Title>{t('activity.locked')}</Alert.Title>
        </Alert.Root>
      )}
      {!mayWrite || (!editable && !locked) ? (
        <Alert.Root status="info" rounded="md" mb="4" data-testid="activity-no-write">
          <Alert.Indicator />
          <Alert.Title>{t('activity.noWrite')}</Alert.Title>
        </Alert.Root>
      ) : null}

      {editable && (
        <Panel
          heading={t('activity.events')}
          actions={
            <HStack gap="2" fontSize="sm" color="fg.muted" data-testid="activity-state">
              {state.patrolSince ? (
                <Badge colorPalette="blue" variant="solid" size="md" data-testid="activity-patrol-open">
                  {t('activity.patrolSince', { time: formatClock(formatTime(state.patrolSince)) })}
                </Badge>
              ) : (
                <Text hideBelow="sm">{t('activity.noPatrol')}</Text>
              )}
              {state.breakSince && (
                <Badge colorPalette="orange" variant="solid" size="md">
                  {t('activity.breakSince', { time: formatClock(formatTime(state.breakSince)) })}
                </Badge>
              )}
            </HStack>
          }
          mb="4"
          data-testid="activity-events"
        >
          <Box p={{ base: '3', md: '4' }}>
            <Text fontSize="sm" color="fg.muted" mb="3">
              {t('activity.eventsHint')}
            </Text>
            <SimpleGrid columns={{ base: 2, sm: 3, lg: 4, xl: 6 }} gap="3">
              {buttons.map((b) => {
                const look = eventLook(b.id);
                const next = b.id === state.suggested;
                return (
                  <Button
                    key={b.id}
                    h="auto"
                    minH="24"
                    py="3"
                    px="2"
                    whiteSpace="normal"
                    flexDirection="column"
                    gap="2"
                    colorPalette={look.palette}
                    variant={next ? 'solid' : 'subtle'}
                    {...solidFill(look.palette, next)}
                    fontSize="md"
                    lineHeight="short"
                    position="relative"
                    onClick={() => openNew(b.id)}
                    data-testid={`activity-event-${b.id}`}
                    data-suggested={next ? '1' : '0'}
                  >
                    <Box fontSize="2xl">{look.icon}</Box>
                    {b.name}
                    {next && (
                      <Badge position="absolute" top="1" right="1" size="xs" variant="surface" colorPalette="gray">
                        {t('activity.suggested')}
                      </Badge>
                    )}
                  </Button>
                );
              })}
            </SimpleGrid>
          </Box>
        </Panel>
      )}

      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 8fr) minmax(0, 4fr)' }} gap="4" alignItems="start">
        <Panel
          heading={`${t('activity.timeline')} (${liveEntries(entries).length})`}
          actions={rowsQ.isFetching && !rowsQ.isPending ? <Spinner size="xs" color="brand.400" /> : undefined}
          data-testid="activity-timeline"
        >
          {rowsQ.data?.cachedAt && (
            <Text px="4" pt="3" fontSize="xs" color="orange.fg" data-testid="activity-cached">
              {t('activity.cachedAt', { time: formatDateTimeShort(rowsQ.data.cachedAt) })}
            </Text>
          )}
          {rowsQ.isError && !rowsQ.data && (
            <Box p="4">
              <ErrorBlock
                title={t('activity.loadFailed')}
                message={messageOf(rowsQ.error)}
                offline={isApiError(rowsQ.error) && rowsQ.error.kind !== 'http'}
                onRetry={() => void rowsQ.refetch()}
              />
            </Box>
          )}
          {loadingList ? (
            <Stack p="4" gap="3">
              <Skeleton h="16" />
              <Skeleton h="16" />
            </Stack>
          ) : newestFirst.length === 0 ? (
            <Flex direction="column" align="center" gap="1" py="10" color="fg.muted" data-testid="activity-empty">
              <Text fontSize="sm">{t('activity.empty')}</Text>
              {editable && <Text fontSize="xs">{t('activity.emptyHint')}</Text>}
            </Flex>
          ) : (
            <Stack p="4" gap="4">
              {newestFirst.map((e) => (
                <EntryItem
                  key={e.key}
                  entry={e}
                  names={names}
                  editable={editable}
                  onEdit={() => openEdit(e)}
                  onDelete={() => setConfirm({ kind: 'delete', entry: e })}
                  onDiscard={() => setConfirm({ kind: 'discard', entry: e })}
                />
              ))}
            </Stack>
          )}
        </Panel>

        <Stack gap="3">
          <StatCard label={t('activity.summary.rondas')} value={summary.rondaCount} icon={eventLook(295).icon} testId="activity-summary-rondas" />
          <StatCard
            label={t('activity.summary.rehat')}
            value={minutesText(summary.rehatMinutes, { h: t('eod.minutes.h'), m: t('eod.minutes.m') })}
            icon={eventLook(3004).icon}
            palette="orange"
            testId="activity-summary-rehat"
          />
          <StatCard
            label={t('activity.summary.entries')}
            value={summary.entryCount}
            icon={<LuFileText />}
            palette="gray"
            testId="activity-summary-entries"
          />
        </Stack>
      </Grid>

      {dialog && (
        <EntryDialog
          open
          title={
            dialog.mode === 'edit'
              ? t('activity.form.edit', { event: nameOfEvent(dialog.initial.eventId) })
              : t('activity.form.new', { event: nameOfEvent(dialog.initial.eventId) })
          }
          initial={dialog.initial}
          subtitle={head?.name ?? ''}
          dates={entryDates(shiftDates, today, yesterday, dialog.initial.date)}
          directions={directions.data ?? []}
          checkpoints={checkpoints.data ?? []}
          checkpointsUnavailable={checkpoints.isError}
          errors={formErrors}
          serverError={serverError}
          saving={saving}
          onNow={wallNow}
          onSave={(f) => void save(f)}
          onCancel={() => {
            if (dialog?.fromRecord) onRecorded?.();
            setDialog(null);
          }}
        />
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'discard' ? t('activity.discardTitle') : t('activity.deleteTitle')}
        message={
          confirm
            ? confirm.kind === 'discard'
              ? t('activity.discardMessage', { event: eventNameOf(confirm.entry.values, confirm.entry.row, names) })
              : t('activity.deleteMessage', {
                  event: eventNameOf(confirm.entry.values, confirm.entry.row, names),
                  time: formatDateTimeShort(confirm.entry.values.occurredAt),
                })
            : undefined
        }
        confirmLabel={confirm?.kind === 'discard' ? t('activity.discard') : t('activity.delete')}
        colorPalette="red"
        pending={busy}
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
        testId={confirm?.kind === 'discard' ? 'activity-discard-dialog' : 'activity-delete-dialog'}
      />
    </Box>
  );
}

function RosterHeader({ head, loading, failed }: { head: RosterHead | null; loading: boolean; failed: boolean }) {
  const t = useT();
  if (loading) return <Skeleton h="20" rounded="lg" mb="4" />;
  if (!head) {
    return failed ? (
      <Alert.Root status="warning" rounded="md" mb="4" data-testid="activity-roster-unknown">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('activity.rosterUnknown')}</Alert.Title>
          <Alert.Description>{t('activity.rosterUnknownHint')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    ) : null;
  }
  const cells: [string, React.ReactNode, string][] = [
    [t('activity.header.team'), head.teamName ?? '—', 'team'],
    [t('activity.header.section'), head.sectionName ?? '—', 'section'],
    [t('activity.header.shift'), head.shiftName ? shiftLabel(head.shiftName) : '—', 'shift'],
    [
      t('activity.header.hours'),
      `${formatClock(head.startHour)} – ${formatClock(head.endHour)}${head.endDate > head.startDate ? ' (+1)' : ''}`,
      'hours',
    ],
    [
      t('activity.header.vehicle'),
      head.plateNumber ? (
        // biome-ignore lint/correctness/useJsxKeyInIterable: a cell of a [label, value, id] tuple, not a list item (the grid keys each cell by its id)
        <HStack gap="2" as="span" flexWrap="wrap" rowGap="0">
          <Text as="span" fontFamily="mono">
            {head.plateNumber}
          </Text>
          {head.callSign && (
            <HStack as="span" gap="1" color="brand.fg" fontSize="sm">
              <LuRadio /> {head.callSign}
            </HStack>
          )}
        </HStack>
      ) : (
        '—'
      ),
      'vehicle',
    ],
  ];
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="lg" boxShadow="xs" px="4" py="3" mb="4" data-testid="activity-header">
      <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="3">
        {cells.map(([label, value, key]) => (
          <Box key={key} minW="0">
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.05em">
              {label}
            </Text>
            <Box fontWeight="semibold" fontSize="md" overflowWrap="anywhere" data-testid={`activity-header-${key}`}>
              {value}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
      {head.members.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="2" data-testid="activity-header-members">
          {t('activity.header.members')}: {head.members.join(', ')}
        </Text>
      )}
    </Box>
  );
}

function EntryItem({
  entry,
  names,
  editable,
  onEdit,
  onDelete,
  onDiscard,
}: {
  entry: ShownEntry;
  names: EntryNames;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  const p = entry.pending;
  const look = eventLook(entry.values.eventId);
  const deleting = p?.op === 'delete';
  const parked = p?.state === 'parked';
  const badges = p ? (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={parked ? 'red' : 'orange'} variant="subtle" size="sm" data-testid="activity-unsent" data-state={p.state}>
        {parked ? <LuTriangleAlert /> : <LuCloudOff />}{' '}
        {parked ? t('activity.refused') : p.state === 'sending' ? t('activity.sending') : t('activity.unsent')}
      </Badge>
      {deleting && (
        <Badge colorPalette="red" variant="outline" size="sm" data-testid="activity-to-delete">
          {t('activity.toDelete')}
        </Badge>
      )}
      {p.op === 'edit' && (
        <Badge colorPalette="gray" variant="outline" size="sm">
          {t('activity.edited')}
        </Badge>
      )}
    </HStack>
  ) : null;
  // the author when it is someone else of the team (or the TMC on the radio)
  const me = useSession()?.user.profile.displayName;
  const by = entry.row && entry.row.createdByName !== me ? (name: string) => t('activity.by', { name }) : undefined;
  return (
    <Box
      opacity={deleting ? 0.6 : 1}
      textDecoration={deleting ? 'line-through' : undefined}
      bg={parked ? 'red.subtle' : p ? 'orange.subtle' : undefined}
      rounded="md"
      pr="2"
      data-testid="activity-entry"
      data-state={p ? p.state : 'sent'}
      data-op={p?.op ?? ''}
      data-event-id={entry.values.eventId}
      data-server-id={entry.serverId ?? ''}
    >
      <TimelineEntryCard
        entry={timelineEntryOf(entry, names, by)}
        accent={parked ? 'red.500' : `${look.palette}.400`}
        badges={badges}
        testId="activity-entry-card"
        actions={
          <>
            {parked && p?.message && (
              <Text fontSize="sm" color="red.fg" mt="1" textDecoration="none" data-testid="activity-entry-refusal">
                {serverText(p.message)}
              </Text>
            )}
            {editable && (
              <HStack gap="2" mt="2" textDecoration="none">
                {!deleting && (
                  <Button size="sm" minH="11" variant="outline" bg="bg.panel" onClick={onEdit} data-testid="activity-entry-edit">
                    <LuPencil /> {t('activity.edit')}
                  </Button>
                )}
                {!deleting && (
                  <Button
                    size="sm"
                    minH="11"
                    variant="outline"
                    bg="bg.panel"
                    colorPalette="red"
                    onClick={onDelete}
                    data-testid="activity-entry-delete"
                  >
                    <LuTrash2 /> {t('activity.delete')}
                  </Button>
                )}
                {parked && (
                  <Button size="sm" minH="11" variant="ghost" colorPalette="red" onClick={onDiscard} data-testid="activity-entry-discard">
                    <LuX /> {t('activity.discard')}
                  </Button>
                )}
              </HStack>
            )}
          </>
        }
      />
    </Box>
  );
}
