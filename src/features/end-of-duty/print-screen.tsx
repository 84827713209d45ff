/**
 * The printable end-of-duty report (/activitylog/{rosterId}/print; the same flow as the incident's, §2.7): opened in
 * a new window by the report's Print button, it prints about 5 s after it opens (§9) — or as soon after as the report
 * is there — and closes its window after printing. It covers the app's shell (a layer over the whole window) and the
 * print style hides everything else, so the paper holds the report alone.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Flex, Grid, Heading, Portal, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import type { EndOfDutyReport } from '@contract/activity-log';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import '@/lib/i18n/parts/checklist';
import { useSession } from '@/lib/session';
import { formatClock, formatDateTime, formatDateTimeShort, formatTime } from '@/lib/time';
import { Logo } from '@/ui/logo';
import { PrintPage, PrintToolbar, usePrintWhenReady } from '@/ui/print-frame';
import { useEndOfDutyReport } from './end-of-duty-api';
import { activityPlace, minutesText } from './end-of-duty-rules';
import { checklistSummaryLines, handoversOf, rosterDateText } from './report-sections';
import { shiftLabel, useLookupText } from '@/lib/lookups';

const PRINT_ROOT_CLASS = 'eod-print-root';
/** While the print view is shown, paper gets it alone (the shell under it is hidden from print). */
const PRINT_CSS = `@media print { body > *:not(.${PRINT_ROOT_CLASS}) { display: none !important; } .${PRINT_ROOT_CLASS} { position: static !important; overflow: visible !important; } }`;

