import { Badge, Box } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import { solidFill } from './solid-fill';

export type RosterStatus = 'active' | 'upcoming' | 'ended';

export const ROSTER_STATUS_PALETTE: Record<RosterStatus, string> = { active: 'green', upcoming: 'blue', ended: 'gray' };

/** On shift (green, with a live dot) / upcoming (blue) / ended (grey). */
export function RosterStatusBadge({ status }: { status: RosterStatus }) {
  const t = useT();
  return (
    <Badge
      colorPalette={ROSTER_STATUS_PALETTE[status]}
      variant={status === 'active' ? 'solid' : 'subtle'}
      {...solidFill(ROSTER_STATUS_PALETTE[status], status === 'active')}
      size="sm"
      gap="1.5"
      data-status={status}
    >
      {status === 'active' && <Box as="span" w="1.5" h="1.5" rounded="full" bg="bg.panel" display="inline-block" />}
      {t(`status.${status}`)}
    </Badge>
  );
}
