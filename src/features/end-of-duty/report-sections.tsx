/**
 * The parts of the end-of-duty report page (issue #15; §3.12 duty roster, summary and acknowledgement): the roster's
 * details, the shift summary, who verified and approved it, the cases attended with their times, the activity
 * timeline (§2.18 widget), the inactive-GPS periods, the checklist and the shift handovers (issue #29 item 2).
 */
import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, Grid, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import {
  LuBadgeCheck,
  LuClipboardCheck,
  LuClock,
  LuCoffee,
  LuExternalLink,
  LuHistory,
  LuMap,
  LuRefreshCw,
  LuArrowRightLeft,
  LuRoute,
  LuSatelliteDish,
  LuShieldCheck,
  LuTriangleAlert,
} from 'react-icons/lu';
import { useNavigate } from '@tanstack/react-router';
import type { EndOfDutyCase, EndOfDutyReport, GpsPeriod } from '@contract/activity-log';
import type { ChecklistSummary } from '@contract/checklist';
import type { HandoverRecord } from '@contract/handover';
import { can } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import '@/lib/i18n/parts/checklist';
import { useSession, userRole } from '@/lib/session';
import { formatClock, formatDateTimeShort, formatTime, isoDateToDisplay } from '@/lib/time';
import { Panel } from '@/ui/panel';
import { StatCard } from '@/ui/stat-card';
import { TimelineEntryCard } from '@/ui/timeline-entry';
import { activityTimelineEntry, minutesText, type DluKind } from './end-of-duty-rules';
import { PeriodsTable } from '@/ui/report/periods-table';
import { headerTextProps, TableScroll } from '@/ui/table-scroll';
import { shiftLabel, useLookupText } from '@/lib/lookups';

type Report = EndOfDutyReport;

export function InfoRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Grid templateColumns="minmax(120px, 38%) 1fr" gap="3" py="1.5" borderBottomWidth="1px" borderColor="border.subtle" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Box fontWeight="medium" minW="0" wordBreak="break-word" data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Box>
    </Grid>
  );
}

export function rosterDateText(r: Report['roster']) {
  return r.endDate > r.startDate ? `${isoDateToDisplay(r.startDate)} – ${isoDateToDisplay(r.endDate)}` : isoDateToDisplay(r.startDate);
}

export function RosterDetails({ report }: { report: Report }) {
  const t = useT();
  const rosterTypeText = useLookupText('jenisRoster');
  const roleText = useLookupText('dutyRosterRoles');
  const r = report.roster;
  return (
    <Panel heading={t('eod.report.details')} data-testid="eod-details">
      <Box px="4" py="2">
        <InfoRow label={t('eod.report.roster')} value={r.dutyRosterName} testId="eod-roster-name" />
        <InfoRow label={t('eod.report.region')} value={r.regionName} />
        <InfoRow label={t('eod.report.section')} value={r.sectionName} testId="eod-section" />
        <InfoRow label={t('eod.report.team')} value={r.teamName} testId="eod-team" />
        <InfoRow label={t('eod.report.shift')} value={shiftLabel(r.shiftName)} testId="eod-shift" />
        <InfoRow label={t('eod.report.type')} value={r.jenisRosterName ? rosterTypeText(r.jenisRosterName) : r.jenisRosterName} />
        <InfoRow label={t('eod.report.date')} value={rosterDateText(r)} testId="eod-date" />
        <InfoRow label={t('eod.report.hours')} value={`${formatClock(r.startHour)} – ${formatClock(r.endHour)}`} testId="eod-hours" />
        <InfoRow
          label={t('eod.report.vehicle')}
          value={
            r.plateNumber ? (
              <HStack gap="2">
                <Text fontFamily="mono">{r.plateNumber}</Text>
                {r.callSign && (
                  <Badge size="sm" variant="subtle" colorPalette="brand">
                    {r.callSign}
                  </Badge>
                )}
              </HStack>
            ) : null
          }
          testId="eod-vehicle"
        />
        <InfoRow label={t('eod.report.device')} value={r.deviceNo} />
        <InfoRow label={t('eod.report.hp')} value={r.hpNo} />
        <InfoRow label={t('eod.report.remark')} value={r.remark} />
        <InfoRow
          label={t('eod.report.members')}
          value={
            r.members.length ? (
              <Stack gap="0.5">
                {r.members.map((m) => (
                  <Text key={m.pkStaffId} data-testid="eod-member">
                    {m.displayName}
                    {m.rosterRoleName && (
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        {' '}
                        · {roleText(m.rosterRoleName)}
                      </Text>
                    )}
                  </Text>
                ))}
              </Stack>
            ) : (
              t('eod.report.noMembers')
            )
          }
        />
      </Box>
    </Panel>
  );
}

