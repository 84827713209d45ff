import { useState, type MouseEvent, useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReportSettled } from '@/ui/settle-gate';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, Button, Flex, Skeleton, Text, chakra } from '@chakra-ui/react';
import { LuArrowRight, LuArrowRightLeft, LuCircleCheck, LuCloudOff, LuExternalLink, LuTriangleAlert } from 'react-icons/lu';
import type { HandoverCase } from '@contract/handover';
import { errorText, isApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/handover';
import { incidentHref, kmLabel } from '@/lib/incident-list';
import { formatDateTimeShort } from '@/lib/time';
import { StorageFullError } from '@/offline/outbox';
import { ParkedWriteError } from '@/offline/writes';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { StatusChip } from '@/ui/incident-status-badge';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { sendHandover, useHandoverPending, useQueuedHandovers } from './handover-api';
import { clockOf, handoverable, handoverItems, hasStarted, targetsOf } from './handover-rules';
import { type LookupLabel, type LookupText, useLookupLabel, useLookupText } from '@/lib/lookups';
import '@/ui/plain.css';
import './handover-panel.css';

/**
 * "Perlu serahan" (issue #29 item 2) at the top of the dashboard of those who may hand over (mayHandOver): the open
 * cases whose roster ends within the window or has ended, each with its outgoing roster and the proposed incoming
 * one, handed over one by one or all at once after a confirmation. Nothing is shown when no case is flagged.
 */
export function HandoverPanel() {
  const t = useT();
  const qc = useQueryClient();
  const pending = useHandoverPending();
  const queued = useQueuedHandovers();
  // the lookups once for the panel, not once per row
  const labels = { typeText: useLookupText('incidentCategory'), statusLabel: useLookupLabel('incidentStatus') };
  const [confirm, setConfirm] = useState<{ rows: HandoverCase[]; all: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  // rendered in the background when it comes (sliced: the panel's rows are a few hundred components)
  const data = useDeferredValue(pending.data);
  useReportSettled(data !== undefined || pending.isError);
  if (!data) {
    if (pending.isError) {
      const err = pending.error;
      return (
        <Box mb="4" data-testid="handover-panel" data-state="error">
          <ErrorBlock
            title={t('handover.loadFailed')}
            message={errorText(err)}
            offline={isApiError(err) && err.isOffline}
            onRetry={() => void pending.refetch()}
          />
        </Box>
      );
    }
    return <Skeleton h="11" rounded="lg" mb="4" aria-busy="true" aria-label={t('handover.loading')} data-testid="handover-loading" />;
  }
  if (data.rows.length === 0) return null;

  const open = data.rows.filter((r) => !queued.has(r.incidentId));
  const ready = handoverable(open);

  async function handOver(rows: HandoverCase[]) {
    setSending(true);
    try {
      const outcome = await sendHandover(handoverItems(rows));
      if (outcome.status === 'sent') {
        const n = outcome.result.handedOver.length;
        notify.success(n === 1 ? t('handover.doneOne') : t('handover.doneMany', { count: n }));
      }
    } catch (err) {
      // a full device storage has had its own toast (sendWrites)
      if (err instanceof ParkedWriteError) notify.error(err.shownMsg || t('handover.failed'));
      else if (!(err instanceof StorageFullError)) notify.error(`${t('handover.failed')} ${errorText(err)}`);
    } finally {
      setSending(false);
      setConfirm(null);
      void qc.invalidateQueries({ queryKey: ['incidents'] });
    }
  }

  return (
    <Panel
      mb="4"
      borderColor="orange.300"
      borderLeftWidth="4px"
      borderLeftColor="orange.400"
      data-testid="handover-panel"
      heading={
        <Flex as="span" align="center" gap="2">
          <Box as="span" color="orange.fg" aria-hidden="true">
            <LuArrowRightLeft />
          </Box>
          {t('handover.title')}
          <Badge colorPalette="orange" variant="subtle" size="md" fontVariantNumeric="tabular-nums" data-testid="handover-count">
            {data.total}
          </Badge>
        </Flex>
      }
      actions={
        <Button
          size="sm"
          minH="11"
          colorPalette="brand"
          flexShrink={0}
          disabled={ready.length === 0 || sending}
          onClick={() => setConfirm({ rows: ready, all: true })}
          data-testid="handover-all"
        >
          <LuArrowRightLeft /> {t('handover.all')}
        </Button>
      }
    >
      <Text px="4" pt="2" fontSize="sm" color="fg.muted">
        {t('handover.hint', { minutes: data.windowMinutes })}
        {data.total > data.rows.length && ` ${t('handover.more', { shown: data.rows.length, total: data.total })}`}
      </Text>
      <chakra.ul listStyleType="none" m="0" p="0" mt="2" aria-label={t('handover.list')} maxH="min(50vh, 480px)" overflowY="auto">
        {data.rows.map((r) => (
          <HandoverRow
            key={r.incidentId}
            row={r}
            labels={labels}
            queued={queued.has(r.incidentId)}
            disabled={sending}
            onHandOver={() => setConfirm({ rows: [r], all: false })}
          />
        ))}
      </chakra.ul>
      <ConfirmDialog
        open={confirm !== null}
        title={t('handover.confirmTitle')}
        message={confirm ? confirmMessage(confirm.rows, confirm.all ? open.filter((r) => r.needsPatrol && !r.proposed).length : 0, t) : undefined}
        confirmLabel={t('handover.one')}
        pending={sending}
        onConfirm={() => confirm && void handOver(confirm.rows)}
        onCancel={() => setConfirm(null)}
        testId="handover-confirm"
      />
    </Panel>
  );
}

/** How many cases go to whom, and ("all") how many are left for want of a next roster. */
function confirmMessage(rows: HandoverCase[], withoutProposal: number, t: ReturnType<typeof useT>): string {
  const targets = targetsOf(rows);
  const to =
    targets.length === 1
      ? targets[0].name
      : targets
          .map((x) => (x.count === 1 ? t('handover.targetOne', { name: x.name }) : t('handover.target', { name: x.name, count: x.count })))
          .join(', ');
  const n = handoverable(rows).length;
  const main =
    n === 1 ? t('handover.confirmOne', { ticket: rows.find((r) => r.proposed)!.ticketNumber, to }) : t('handover.confirmMany', { count: n, to });
  return withoutProposal > 0 ? `${main} ${t('handover.skipped', { count: withoutProposal })}` : main;
}

function linkClick(e: MouseEvent, go: () => void) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go();
}

interface RowLabels {
  typeText: LookupText;
  statusLabel: LookupLabel;
}

function HandoverRow({
  row: r,
  labels: { typeText, statusLabel },
  queued,
  disabled,
  onHandOver,
}: {
  row: HandoverCase;
  labels: RowLabels;
  queued: boolean;
  disabled: boolean;
  onHandOver: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const href = incidentHref(r.incidentId);
  return (
    <li
      className="ho-row"
      data-testid="handover-row"
      data-incident-id={r.incidentId}
      data-from-roster-id={r.from.pkDutyRosterId}
      data-to-roster-id={r.proposed?.pkDutyRosterId}
      data-queued={queued || undefined}
    >
      <div className="ho-row-body">
        <div className="ho-case">
          <div className="ho-case-head">
            <a className="ho-ticket" href={href} onClick={(e) => linkClick(e, () => void navigate({ href }))} data-testid="handover-ticket">
              {r.ticketNumber}
            </a>
            {r.statusName && <StatusChip statusId={r.statusId} label={statusLabel(r.statusId, r.statusName)} />}
            {queued && (
              <span className="u-badge" data-palette="orange" data-testid="handover-queued">
                <LuCloudOff /> {t('handover.queued')}
              </span>
            )}
          </div>
          <div className="u-hstack u-min0">
            <span className="u-badge" data-palette="brand">
              {r.sectionName}
            </span>
            <p className="u-sm u-nowrap ho-keep">{kmLabel(r.kilometer)}</p>
            <p className="u-sm u-semibold u-truncate" title={r.eventTypeName ? typeText(r.eventTypeName) : undefined}>
              · {r.eventTypeName ? typeText(r.eventTypeName) : '—'}
            </p>
          </div>
        </div>

        <div className="ho-rosters">
          <RosterSide label={t('handover.from')} name={r.from.dutyRosterName} testId="handover-from">
            {r.from.ended ? (
              <span className="u-hstack" title={formatDateTimeShort(r.from.endsAt)}>
                <span className="u-badge" data-palette="red" data-variant="solid" data-testid="handover-ended">
                  {t('handover.ended')}
                </span>
                <span className="u-xs u-muted u-num">{clockOf(r.from.endsAt)}</span>
              </span>
            ) : (
              <span className="u-xs u-muted u-num" title={formatDateTimeShort(r.from.endsAt)}>
                {t('handover.endsAt', { time: clockOf(r.from.endsAt) })}
              </span>
            )}
          </RosterSide>
          <span className="u-muted ho-keep ho-arrow" aria-hidden="true">
            <LuArrowRight />
          </span>
          {!r.needsPatrol ? (
            <ToNote label={t('handover.to')} tone="green" icon={<LuCircleCheck aria-hidden="true" />} testId="handover-awaiting-close">
              {t('handover.awaitingClose')}
            </ToNote>
          ) : r.proposed ? (
            <RosterSide label={t('handover.to')} name={r.proposed.dutyRosterName} testId="handover-to">
              <span className="u-xs u-muted u-num" title={formatDateTimeShort(r.proposed.startsAt)}>
                {t(hasStarted(r.proposed.startsAt) ? 'handover.startedAt' : 'handover.startsAt', { time: clockOf(r.proposed.startsAt) })}
              </span>
            </RosterSide>
          ) : (
            <ToNote label={t('handover.to')} tone="red" icon={<LuTriangleAlert aria-hidden="true" />} testId="handover-no-proposal">
              {t('handover.noProposal')}
            </ToNote>
          )}
        </div>

        {!r.needsPatrol ? (
          <Button
            flex="0 0 auto"
            minH="11"
            minW="11"
            variant="outline"
            colorPalette="green"
            bg="bg.panel"
            onClick={() => void navigate({ href })}
            aria-label={t('handover.openCaseLabel', { ticket: r.ticketNumber })}
            data-testid="handover-open-case"
          >
            <LuExternalLink /> {t('handover.openCase')}
          </Button>
        ) : (
          <Button
            flex="0 0 auto"
            minH="11"
            minW="11"
            variant="outline"
            colorPalette="brand"
            bg="bg.panel"
            disabled={!r.proposed || queued || disabled}
            onClick={onHandOver}
            aria-label={t('handover.oneLabel', { ticket: r.ticketNumber })}
            data-testid="handover-one"
          >
            <LuArrowRightLeft /> {t('handover.one')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The "To" side without a roster: why there is none (finished by the patrol, or no next roster). */
function ToNote({
  label,
  tone,
  icon,
  testId,
  children,
}: {
  label: string;
  tone: 'green' | 'red';
  icon: React.ReactNode;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <div className="ho-side">
      <p className="ho-label">{label}</p>
      <div className="ho-note" data-tone={tone} data-testid={testId}>
        {icon} {children}
      </div>
    </div>
  );
}

function RosterSide({ label, name, testId, children }: { label: string; name: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="ho-side" data-testid={testId}>
      <p className="ho-label">{label}</p>
      <p className="u-sm u-semibold u-clamp u-break" style={{ '--u-lines': 2 } as React.CSSProperties} title={name}>
        {name}
      </p>
      {children}
    </div>
  );
}
