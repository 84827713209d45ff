/**
 * The end-of-duty report of one roster (Laporan Tamat Tugas, issue #15; §2.1 /activitylog/{rosterId}/view, §4.3,
 * §7.7 report/LaporanTamatTugas): header and lifecycle, the shift summary (with 'Kemaskini ringkasan'), who verified
 * and approved it, the cases attended, the activity timeline (§2.18), the inactive-GPS periods and the checklist.
 * Semak (verify) and Sahkan (approve) show as the server's `can` says, each after a confirmation, and go through the
 * outbox; SUPERADMIN revokes with a justification (§5, at most 150). Print opens the printable view (§2.7).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Flex, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuBadgeCheck, LuNotebookPen, LuPrinter, LuShieldCheck, LuUndo2 } from 'react-icons/lu';
import { ACTIVITY_MESSAGES, ACK_JUSTIFICATION_MAX, type AckAction } from '@contract/activity-log-rules';
import type { EndOfDutyReport, ShiftSummary } from '@contract/activity-log';
import { errorText, isApiError } from '@/lib/api';
import { serverText, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import { formatDateTimeShort } from '@/lib/time';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { JustificationDialog } from '@/ui/justification-dialog';
import { PageHeader } from '@/ui/page-header';
import { ErrorBlock } from '@/ui/states';
import { notify } from '@/ui/toaster';
import { endOfDutyKeys, sendAck, sendSummaryUpdate, useEndOfDutyReport } from './end-of-duty-api';
import { ackActions, type DluKind } from './end-of-duty-rules';
import { LifecycleBadge } from '@/ui/roster-lifecycle-badge';
import { shiftLabel } from '@/lib/lookups';
import {
  AckPanel,
  CasesPanel,
  ChecklistPanel,
  GpsGapsPanel,
  HandoversPanel,
  rosterDateText,
  RosterDetails,
  SummaryPanel,
  TimelinePanel,
} from './report-sections';

/** The server's message of a refusal in the current language, else a readable line. */
const messageOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.statusMsg ? err.shownMsg : errorText(err));
/** The same as it came, to keep (shown through serverText). */
const rawMessageOf = (err: unknown) => (isApiError(err) && err.kind === 'http' && err.statusMsg ? err.statusMsg : errorText(err));