export function SummaryPanel({
  report,
  canUpdate,
  updating,
  onUpdate,
  onOpenDlu,
}: {
  report: Report;
  canUpdate: boolean;
  updating: boolean;
  onUpdate: () => void;
  onOpenDlu: (kind: DluKind) => void;
}) {
  const t = useT();
  const s = report.summary;
  const units = { h: t('eod.minutes.h'), m: t('eod.minutes.m') };
  return (
    <Panel
      heading={t('eod.report.summary')}
      actions={
        canUpdate ? (
          <Button size="sm" minH="11" variant="outline" onClick={onUpdate} loading={updating} data-testid="eod-update-summary">
            <LuRefreshCw /> {t('eod.report.updateSummary')}
          </Button>
        ) : undefined
      }
      data-testid="eod-summary"
    >
      <Box p="4">
        <SimpleGrid columns={{ base: 2, md: 3, '2xl': 5 }} gap="3">
          <StatCard label={t('eod.report.rondas')} value={s.rondaCount} icon={<LuRoute />} testId="eod-sum-rondas" />
          <StatCard
            label={t('eod.report.rehat')}
            value={minutesText(s.rehatMinutes, units)}
            icon={<LuCoffee />}
            palette="orange"
            testId="eod-sum-rehat"
          />
          <StatCard label={t('eod.report.dlu')} value={minutesText(s.dluMinutes, units)} icon={<LuMap />} palette="green" testId="eod-sum-dlu" />
          <StatCard
            label={t('eod.report.llu')}
            value={minutesText(s.lluMinutes, units)}
            icon={<LuTriangleAlert />}
            palette="red"
            testId="eod-sum-llu"
          />
          <StatCard
            label={t('eod.report.inactiveGps')}
            value={minutesText(s.inactiveGpsMinutes, units)}
            icon={<LuSatelliteDish />}
            palette="gray"
            testId="eod-sum-nogps"
          />
        </SimpleGrid>
        <Flex mt="3" gap="3" align="center" wrap="wrap">
          <Text fontSize="xs" color="fg.muted" data-testid="eod-summary-at">
            {s.summaryAt ? t('eod.report.summaryAt', { time: formatDateTimeShort(s.summaryAt) }) : t('eod.report.summaryNever')}
          </Text>
          <HStack gap="2" ms="auto">
            <Button size="sm" minH="11" variant="subtle" colorPalette="green" onClick={() => onOpenDlu('DLU')} data-testid="eod-open-dlu">
              <LuExternalLink /> {t('eod.report.viewDlu')}
            </Button>
            <Button size="sm" minH="11" variant="subtle" colorPalette="red" onClick={() => onOpenDlu('LLU')} data-testid="eod-open-llu">
              <LuExternalLink /> {t('eod.report.viewLlu')}
            </Button>
          </HStack>
        </Flex>
      </Box>
    </Panel>
  );
}

