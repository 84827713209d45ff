/** Pieces both shift screens show: the hours with the next-day mark, the length, the active badge. */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { LuMoon } from 'react-icons/lu';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/shifts';

export function ShiftHours({ startHour, endHour, crossesMidnight }: { startHour: string; endHour: string; crossesMidnight: boolean }) {
  const t = useT();
  return (
    <HStack gap="2" wrap="nowrap">
      <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {startHour} – {endHour}
      </Text>
      {crossesMidnight && (
        <Badge colorPalette="purple" variant="subtle" size="sm" title={t('shifts.nextDayHint')} data-testid="shift-next-day">
          <LuMoon /> {t('shifts.nextDay')}
        </Badge>
      )}
    </HStack>
  );
}

export function useDurationText() {
  const t = useT();
  return (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? t('shifts.durationHm', { h, m }) : t('shifts.durationH', { h });
  };
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle" size="sm" data-testid="shift-active" data-active={active}>
      {t(active ? 'shifts.active' : 'shifts.inactive')}
    </Badge>
  );
}