export function EndOfDutyPrintScreen({ rosterId }: { rosterId: number }) {
  const t = useT();
  const query = useEndOfDutyReport(rosterId);
  const container = useRef<HTMLDivElement | null>(null);
  if (!container.current && typeof document !== 'undefined') {
    const div = document.createElement('div');
    div.className = PRINT_ROOT_CLASS;
    container.current = div;
  }
  const report = query.data?.report;
  const ready = query.isSuccess;

  useEffect(() => {
    const div = container.current!;
    document.body.appendChild(div);
    const style = document.createElement('style');
    style.textContent = PRINT_CSS;
    document.head.appendChild(style);
    return () => {
      style.remove();
      div.remove();
    };
  }, []);

  usePrintWhenReady(ready);

  useEffect(() => {
    if (report) document.title = `${report.roster.dutyRosterName} · ${t('eod.report.printTitle')}`;
  }, [report, t]);

  return (
    <Portal container={container}>
      <Box
        position="fixed"
        inset="0"
        zIndex="2000"
        overflowY="auto"
        bg="bg.panel"
        color="fg"
        data-testid="eod-print"
        data-ready={ready ? 'true' : 'false'}
      >
        <PrintToolbar
          note={t('eod.report.printAuto')}
          printLabel={t('eod.report.printNow')}
          closeLabel={t('eod.report.printClose')}
          ready={ready}
          testIds={{ print: 'eod-print-now', close: 'eod-print-close' }}
        />
        <PrintPage
          state={query.isPending ? 'loading' : query.isError || !report ? 'error' : 'ready'}
          error={query.error}
          errorTitle={t('eod.report.loadFailed')}
          onRetry={() => void query.refetch()}
        >
          {report && <PrintBody report={report} />}
        </PrintPage>
      </Box>
    </Portal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box mt="5" css={{ breakInside: 'avoid-page' }}>
      <Heading as="h2" size="sm" borderBottomWidth="2px" borderColor="gray.800" pb="1" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Pair({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid templateColumns="38% 1fr" gap="2" fontSize="sm" py="0.5">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </Grid>
  );
}

function PrintBody({ report }: { report: EndOfDutyReport }) {
  const t = useT();
  const typeText = useLookupText('incidentCategory');
  const statusText = useLookupText('incidentStatus');
  const rosterTypeText = useLookupText('jenisRoster');
  const roleText = useLookupText('dutyRosterRoles');
  const me = useSession()?.user.profile.displayName ?? '';
  const r = report.roster;
  const s = report.summary;
  const a = report.ack;
  const units = { h: t('eod.minutes.h'), m: t('eod.minutes.m') };
  const handovers = handoversOf(report);
  const acts = [...report.activities].sort((x, y) => Date.parse(x.occurredAt) - Date.parse(y.occurredAt) || x.pkActivityLogId - y.pkActivityLogId);
  const th = (k: string) => (
    <Table.ColumnHeader fontSize="xs" color="fg" py="1">
      {k}
    </Table.ColumnHeader>
  );
  return (
    <Box fontSize="sm">
      <Flex align="center" justify="space-between" gap="4" borderBottomWidth="3px" borderColor="brand.900" pb="3">
        <Box>
          <Heading as="h1" size="lg">
            {t('eod.report.printTitle')}
          </Heading>
          <Text fontSize="md" fontWeight="semibold" data-testid="eod-print-name">
            {r.dutyRosterName}
          </Text>
          <Text color="fg.muted">
            {r.regionName} · {r.sectionName} · {rosterDateText(r)} · {t(`eod.lifecycle.${report.lifecycle}`)}
          </Text>
        </Box>
        <Logo />
      </Flex>

      <Section title={t('eod.report.details')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap="6">
          <Box>
            <Pair label={t('eod.report.team')} value={r.teamName} />
            <Pair label={t('eod.report.shift')} value={shiftLabel(r.shiftName)} />
            <Pair label={t('eod.report.type')} value={r.jenisRosterName ? rosterTypeText(r.jenisRosterName) : r.jenisRosterName} />
            <Pair label={t('eod.report.hours')} value={`${formatClock(r.startHour)} – ${formatClock(r.endHour)}`} />
          </Box>
          <Box>
            <Pair label={t('eod.report.vehicle')} value={[r.plateNumber, r.callSign].filter(Boolean).join(' · ')} />
            <Pair label={t('eod.report.device')} value={r.deviceNo} />
            <Pair label={t('eod.report.hp')} value={r.hpNo} />
            <Pair
              label={t('eod.report.members')}
              value={r.members.map((m) => (m.rosterRoleName ? `${m.displayName} (${roleText(m.rosterRoleName)})` : m.displayName)).join(', ')}
            />
          </Box>
        </Grid>
        {r.remark && <Pair label={t('eod.report.remark')} value={r.remark} />}
      </Section>

      <Section title={t('eod.report.summary')}>
        <Grid templateColumns="repeat(5, 1fr)" gap="2" textAlign="center">
          {(
            [
              [t('eod.report.rondas'), String(s.rondaCount)],
              [t('eod.report.rehat'), minutesText(s.rehatMinutes, units)],
              [t('eod.report.dlu'), minutesText(s.dluMinutes, units)],
              [t('eod.report.llu'), minutesText(s.lluMinutes, units)],
              [t('eod.report.inactiveGps'), minutesText(s.inactiveGpsMinutes, units)],
            ] as const
          ).map(([label, value]) => (
            <Box key={label} borderWidth="1px" borderColor="gray.400" rounded="sm" p="2">
              <Text fontSize="xs" color="fg.muted">
                {label}
              </Text>
              <Text fontSize="lg" fontWeight="bold">
                {value}
              </Text>
            </Box>
          ))}
        </Grid>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {s.summaryAt ? t('eod.report.summaryAt', { time: formatDateTimeShort(s.summaryAt) }) : t('eod.report.summaryNever')}
        </Text>
      </Section>

      <Section title={`${t('eod.report.cases')} (${report.cases.length})`}>
        {report.cases.length === 0 ? (
          <Text color="fg.muted">{t('eod.report.noCases')}</Text>
        ) : (
          <Table.Root recipe={tableSlotRecipe} size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                {th(t('eod.report.case.ticket'))}
                {th(t('eod.report.case.type'))}
                {th(t('eod.report.case.km'))}
                {th(t('eod.report.case.status'))}
                {th(t('eod.report.case.assigned'))}
                {th(t('eod.report.case.arrived'))}
                {th(t('eod.report.case.done'))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.cases.map((c) => (
                <Table.Row key={c.incidentId}>
                  <Table.Cell py="1">{c.ticketNumber ?? `#${c.incidentId}`}</Table.Cell>
                  <Table.Cell py="1">{c.eventTypeName ? typeText(c.eventTypeName) : '—'}</Table.Cell>
                  <Table.Cell py="1">{c.km ?? '—'}</Table.Cell>
                  <Table.Cell py="1">{c.statusName ? statusText(c.statusName) : '—'}</Table.Cell>
                  <Table.Cell py="1">{c.assignedAt ? formatTime(c.assignedAt) : '—'}</Table.Cell>
                  <Table.Cell py="1">{c.arrivedAt ? formatTime(c.arrivedAt) : '—'}</Table.Cell>
                  <Table.Cell py="1">{c.doneAt ? formatTime(c.doneAt) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section title={`${t('eod.report.handovers')} (${handovers.out.length + handovers.in.length})`}>
        {handovers.out.length + handovers.in.length === 0 ? (
          <Text color="fg.muted">{t('eod.report.noHandovers')}</Text>
        ) : (
          (['out', 'in'] as const).map((side) => (
            <Box key={side} mb="2" data-testid={`eod-print-handovers-${side}`}>
              <Text fontWeight="semibold" mb="1">
                {t(side === 'out' ? 'eod.report.handoversOut' : 'eod.report.handoversIn')} ({handovers[side].length})
              </Text>
              {handovers[side].length === 0 ? (
                <Text color="fg.muted">{t('eod.report.handoverNone')}</Text>
              ) : (
                <Table.Root recipe={tableSlotRecipe} size="sm" variant="outline">
                  <Table.Header>
                    <Table.Row>
                      {th(t('eod.report.case.ticket'))}
                      {th(t(side === 'out' ? 'eod.report.handover.to' : 'eod.report.handover.from'))}
                      {th(t('eod.report.handover.by'))}
                      {th(t('eod.report.handover.at'))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {[...handovers[side]]
                      .sort((x, y) => Date.parse(x.at) - Date.parse(y.at))
                      .map((h) => (
                        <Table.Row key={`${h.incidentId}-${h.at}`}>
                          <Table.Cell py="1">{h.ticketNumber}</Table.Cell>
                          <Table.Cell py="1">{side === 'out' ? h.toRosterName : h.fromRosterName}</Table.Cell>
                          <Table.Cell py="1">{h.byName}</Table.Cell>
                          <Table.Cell py="1" whiteSpace="nowrap">
                            {formatDateTimeShort(h.at)}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Box>
          ))
        )}
      </Section>

      <Section title={`${t('eod.report.timeline')} (${acts.length})`}>
        {acts.length === 0 ? (
          <Text color="fg.muted">{t('eod.report.noActivities')}</Text>
        ) : (
          <Table.Root recipe={tableSlotRecipe} size="sm" variant="outline" data-testid="eod-print-activities">
            <Table.Header>
              <Table.Row>
                {th(t('activity.form.time'))}
                {th(t('activity.form.event'))}
                {th(t('activity.form.location'))}
                {th(t('activity.form.remark'))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {acts.map((x) => (
                <Table.Row key={x.pkActivityLogId}>
                  <Table.Cell py="1" whiteSpace="nowrap">
                    {formatDateTimeShort(x.occurredAt)}
                  </Table.Cell>
                  <Table.Cell py="1">{x.eventName}</Table.Cell>
                  <Table.Cell py="1">{activityPlace(x) ?? '—'}</Table.Cell>
                  <Table.Cell py="1" whiteSpace="pre-wrap">
                    {x.remark ?? ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      {report.inactiveGps.length > 0 && (
        <Section title={`${t('eod.report.gps')} (${report.inactiveGps.length})`}>
          {report.inactiveGps.map((p) => (
            <Text key={`${p.from}-${p.to}`}>
              {formatDateTimeShort(p.from)} – {formatDateTimeShort(p.to)} ({minutesText(p.minutes, units)})
            </Text>
          ))}
        </Section>
      )}

      <Section title={t('cl.eod.title')}>
        {report.checklist ? (
          checklistSummaryLines(report.checklist, t).map((l) => <Pair key={l.key} label={l.label} value={l.value} />)
        ) : (
          <Text>{t('cl.eod.none')}</Text>
        )}
      </Section>

      <Section title={t('eod.report.ack')}>
        <Grid templateColumns="1fr 1fr" gap="6" mt="2">
          <Box borderTopWidth="1px" borderColor="gray.500" pt="1">
            <Text>
              {a.isDisemak
                ? t('eod.report.verifiedBy', { name: a.acknowledgedByName ?? '—', time: formatDateTimeShort(a.acknowledgedAt) })
                : t('eod.report.notVerified')}
            </Text>
          </Box>
          <Box borderTopWidth="1px" borderColor="gray.500" pt="1">
            <Text>
              {a.isDisahkan
                ? t('eod.report.approvedBy', { name: a.approvedByName ?? '—', time: formatDateTimeShort(a.approvedAt) })
                : t('eod.report.notApproved')}
            </Text>
          </Box>
        </Grid>
      </Section>

      <Text mt="6" fontSize="xs" color="fg.muted">
        {t('eod.report.printedAt', { time: formatDateTime(Date.now()), name: me })}
      </Text>
    </Box>
  );
}
