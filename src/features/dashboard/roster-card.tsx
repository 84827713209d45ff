import { Badge, Box, Flex, HStack, Text } from '@chakra-ui/react';
import { LuCar, LuClock, LuRadio, LuUsers } from 'react-icons/lu';
import type { DutyRosterRow } from '@contract/sections';
import { useT } from '@/lib/i18n';
import { rosterHours, type RosterStatus } from '@/lib/roster-status';
import { RosterStatusBadge } from '@/ui/roster-status-badge';
import { shiftLabel } from '@/lib/lookups';

const EDGE: Record<RosterStatus, string> = { active: 'green.500', upcoming: 'blue.400', ended: 'gray.300' };

export function RosterCard({ row, status }: { row: DutyRosterRow; status: RosterStatus }) {
  const t = useT();
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderLeftWidth="4px"
      borderLeftColor={EDGE[status]}
      rounded="lg"
      p="4"
      boxShadow="xs"
      opacity={status === 'ended' ? 0.8 : 1}
      data-testid="roster-card"
      data-status={status}
    >
      <Flex align="flex-start" justify="space-between" gap="2">
        <Box minW="0">
          <HStack gap="2" mb="1">
            <Badge colorPalette="brand" variant="solid" size="sm" fontWeight="bold">
              {row.sectionName}
            </Badge>
            <Text fontSize="xs" color="fg.muted" truncate>
              {shiftLabel(row.shiftName)}
            </Text>
          </HStack>
          <Text fontWeight="semibold" color="brand.ink" lineClamp={2}>
            {row.dutyRosterName}
          </Text>
        </Box>
        <RosterStatusBadge status={status} />
      </Flex>

      <Flex mt="3" gap="4" wrap="wrap" fontSize="sm" color="fg">
        <HStack gap="1.5">
          <LuClock />
          <Text fontVariantNumeric="tabular-nums">{rosterHours(row)}</Text>
        </HStack>
        <HStack gap="1.5">
          <LuUsers />
          <Text>{row.teamName}</Text>
        </HStack>
      </Flex>

      <Flex mt="3" gap="2" align="center" bg="bg.subtle" rounded="md" px="3" py="2" fontSize="sm" wrap="wrap">
        <LuCar />
        {row.plateNumber ? (
          <>
            <Text fontWeight="bold" letterSpacing="0.04em" fontFamily="mono" data-testid="roster-plate">
              {row.plateNumber}
            </Text>
            {row.callSign && (
              <HStack gap="1" color="brand.fg">
                <LuRadio />
                <Text fontWeight="semibold">{row.callSign}</Text>
              </HStack>
            )}
            {row.vehicleModel && (
              <Text color="fg.muted" fontSize="xs">
                {row.vehicleModel}
              </Text>
            )}
          </>
        ) : (
          <Text color="fg.muted">{t('roster.noVehicle')}</Text>
        )}
      </Flex>

      <Box mt="3">
        {row.members.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('roster.noMembers')}
          </Text>
        ) : (
          <Flex direction="column" gap="1">
            {row.members.map((m) => (
              <Flex key={m.pkStaffId} justify="space-between" gap="2" fontSize="sm">
                <Text truncate>{m.displayName}</Text>
                <Text color="fg.muted" fontSize="xs" flexShrink={0}>
                  {m.position}
                </Text>
              </Flex>
            ))}
          </Flex>
        )}
      </Box>
    </Box>
  );
}