export function EndOfDutyReportScreen({
  rosterId,
  onBack,
  onRecord,
  onPrint,
  onOpenDlu,
  onOpenCase,
}: {
  rosterId: number;
  onBack: () => void;
  onRecord: () => void;
  onPrint: () => void;
  onOpenDlu: (report: EndOfDutyReport, kind: DluKind) => void;
  onOpenCase: (incidentId: number) => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const query = useEndOfDutyReport(rosterId);
  const [confirm, setConfirm] = useState<'verify' | 'approve' | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [pending, setPending] = useState<AckAction | 'summary' | null>(null);

  const back = (
    <Button variant="outline" minH="11" onClick={onBack} data-testid="eod-back">
      <LuArrowLeft /> {t('eod.report.back')}
    </Button>
  );

  if (query.isPending) {
    return (
      <Box data-testid="eod-report-loading">
        <PageHeader title={t('eod.report.title')} actions={back} />
        <Stack gap="4">
          <Skeleton h="24" rounded="lg" />
          <Grid templateColumns={{ base: '1fr', xl: '5fr 7fr' }} gap="4">
            <Skeleton h="80" rounded="lg" />
            <Skeleton h="80" rounded="lg" />
          </Grid>
        </Stack>
      </Box>
    );
  }
  if (query.isError || !query.data) {
    const err = query.error;
    return (
      <Box data-testid="eod-report-error">
        <PageHeader title={t('eod.report.title')} actions={back} />
        <ErrorBlock
          title={t('eod.report.loadFailed')}
          message={messageOf(err)}
          offline={isApiError(err) && err.kind !== 'http'}
          onRetry={isApiError(err) && (err.status === 404 || err.status === 403) ? undefined : () => void query.refetch()}
        />
      </Box>
    );
  }

  const { report, cachedAt } = query.data;
  const r = report.roster;
  const acts = ackActions(report);
  // the server recomputes for those who may write the roster's log, until the report is verified
  const mayUpdateSummary = report.can.editActivities;

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: endOfDutyKeys.report(rosterId) });
    void qc.invalidateQueries({ queryKey: ['endOfDuty', 'list'] });
  };

  async function ack(action: AckAction, justification?: string) {
    setPending(action);
    try {
      const out = await sendAck(
        rosterId,
        action,
        `${t(action === 'verify' ? 'eod.report.verify' : action === 'approve' ? 'eod.report.approve' : 'eod.report.revoke')}: ${r.dutyRosterName}`,
        justification,
      );
      if (out.status === 'sent')
        notify.success(
          serverText(
            action === 'verify' ? ACTIVITY_MESSAGES.verified : action === 'approve' ? ACTIVITY_MESSAGES.approved : ACTIVITY_MESSAGES.revoked,
          ),
        );
      setConfirm(null);
      setRevokeOpen(false);
      refresh();
    } catch (err) {
      if (action === 'revoke') setRevokeError(rawMessageOf(err));
      else {
        setConfirm(null);
        notify.error(`${t('eod.report.ackFailed')} ${messageOf(err)}`);
      }
    } finally {
      setPending(null);
    }
  }

  async function updateSummary() {
    setPending('summary');
    try {
      const out = await sendSummaryUpdate(rosterId, `${t('eod.report.updateSummary')}: ${r.dutyRosterName}`);
      if (out.status === 'sent') {
        const summary = out.answer as ShiftSummary | undefined;
        if (summary && typeof summary.rondaCount === 'number')
          qc.setQueryData<{ report: EndOfDutyReport; cachedAt: string | null }>(endOfDutyKeys.report(rosterId), (old) =>
            old ? { ...old, report: { ...old.report, summary } } : old,
          );
        notify.success(t('eod.report.summaryUpdated'));
      }
      refresh();
    } catch (err) {
      notify.error(`${t('eod.report.ackFailed')} ${messageOf(err)}`);
    } finally {
      setPending(null);
    }
  }

  const ackButtons = (
    <>
      {acts.verify && (
        <Button colorPalette="purple" minH="11" onClick={() => setConfirm('verify')} loading={pending === 'verify'} data-testid="eod-verify">
          <LuBadgeCheck /> {t('eod.report.verify')}
        </Button>
      )}
      {acts.approve && (
        <Button colorPalette="teal" minH="11" onClick={() => setConfirm('approve')} loading={pending === 'approve'} data-testid="eod-approve">
          <LuShieldCheck /> {t('eod.report.approve')}
        </Button>
      )}
      {acts.revoke && (
        <Button
          colorPalette="red"
          variant="outline"
          minH="11"
          onClick={() => {
            setRevokeError(null);
            setRevokeOpen(true);
          }}
          loading={pending === 'revoke'}
          data-testid="eod-revoke"
        >
          <LuUndo2 /> {t('eod.report.revoke')}
        </Button>
      )}
    </>
  );

  return (
    <Box data-testid="eod-report" data-lifecycle={report.lifecycle}>
      <PageHeader
        title={`${t('eod.report.title')} · ${r.dutyRosterName}`}
        subtitle={
          <HStack as="span" gap="2" wrap="wrap">
            <LifecycleBadge lifecycle={report.lifecycle} size="md" testId="eod-lifecycle" />
            <Text as="span">
              {r.sectionName} · {r.teamName} · {shiftLabel(r.shiftName)} · {rosterDateText(r)}
            </Text>
          </HStack>
        }
        actions={
          <>
            {back}
            {report.can.editActivities && (
              <Button variant="outline" minH="11" onClick={onRecord} data-testid="eod-record">
                <LuNotebookPen /> {t('eod.report.record')}
              </Button>
            )}
            <Button variant="outline" minH="11" onClick={onPrint} data-testid="eod-print">
              <LuPrinter /> {t('eod.report.print')}
            </Button>
            {ackButtons}
          </>
        }
      />
      {cachedAt && (
        <Alert.Root status="warning" rounded="md" mb="4" data-testid="eod-cached">
          <Alert.Indicator />
          <Alert.Title>{t('eod.report.cachedAt', { time: formatDateTimeShort(cachedAt) })}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="4">
        <SummaryPanel
          report={report}
          canUpdate={mayUpdateSummary}
          updating={pending === 'summary'}
          onUpdate={() => void updateSummary()}
          onOpenDlu={(k) => onOpenDlu(report, k)}
        />
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="4" alignItems="start">
          <Stack gap="4">
            <RosterDetails report={report} />
            <AckPanel report={report} />
            <ChecklistPanel checklist={report.checklist} rosterId={rosterId} />
          </Stack>
          <Stack gap="4">
            <TimelinePanel report={report} />
          </Stack>
        </Grid>
        <CasesPanel cases={report.cases} onOpenCase={onOpenCase} />
        <HandoversPanel report={report} onOpenCase={onOpenCase} />
        <GpsGapsPanel periods={report.inactiveGps} />
      </Stack>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'approve' ? t('eod.report.approveTitle') : t('eod.report.verifyTitle')}
        message={
          confirm === 'approve'
            ? t('eod.report.approveMessage', { name: r.dutyRosterName })
            : t('eod.report.verifyMessage', { name: r.dutyRosterName })
        }
        confirmLabel={confirm === 'approve' ? t('eod.report.approve') : t('eod.report.verify')}
        colorPalette={confirm === 'approve' ? 'teal' : 'purple'}
        pending={pending === 'verify' || pending === 'approve'}
        onConfirm={() => confirm && void ack(confirm)}
        onCancel={() => setConfirm(null)}
        testId={confirm === 'approve' ? 'eod-approve-dialog' : 'eod-verify-dialog'}
      />
      <JustificationDialog
        open={revokeOpen}
        title={t('eod.report.revokeTitle')}
        description={t('eod.report.revokeDescription', { name: r.dutyRosterName })}
        confirmLabel={t('eod.report.revoke')}
        colorPalette="red"
        pending={pending === 'revoke'}
        error={revokeError && serverText(revokeError)}
        onSubmit={(text) => void ack('revoke', text.slice(0, ACK_JUSTIFICATION_MAX))}
        onCancel={() => setRevokeOpen(false)}
        testId="eod-revoke-dialog"
      />
      <Flex h="4" />
    </Box>
  );
}
