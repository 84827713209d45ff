/**
 * "Laporan peronda" (issue #30 item 2) above the dashboard's tabs for the TMC (TMCA/TMCS; fieldReportDecide): the
 * region's field reports waiting for a decision, each with its photo, event type, place, roster, reporter, time and
 * note. Terima opens the new-case form prefilled (/kesbaru?fieldReport=<id>; it needs the network: the form reads
 * the report, and its save accepts it); Tolak asks a reason and sends it through the outbox. Nothing is shown when
 * none waits. Composed into the dashboard by its route (features do not import each other).
 */
import { useState, useDeferredValue, type CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReportSettled } from '@/ui/settle-gate';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Box, Button, chakra, Flex, HStack, Skeleton } from '@chakra-ui/react';
import { LuCheck, LuMegaphone, LuX } from 'react-icons/lu';
import { FIELD_REPORT_LIMITS, FIELD_REPORT_PATHS } from '@contract/field-report-rules';
import type { FieldReportRow } from '@contract/field-reports';
import { errorText, isApiError } from '@/lib/api';
import { FIELD_REPORT_PANEL_ANCHOR, fieldReportKeys, usePendingFieldReports } from '@/lib/field-reports';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/field-report';
import { kmLabel } from '@/lib/incident-list';
import { formatDateTimeShort } from '@/lib/time';
import { useOnline } from '@/lib/use-online';
import { StorageFullError } from '@/offline/outbox';
import { ParkedWriteError } from '@/offline/writes';
import { AuthThumbnail } from '@/ui/auth-thumbnail';
import { JustificationDialog } from '@/ui/justification-dialog';
import { Panel } from '@/ui/panel';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { rejectFieldReport } from './field-report-api';
import '@/ui/plain.css';
import './field-report-panel.css';
import { type LookupText, useLookupText } from '@/lib/lookups';

export function FieldReportPanel() {
  const t = useT();
  const qc = useQueryClient();
  const online = useOnline();
  const pending = usePendingFieldReports();
  // the lookups once for the panel, not once per row
  const labels = { typeText: useLookupText('incidentCategory'), directionText: useLookupText('cardinalDirection') };
  const [rejecting, setRejecting] = useState<FieldReportRow | null>(null);
  const [sending, setSending] = useState(false);
  // a text, or the server's message as it came (shown through serverText, in the language of the moment)
  const [rejectError, setRejectError] = useState<string | null>(null);
  /** reports refused while offline: kept off the list until the outbox has sent the refusal */
  const [queuedOut, setQueuedOut] = useState<Set<number>>(new Set());

  // rendered in the background when it comes (sliced: the panel's rows are a few hundred components)
  const data = useDeferredValue(pending.data);
  useReportSettled(data !== undefined || pending.isError || pending.fetchStatus === 'idle');
  if (!data) {
    if (pending.isError) {
      const err = pending.error;
      return (
        <Box mb="4" data-testid="fr-panel" data-state="error">
          <ErrorBlock
            title={t('fieldReport.panelLoadFailed')}
            message={errorText(err)}
            offline={isApiError(err) && err.isOffline}
            onRetry={() => void pending.refetch()}
          />
        </Box>
      );
    }
    if (pending.fetchStatus === 'idle') return null;
    return <Skeleton h="11" rounded="lg" mb="4" aria-busy="true" aria-label={t('fieldReport.loading')} data-testid="fr-panel-loading" />;
  }
  const rows = data.filter((r) => r.status === 'PENDING' && !queuedOut.has(r.pkFieldReportId));
  if (rows.length === 0) return null;

  async function reject(reason: string) {
    if (!rejecting) return;
    if (reason.trim().length < FIELD_REPORT_LIMITS.reasonMin) {
      setRejectError(t('fieldReport.reasonShort', { min: FIELD_REPORT_LIMITS.reasonMin }));
      return;
    }
    setSending(true);
    setRejectError(null);
    const id = rejecting.pkFieldReportId;
    try {
      const row = await rejectFieldReport(
        { pkFieldReportId: id, reason: reason.trim() },
        t('fieldReport.rejectLabel', { type: rejecting.incidentCategoryName, roster: rejecting.dutyRoster.dutyRosterName }),
      );
      if (row) notify.success(t('fieldReport.rejected'));
      else setQueuedOut((s) => new Set(s).add(id));
      setRejecting(null);
    } catch (err) {
      if (err instanceof ParkedWriteError) setRejectError(err.statusMsg || t('fieldReport.rejectFailed'));
      else if (!(err instanceof StorageFullError)) setRejectError(`${t('fieldReport.rejectFailed')} ${errorText(err)}`);
    } finally {
      setSending(false);
      void qc.invalidateQueries({ queryKey: fieldReportKeys.all });
    }
  }

  return (
    <Panel
      id={FIELD_REPORT_PANEL_ANCHOR}
      mb="4"
      borderLeftWidth="4px"
      borderLeftColor="red.solid"
      scrollMarginTop="20"
      data-testid="fr-panel"
      heading={
        <Flex as="span" align="center" gap="2">
          <Box as="span" color="red.fg" aria-hidden="true">
            <LuMegaphone />
          </Box>
          {t('fieldReport.panelTitle')}
          <Badge colorPalette="red" variant="subtle" size="md" fontVariantNumeric="tabular-nums" data-testid="fr-count">
            {rows.length}
          </Badge>
        </Flex>
      }
    >
      {!online && (
        <Alert.Root status="warning" rounded="none" data-testid="fr-offline">
          <Alert.Indicator />
          <Alert.Description>{t('fieldReport.acceptOffline')}</Alert.Description>
        </Alert.Root>
      )}
      <chakra.ul listStyleType="none" m="0" p="0" aria-label={t('fieldReport.panelTitle')} maxH="min(50vh, 520px)" overflowY="auto">
        {rows.map((r) => (
          <PendingRow key={r.pkFieldReportId} r={r} labels={labels} online={online} disabled={sending} onReject={() => setRejecting(r)} />
        ))}
      </chakra.ul>
      <JustificationDialog
        open={rejecting !== null}
        title={t('fieldReport.rejectTitle')}
        description={
          rejecting ? `${rejecting.incidentCategoryName} · ${kmLabel(rejecting.kilometerMarker)} · ${rejecting.dutyRoster.dutyRosterName}` : undefined
        }
        label={t('fieldReport.reason')}
        requiredText={t('fieldReport.reasonRequired')}
        confirmLabel={t('fieldReport.rejectAction')}
        colorPalette="red"
        pending={sending}
        error={rejectError && serverText(rejectError)}
        onSubmit={(text) => void reject(text)}
        onCancel={() => {
          setRejecting(null);
          setRejectError(null);
        }}
        testId="fr-reject-dialog"
      />
    </Panel>
  );
}

