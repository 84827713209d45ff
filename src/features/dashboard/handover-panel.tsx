import { useState, type MouseEvent, useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReportSettled } from '@/ui/settle-gate';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Box, Button, Flex, HStack, Skeleton, Text, chakra } from '@chakra-ui/react';
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
import { IncidentStatusBadge } from '@/ui/incident-status-badge';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { sendHandover, useHandoverPending, useQueuedHandovers } from './handover-api';
import { clockOf, handoverable, handoverItems, hasStarted, targetsOf } from './handover-rules';
import { useLookupText } from '@/lib/lookups';

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

function HandoverRow({ row: r, queued, disabled, onHandOver }: { row: HandoverCase; queued: boolean; disabled: boolean; onHandOver: () => void }) {
  const t = useT();
  const typeText = useLookupText('incidentCategory');
  const navigate = useNavigate();
  const href = incidentHref(r.incidentId);
  return (
    <chakra.li
      px="4"
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      bg={queued ? 'amber.subtle' : undefined}
      data-testid="handover-row"
      data-incident-id={r.incidentId}
      data-from-roster-id={r.from.pkDutyRosterId}
      data-to-roster-id={r.proposed?.pkDutyRosterId}
      data-queued={queued || undefined}
    >
      <Flex wrap="wrap" align="center" columnGap="4" rowGap="2">
        <Box flex="1 1 230px" minW="0">
          <Flex align="center" gap="2" wrap="wrap">
            <chakra.a
              href={href}
              onClick={(e) => linkClick(e, () => void navigate({ href }))}
              display="inline-flex"
              alignItems="center"
              minH="11"
              fontFamily="mono"
              fontWeight="bold"
              fontSize="sm"
              color="brand.ink"
              textDecoration="underline"
              textDecorationColor="brand.emphasized"
              textUnderlineOffset="3px"
              _hover={{ textDecorationColor: 'brand.fg' }}
              data-testid="handover-ticket"
            >
              {r.ticketNumber}
            </chakra.a>
            {r.statusName && <IncidentStatusBadge statusId={r.statusId} label={r.statusName} />}
            {queued && (
              <Badge colorPalette="orange" variant="subtle" size="sm" data-testid="handover-queued">
                <LuCloudOff /> {t('handover.queued')}
              </Badge>
            )}
          </Flex>
          <HStack gap="1.5" minW="0">
            <Badge colorPalette="brand" variant="solid" size="sm" flexShrink={0}>
              {r.sectionName}
            </Badge>
            <Text fontSize="sm" whiteSpace="nowrap" flexShrink={0}>
              {kmLabel(r.kilometer)}
            </Text>
            <Text fontSize="sm" fontWeight="semibold" truncate title={r.eventTypeName ? typeText(r.eventTypeName) : undefined}>
              · {r.eventTypeName ? typeText(r.eventTypeName) : '—'}
            </Text>
          </HStack>
        </Box>

        <Flex flex="2 1 330px" minW="0" align="center" gap="2">
          <RosterSide label={t('handover.from')} name={r.from.dutyRosterName} testId="handover-from">
            {r.from.ended ? (
              <HStack gap="1.5" title={formatDateTimeShort(r.from.endsAt)}>
                <Badge colorPalette="red" variant="solid" size="sm" data-testid="handover-ended">
                  {t('handover.ended')}
                </Badge>
                <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {clockOf(r.from.endsAt)}
                </Text>
              </HStack>
            ) : (
              <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" title={formatDateTimeShort(r.from.endsAt)}>
                {t('handover.endsAt', { time: clockOf(r.from.endsAt) })}
              </Text>
            )}
          </RosterSide>
          <Box color="fg.muted" flexShrink={0} aria-hidden="true">
            <LuArrowRight />
          </Box>
          {!r.needsPatrol ? (
            <ToNote label={t('handover.to')} color="green.fg" icon={<LuCircleCheck aria-hidden="true" />} testId="handover-awaiting-close">
              {t('handover.awaitingClose')}
            </ToNote>
          ) : r.proposed ? (
            <RosterSide label={t('handover.to')} name={r.proposed.dutyRosterName} testId="handover-to">
              <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" title={formatDateTimeShort(r.proposed.startsAt)}>
                {t(hasStarted(r.proposed.startsAt) ? 'handover.startedAt' : 'handover.startsAt', { time: clockOf(r.proposed.startsAt) })}
              </Text>
            </RosterSide>
          ) : (
            <ToNote label={t('handover.to')} color="red.fg" icon={<LuTriangleAlert aria-hidden="true" />} testId="handover-no-proposal">
              {t('handover.noProposal')}
            </ToNote>
          )}
        </Flex>

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
      </Flex>
    </chakra.li>
  );
}

/** The "To" side without a roster: why there is none (finished by the patrol, or no next roster). */
function ToNote({
  label,
  color,
  icon,
  testId,
  children,
}: {
  label: string;
  color: string;
  icon: React.ReactNode;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Box flex="1 1 0" minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.04em">
        {label}
      </Text>
      <Flex align="center" gap="1.5" color={color} fontSize="sm" fontWeight="semibold" data-testid={testId}>
        {icon} {children}
      </Flex>
    </Box>
  );
}

function RosterSide({ label, name, testId, children }: { label: string; name: string; testId: string; children: React.ReactNode }) {
  return (
    <Box flex="1 1 0" minW="0" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.04em">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="semibold" lineClamp={2} wordBreak="break-word" title={name}>
        {name}
      </Text>
      {children}
    </Box>
  );
}
