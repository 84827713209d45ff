import { useEffect, useState, type ComponentType } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Box, Button, Flex, Grid, HStack, Text } from '@chakra-ui/react';
import { LuCircleCheckBig, LuCircleX, LuHandHelping, LuMapPin, LuNavigation, LuSearchX, LuThumbsUp } from 'react-icons/lu';
import type { IncidentView } from '@contract/incidents';
import { STATUS } from '@contract/lookups';
import { errorText } from '@/lib/api';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/incident';
import { formatDateTime } from '@/lib/time';
import { useSession } from '@/lib/session';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { JustificationDialog } from '@/ui/justification-dialog';
import { notify } from '@/ui/toaster';
import { solidFill } from '@/ui/solid-fill';
import { savePatrolStep } from './patrol-api';
import { warmUpPosition } from './position';

interface StepLook {
  label: TextKey;
  icon: ComponentType;
  palette: string;
  /** asks a reason first (Tolak) */
  reason?: boolean;
  /** asks 'Adakah anda pasti?' first (ends the patrol's work on the case) */
  confirm?: boolean;
}

export const PATROL_STEP_LOOK: Record<number, StepLook> = {
  [STATUS.RECEIVED]: { label: 'incident.patrol.receive', icon: LuThumbsUp, palette: 'green' },
  [STATUS.REJECTED]: { label: 'incident.patrol.reject', icon: LuCircleX, palette: 'red', reason: true },
  [STATUS.ARRIVED]: { label: 'incident.patrol.arrive', icon: LuMapPin, palette: 'blue' },
  [STATUS.ASSISTANCE_DONE]: { label: 'incident.patrol.assistDone', icon: LuHandHelping, palette: 'cyan' },
  [STATUS.CASE_DONE]: { label: 'incident.patrol.caseDone', icon: LuCircleCheckBig, palette: 'teal', confirm: true },
  [STATUS.NEGATIVE]: { label: 'incident.patrol.negative', icon: LuSearchX, palette: 'orange', confirm: true },
};

/** The patrol's progress on the case: the list times of §3.2. */
const PROGRESS: { key: keyof IncidentView['times']; label: TextKey }[] = [
  { key: 'dihantar', label: 'incident.times.dihantar' },
  { key: 'diterima', label: 'incident.times.diterima' },
  { key: 'tiba', label: 'incident.times.tiba' },
  { key: 'selesaiBantuan', label: 'incident.times.selesaiBantuan' },
  { key: 'selesaiKes', label: 'incident.times.selesaiKes' },
];

/**
 * Patrol actions (issue #3 item 4): the next steps of the case as big touch buttons for the tablet. Each writes an
 * audit entry with the device position when there is one; `onDone` refreshes the case and its audit trail.
 */
