/** Small pieces both leave screens show: the status badge, the dates, the roster conflicts warning. */
import { Alert, Badge, Box, List, Text } from '@chakra-ui/react';
import type { LeaveConflict, LeaveStatus } from '@contract/leave';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/leave';
import { isoDateToDisplay } from '@/lib/time';

const STATUS_COLOR: Record<LeaveStatus, string> = { requested: 'orange', approved: 'green', rejected: 'red' };

export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  const t = useT();
  return (
    <Badge colorPalette={STATUS_COLOR[status]} variant="subtle" size="sm" data-testid="leave-status" data-status={status}>
      {t(`leave.status.${status}`)}
    </Badge>
  );
}

/** 'dd-mm-yyyy – dd-mm-yyyy', or one date when the leave is one day. */
export const leaveRange = (from: string, to: string) =>
  from === to ? isoDateToDisplay(from) : `${isoDateToDisplay(from)} – ${isoDateToDisplay(to)}`;

/** One conflict as a line: date, shift and hours, the roster. */
export function conflictLine(c: LeaveConflict) {
  return `${isoDateToDisplay(c.date)} · ${c.shift} ${c.startHour}–${c.endHour} · ${c.dutyRosterName} (${c.sectionName})`;
}

/** The rosters a leave meets, as a warning; nothing when there are none. */
export function LeaveConflictsWarning({
  conflicts,
  hint,
  testId = 'leave-conflicts',
}: {
  conflicts: LeaveConflict[];
  hint?: string;
  testId?: string;
}) {
  const t = useT();
  if (!conflicts.length) return null;
  const shown = conflicts.slice(0, 14);
  return (
    <Alert.Root status="warning" rounded="md" alignItems="flex-start" data-testid={testId} data-count={conflicts.length}>
      <Alert.Indicator />
      <Box flex="1" minW="0">
        <Alert.Title>{t('leave.conflicts.title', { n: conflicts.length })}</Alert.Title>
        <Alert.Description>
          <List.Root as="ul" ps="4" mt="1" gap="0.5" fontSize="sm">
            {shown.map((c) => (
              <List.Item key={c.pkDutyRosterId} data-testid={`${testId}-item`}>
                {conflictLine(c)}
              </List.Item>
            ))}
          </List.Root>
          {conflicts.length > shown.length && (
            <Text fontSize="sm" mt="1">
              {t('leave.conflicts.more', { n: conflicts.length - shown.length })}
            </Text>
          )}
          {hint && (
            <Text fontSize="sm" mt="2" color="fg.muted">
              {hint}
            </Text>
          )}
        </Alert.Description>
      </Box>
    </Alert.Root>
  );
}