export function AckPanel({ report, actions }: { report: Report; actions?: ReactNode }) {
  const t = useT();
  const a = report.ack;
  return (
    <Panel heading={t('eod.report.ack')} data-testid="eod-ack">
      <Stack p="4" gap="3">
        <Flex align="center" gap="2" color={a.isDisemak ? 'purple.fg' : 'fg.muted'}>
          <LuBadgeCheck />
          <Text fontSize="sm" data-testid="eod-verified-by" data-done={a.isDisemak ? '1' : '0'}>
            {a.isDisemak
              ? t('eod.report.verifiedBy', { name: a.acknowledgedByName ?? '—', time: formatDateTimeShort(a.acknowledgedAt) })
              : t('eod.report.notVerified')}
          </Text>
        </Flex>
        <Flex align="center" gap="2" color={a.isDisahkan ? 'teal.fg' : 'fg.muted'}>
          <LuShieldCheck />
          <Text fontSize="sm" data-testid="eod-approved-by" data-done={a.isDisahkan ? '1' : '0'}>
            {a.isDisahkan
              ? t('eod.report.approvedBy', { name: a.approvedByName ?? '—', time: formatDateTimeShort(a.approvedAt) })
              : t('eod.report.notApproved')}
          </Text>
        </Flex>
        {actions && (
          <Flex gap="2" wrap="wrap" pt="1">
            {actions}
          </Flex>
        )}
      </Stack>
    </Panel>
  );
}

const caseTime = (iso: string | null) => (iso ? formatTime(iso) : '—');

