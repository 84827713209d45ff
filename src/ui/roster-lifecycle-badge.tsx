/**
 * A roster's lifecycle (issue #15; contract/activity-log-rules.ts ROSTER_LIFECYCLE): planned, on shift, ended,
 * verified, approved — one badge for the roster screens and the end-of-duty report.
 */
import { Badge } from '@chakra-ui/react';
import { LuBadgeCheck, LuCalendarClock, LuCircleStop, LuPlay, LuShieldCheck } from 'react-icons/lu';
import type { RosterLifecycle } from '@contract/activity-log-rules';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import { solidFill } from './solid-fill';

/** The badge colour of each lifecycle step. */
export const LIFECYCLE_PALETTE: Record<RosterLifecycle, string> = {
  planned: 'gray',
  onShift: 'green',
  ended: 'blue',
  verified: 'purple',
  approved: 'teal',
};

const ICON: Record<RosterLifecycle, React.ReactNode> = {
  planned: <LuCalendarClock />,
  onShift: <LuPlay />,
  ended: <LuCircleStop />,
  verified: <LuBadgeCheck />,
  approved: <LuShieldCheck />,
};

export function LifecycleBadge({
  lifecycle,
  size = 'sm',
  testId = 'lifecycle-badge',
}: {
  lifecycle: RosterLifecycle;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  const t = useT();
  const solid = lifecycle === 'onShift' || lifecycle === 'approved';
  return (
    <Badge
      colorPalette={LIFECYCLE_PALETTE[lifecycle]}
      variant={solid ? 'solid' : 'subtle'}
      {...solidFill(LIFECYCLE_PALETTE[lifecycle], solid)}
      size={size}
      gap="1"
      data-testid={testId}
      data-lifecycle={lifecycle}
    >
      {ICON[lifecycle]} {t(`eod.lifecycle.${lifecycle}`)}
    </Badge>
  );
}