export function PatrolPanel({
  view,
  steps,
  onDone,
  variant = 'tablet',
}: {
  view: IncidentView;
  steps: number[];
  onDone: () => void;
  /** tablet: the patrol's own big buttons; compact: a TMC operator recording a step for a patrol on the radio */
  variant?: 'tablet' | 'compact';
}) {
  const t = useT();
  const [asking, setAsking] = useState<{ statusId: number; kind: 'reason' | 'confirm' } | null>(null);
  const compact = variant === 'compact';
  const userId = useSession()?.user.userId ?? '';

  useEffect(() => {
    if (!compact) warmUpPosition();
  }, [compact]);

  const step = useMutation({
    mutationFn: (s: { incidentId: number; statusId: number; remark?: string }) =>
      savePatrolStep(s, {
        userId,
        ticket: view.ticketNumber,
        statusName: t(PATROL_STEP_LOOK[s.statusId]?.label ?? 'incident.auditFailed'),
        base: view.version,
      }),
    onSuccess: (row) => {
      setAsking(null);
      // null: kept on the device (the queued toast said so); the audit trail shows it as 'Belum dihantar'
      if (row) notify.success(t('incident.patrol.saved', { status: row.incidentStatus.value }));
      onDone();
    },
    onError: (err) => notify.error(errorText(err), { title: t('incident.auditFailed') }),
  });

  const start = (statusId: number) => {
    const look = PATROL_STEP_LOOK[statusId];
    if (look?.reason) setAsking({ statusId, kind: 'reason' });
    else if (look?.confirm) setAsking({ statusId, kind: 'confirm' });
    else step.mutate({ incidentId: view.pkIncidentId, statusId });
  };

  const buttons = steps.map((s) => {
    const look = PATROL_STEP_LOOK[s];
    const Icon = look.icon;
    const busy = step.isPending && step.variables?.statusId === s;
    return (
      <Button
        key={s}
        colorPalette={look.palette}
        variant={compact ? 'subtle' : 'solid'}
        {...solidFill(look.palette, !compact)}
        size={compact ? 'md' : 'xl'}
        minH={compact ? '11' : '16'}
        fontSize={compact ? 'sm' : 'lg'}
        whiteSpace="normal"
        lineHeight="1.2"
        onClick={() => start(s)}
        loading={busy}
        disabled={step.isPending && !busy}
        data-testid={`patrol-step-${s}`}
      >
        <Icon /> {t(look.label)}
      </Button>
    );
  });

  return (
    <Box
      bg={compact ? 'bg.panel' : 'brand.900'}
      color={compact ? 'inherit' : 'white'}
      borderWidth={compact ? '1px' : '0'}
      borderColor="border"
      rounded="lg"
      p={compact ? '4' : { base: '4', md: '5' }}
      boxShadow={compact ? 'xs' : 'sm'}
      data-testid="patrol-panel"
      data-variant={variant}
    >
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb={compact ? '3' : '4'}>
        <HStack gap="2">
          <Box as={LuNavigation} boxSize={compact ? '4' : '5'} color={compact ? 'brand.fg' : 'amber.300'} />
          <Text fontWeight="semibold" fontSize={compact ? 'sm' : 'lg'} color={compact ? 'brand.ink' : undefined}>
            {compact ? t('incident.patrol.titleForPatrol') : t('incident.patrol.title')}
          </Text>
        </HStack>
        {view.dutyRoster && (
          <Text fontSize={compact ? 'xs' : 'sm'} color={compact ? 'fg.muted' : 'whiteAlpha.800'} data-testid="patrol-roster">
            {view.dutyRoster.dutyRosterName}
            {view.dutyRoster.plateNumber ? ` · ${view.dutyRoster.plateNumber}` : ''}
          </Text>
        )}
      </Flex>

      {compact ? (
        <Flex gap="2" wrap="wrap">
          {buttons}
        </Flex>
      ) : (
        <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: `repeat(${Math.min(steps.length, 3)}, minmax(0, 1fr))` }} gap="3">
          {buttons}
        </Grid>
      )}

      {!compact && (
        <>
          <Grid templateColumns={{ base: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }} gap="2" mt="4" fontSize="xs">
            {PROGRESS.map((p) => (
              <Box key={p.key} bg="whiteAlpha.100" rounded="md" px="2" py="1.5" data-testid={`patrol-time-${p.key}`}>
                <Text color="whiteAlpha.700">{t(p.label)}</Text>
                <Text fontVariantNumeric="tabular-nums" fontWeight="medium">
                  {formatDateTime(view.times[p.key]) || '—'}
                </Text>
              </Box>
            ))}
          </Grid>
          <Text mt="3" fontSize="xs" color="whiteAlpha.700">
            {t('incident.patrol.positionNote')}
          </Text>
        </>
      )}

      <JustificationDialog
        open={asking?.kind === 'reason'}
        title={t('incident.patrol.rejectTitle')}
        description={t('incident.patrol.rejectHint')}
        label={t('incident.patrol.rejectReason')}
        requiredText={t('incident.patrol.rejectRequired')}
        confirmLabel={t('incident.patrol.reject')}
        colorPalette="red"
        pending={step.isPending}
        onSubmit={(remark) => asking && step.mutate({ incidentId: view.pkIncidentId, statusId: asking.statusId, remark })}
        onCancel={() => setAsking(null)}
        testId="reject-dialog"
      />
      <ConfirmDialog
        open={asking?.kind === 'confirm'}
        message={asking ? t('incident.patrol.confirmStep', { step: t(PATROL_STEP_LOOK[asking.statusId].label) }) : undefined}
        pending={step.isPending}
        onConfirm={() => asking && step.mutate({ incidentId: view.pkIncidentId, statusId: asking.statusId })}
        onCancel={() => setAsking(null)}
        testId="patrol-confirm"
      />
    </Box>
  );
}