export function CasesPanel({ cases, onOpenCase }: { cases: EndOfDutyCase[]; onOpenCase?: (incidentId: number) => void }) {
  const t = useT();
  const typeText = useLookupText('incidentCategory');
  const statusText = useLookupText('incidentStatus');
  return (
    <Panel heading={`${t('eod.report.cases')} (${cases.length})`} data-testid="eod-cases">
      {cases.length === 0 ? (
        <Text p="4" fontSize="sm" color="fg.muted" data-testid="eod-no-cases">
          {t('eod.report.noCases')}
        </Text>
      ) : (
        <TableScroll>
          <Table.Root recipe={tableSlotRecipe} size="sm" minW="820px">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {(['ticket', 'type', 'km', 'status', 'assigned', 'received', 'arrived', 'assisted', 'done'] as const).map((k) => (
                  <Table.ColumnHeader key={k} fontSize="xs" textTransform="uppercase" color="fg.muted" {...headerTextProps}>
                    {t(`eod.report.case.${k}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {cases.map((c) => (
                <Table.Row key={c.incidentId} data-testid="eod-case">
                  <Table.Cell>
                    {onOpenCase ? (
                      <Button variant="plain" size="sm" px="0" minH="8" color="brand.fg" fontFamily="mono" onClick={() => onOpenCase(c.incidentId)}>
                        {c.ticketNumber ?? `#${c.incidentId}`}
                      </Button>
                    ) : (
                      <Text fontFamily="mono">{c.ticketNumber ?? `#${c.incidentId}`}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{c.eventTypeName ? typeText(c.eventTypeName) : '—'}</Table.Cell>
                  <Table.Cell>{c.km ?? '—'}</Table.Cell>
                  <Table.Cell>{c.statusName ? statusText(c.statusName) : '—'}</Table.Cell>
                  {(
                    [
                      ['assigned', c.assignedAt],
                      ['received', c.receivedAt],
                      ['arrived', c.arrivedAt],
                      ['assistanceDone', c.assistanceDoneAt],
                      ['done', c.doneAt],
                    ] as const
                  ).map(([step, x]) => (
                    <Table.Cell key={step} fontVariantNumeric="tabular-nums" title={x ? formatDateTimeShort(x) : undefined}>
                      {caseTime(x)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Panel>
  );
}

export function TimelinePanel({ report }: { report: Report }) {
  const t = useT();
  const rows = [...report.activities].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt) || a.pkActivityLogId - b.pkActivityLogId);
  return (
    <Panel
      heading={
        <Flex as="span" align="center" gap="2">
          <LuHistory /> {t('eod.report.timeline')} ({rows.length})
        </Flex>
      }
      data-testid="eod-timeline"
    >
      {rows.length === 0 ? (
        <Text p="4" fontSize="sm" color="fg.muted" data-testid="eod-no-activities">
          {t('eod.report.noActivities')}
        </Text>
      ) : (
        <Stack p="4" gap="3">
          {rows.map((r) => (
            <TimelineEntryCard key={r.pkActivityLogId} entry={activityTimelineEntry(r, (name) => t('activity.by', { name }))} testId="eod-activity" />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function GpsGapsPanel({ periods }: { periods: GpsPeriod[] }) {
  const t = useT();
  const units = { h: t('eod.minutes.h'), m: t('eod.minutes.m') };
  return (
    <Panel
      heading={
        <Flex as="span" align="center" gap="2">
          <LuClock /> {t('eod.report.gps')} ({periods.length})
        </Flex>
      }
      data-testid="eod-gps"
    >
      {periods.length === 0 ? (
        <Text p="4" fontSize="sm" color="fg.muted">
          {t('eod.report.noGpsGaps')}
        </Text>
      ) : (
        <PeriodsTable
          periods={periods}
          headers={{ from: t('eod.report.gps.from'), to: t('eod.report.gps.to'), minutes: t('eod.report.gps.minutes') }}
          time={formatDateTimeShort}
          units={units}
          rowTestId="eod-gps-gap"
        />
      )}
    </Panel>
  );
}

/** The checklist's lines (issue #16, ChecklistSummary): vehicle, odometers and km, cards, defects, flags, times. */
export function checklistSummaryLines(c: ChecklistSummary, t: ReturnType<typeof useT>): { key: string; label: string; value: string }[] {
  const flags = [
    c.gapKm !== null ? t('cl.report.gap', { n: c.gapKm }) : null,
    c.jumpKm !== null ? t('cl.report.jump', { n: c.jumpKm }) : null,
  ].filter((f): f is string => !!f);
  return [
    { key: 'vehicle', label: t('cl.eod.vehicle'), value: c.callSign ? `${c.plateNumber} (${c.callSign})` : c.plateNumber },
    { key: 'odometer', label: t('cl.eod.odometer'), value: `${c.odometerPre} / ${c.odometerPost ?? '—'} km` },
    { key: 'km', label: t('cl.eod.km'), value: c.km === null ? '—' : `${c.km} km` },
    { key: 'cards', label: t('cl.eod.cards'), value: t('cl.items.cards', { tng: c.noKadTng ?? '—', fuel: c.noKadBahanApi ?? '—' }) },
    {
      key: 'defects',
      label: t('cl.eod.defects'),
      value:
        c.preDefects || c.postDefects
          ? `${t('cl.report.defectCounts', { pre: c.preDefects, post: c.postDefects })}${c.defectSummary ? ` — ${c.defectSummary}` : ''}`
          : t('cl.report.noDefects'),
    },
    { key: 'flags', label: t('cl.eod.flags'), value: flags.length ? flags.join(', ') : '—' },
    { key: 'times', label: t('cl.eod.times'), value: `${formatDateTimeShort(c.preAt)}${c.postAt ? ` / ${formatDateTimeShort(c.postAt)}` : ''}` },
  ];
}

/**
 * The roster's daily vehicle checklist (issue #16; report.checklist), or 'Tiada senarai semak'; a link to
 * /senaraisemak/{rosterId} (by route path) for those who record it.
 */
export function ChecklistPanel({ checklist, rosterId }: { checklist: ChecklistSummary | null | undefined; rosterId?: number }) {
  const t = useT();
  const navigate = useNavigate();
  const role = userRole(useSession()?.user).name;
  const link =
    rosterId && can(role, 'checklistWrite') ? (
      <Button
        size="sm"
        minH="11"
        variant="outline"
        onClick={() => void navigate({ to: '/senaraisemak/$rosterId', params: { rosterId: String(rosterId) } })}
        data-testid="eod-checklist-open"
      >
        <LuClipboardCheck /> {t('cl.eod.open')}
      </Button>
    ) : undefined;
  return (
    <Panel heading={t('cl.eod.title')} actions={link} data-testid="eod-checklist">
      {checklist ? (
        <Box px="4" py="2">
          {checklistSummaryLines(checklist, t).map((l) => (
            <InfoRow
              key={l.key}
              label={l.label}
              value={l.key === 'defects' && (checklist.preDefects || checklist.postDefects) ? <Text color="red.fg">{l.value}</Text> : l.value}
              testId={`eod-checklist-${l.key}`}
            />
          ))}
        </Box>
      ) : (
        <Text p="4" fontSize="sm" color="fg.muted" data-testid="eod-no-checklist">
          {t('cl.eod.none')}
        </Text>
      )}
    </Panel>
  );
}

/** The report's handovers; none from a server (or a report kept on the device) from before the handover. */
export const handoversOf = (report: Pick<Report, 'handovers'>) => ({ out: report.handovers?.out ?? [], in: report.handovers?.in ?? [] });

/**
 * "Serahan tugas" (issue #29 item 2): the cases this roster handed over to the next shift (to whom, by whom, when)
 * and those it took over from the previous one.
 */
export function HandoversPanel({ report, onOpenCase }: { report: Pick<Report, 'handovers'>; onOpenCase?: (incidentId: number) => void }) {
  const t = useT();
  const h = handoversOf(report);
  return (
    <Panel
      heading={
        <Flex as="span" align="center" gap="2">
          <LuArrowRightLeft /> {t('eod.report.handovers')} ({h.out.length + h.in.length})
        </Flex>
      }
      data-testid="eod-handovers"
    >
      {h.out.length + h.in.length === 0 ? (
        <Text p="4" fontSize="sm" color="fg.muted" data-testid="eod-no-handovers">
          {t('eod.report.noHandovers')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" p="4">
          <HandoverList title={t('eod.report.handoversOut')} side="out" records={h.out} onOpenCase={onOpenCase} />
          <HandoverList title={t('eod.report.handoversIn')} side="in" records={h.in} onOpenCase={onOpenCase} />
        </SimpleGrid>
      )}
    </Panel>
  );
}

function HandoverList({
  title,
  side,
  records,
  onOpenCase,
}: {
  title: string;
  side: 'out' | 'in';
  records: HandoverRecord[];
  onOpenCase?: (incidentId: number) => void;
}) {
  const t = useT();
  const rows = [...records].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Box minW="0" data-testid={`eod-handovers-${side}`}>
      <Text as="h3" fontSize="sm" fontWeight="semibold" color="brand.ink" mb="2">
        {title} ({rows.length})
      </Text>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('eod.report.handoverNone')}
        </Text>
      ) : (
        <TableScroll borderWidth="1px" borderColor="border.muted" rounded="md" overflow="hidden">
          <Table.Root recipe={tableSlotRecipe} size="sm">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {[
                  t('eod.report.case.ticket'),
                  side === 'out' ? t('eod.report.handover.to') : t('eod.report.handover.from'),
                  t('eod.report.handover.by'),
                  t('eod.report.handover.at'),
                ].map((k) => (
                  <Table.ColumnHeader key={k} fontSize="xs" textTransform="uppercase" color="fg.muted" {...headerTextProps}>
                    {k}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={`${r.incidentId}-${r.at}`} data-testid={`eod-handover-${side}`} data-incident-id={r.incidentId}>
                  <Table.Cell>
                    {onOpenCase ? (
                      <Button variant="plain" size="sm" px="0" minH="11" color="brand.fg" fontFamily="mono" onClick={() => onOpenCase(r.incidentId)}>
                        {r.ticketNumber}
                      </Button>
                    ) : (
                      <Text fontFamily="mono">{r.ticketNumber}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{side === 'out' ? r.toRosterName : r.fromRosterName}</Table.Cell>
                  <Table.Cell>{r.byName}</Table.Cell>
                  <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {formatDateTimeShort(r.at)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Box>
  );
}