function PendingRow({
  r,
  labels: { typeText, directionText },
  online,
  disabled,
  onReject,
}: {
  r: FieldReportRow;
  labels: { typeText: LookupText; directionText: LookupText };
  online: boolean;
  disabled: boolean;
  onReject: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <li className="fr-row" data-testid="fr-row" data-report-id={r.pkFieldReportId}>
      <div className="fr-row-body">
        {r.photo ? (
          <AuthThumbnail
            path={FIELD_REPORT_PATHS.photo(r.pkFieldReportId)}
            alt={t('fieldReport.photoOf', { type: r.incidentCategoryName })}
            testId="fr-thumb"
          />
        ) : (
          <div className="fr-no-photo">{t('fieldReport.noPhoto')}</div>
        )}
        <div className="fr-row-main">
          <div className="fr-row-head">
            <p className="u-bold" data-testid="fr-row-type">
              {typeText(r.incidentCategoryName)}
            </p>
            <span className="u-badge" data-palette="brand">
              {r.sectionName}
            </span>
            <p className="u-sm u-nowrap">{kmLabel(r.kilometerMarker)}</p>
            <p className="u-sm">· {directionText(r.directionName)}</p>
          </div>
          <p className="u-sm u-muted u-break">
            {t('fieldReport.byLine', {
              roster: r.dutyRoster.dutyRosterName,
              name: r.reportedBy.displayName,
              time: formatDateTimeShort(r.reportedAt),
            })}
          </p>
          {r.note && (
            <p className="u-sm u-mt-1 u-break u-clamp" style={{ '--u-lines': 3 } as CSSProperties} title={r.note} data-testid="fr-row-note">
              {r.note}
            </p>
          )}
        </div>
        <HStack gap="2" flex="0 0 auto" alignSelf="center">
          <Button
            minH="12"
            minW="12"
            variant="outline"
            colorPalette="red"
            onClick={onReject}
            disabled={disabled}
            aria-label={t('fieldReport.rejectOne', { type: r.incidentCategoryName, roster: r.dutyRoster.dutyRosterName })}
            data-testid="fr-reject"
          >
            <LuX /> {t('fieldReport.rejectAction')}
          </Button>
          <Button
            minH="12"
            minW="12"
            colorPalette="brand"
            disabled={!online || disabled}
            title={online ? undefined : t('fieldReport.acceptOffline')}
            onClick={() => void navigate({ to: '/kesbaru', search: { fieldReport: r.pkFieldReportId } })}
            aria-label={t('fieldReport.acceptOne', { type: r.incidentCategoryName, roster: r.dutyRoster.dutyRosterName })}
            data-testid="fr-accept"
          >
            <LuCheck /> {t('fieldReport.accept')}
          </Button>
        </HStack>
      </div>
    </li>
  );
}
