import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuChevronRight, LuClipboardCheck, LuNotebookPen, LuRadio } from 'react-icons/lu';
import { can } from '@contract/roles';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/activity-log';
import '@/lib/i18n/parts/checklist';
import { rosterHours, rosterStatusAt } from '@/lib/roster-status';
import { useSession, userRole } from '@/lib/session';
import { isoDateToDisplay } from '@/lib/time';
import { myShifts, type UserRoster } from './end-of-duty-rules';

const statusOf = (r: UserRoster) => rosterStatusAt({ ...r, status: 'upcoming' });

/**
 * The patrol's way in (issue #15): 'Log Aktiviti syif ini' for its roster on shift now, from the session's rosters
 * (§7.1, so it works offline too), and its shifts still to come. Nothing for a role that does not record.
 */
export function MyShiftCard({ onRecord }: { onRecord: (rosterId: number) => void }) {
  const t = useT();
  const user = useSession()?.user;
  const navigate = useNavigate();
  if (!user || !can(userRole(user).name, 'activityLogWrite') || !user.rosters.length) return null;
  const { current, upcoming } = myShifts(user.rosters, statusOf);
  return (
    <Box
      bg={current ? 'brand.900' : 'bg.panel'}
      color={current ? 'white' : undefined}
      borderWidth="1px"
      borderColor={current ? 'brand.900' : 'border'}
      rounded="lg"
      p={{ base: '4', md: '5' }}
      mb="4"
      boxShadow="sm"
      data-testid="my-shift"
    >
      {current ? (
        <Flex gap="4" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <Box flex="1" minW="0">
            <Text fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" opacity={0.8}>
              {t('eod.myShift.title')}
            </Text>
            <Text fontSize="xl" fontWeight="bold" mt="1" data-testid="my-shift-name">
              {t('eod.myShift.now', { name: current.dutyRosterName })}
            </Text>
            <HStack gap="3" mt="1" fontSize="sm" opacity={0.9} wrap="wrap">
              <Text fontVariantNumeric="tabular-nums">
                {isoDateToDisplay(current.startDate)} · {rosterHours(current)}
              </Text>
              {current.plateNumber && <Text fontFamily="mono">{current.plateNumber}</Text>}
              {current.callSign && (
                <HStack gap="1">
                  <LuRadio /> <Text>{current.callSign}</Text>
                </HStack>
              )}
            </HStack>
            <Text fontSize="sm" mt="2" opacity={0.8}>
              {t('eod.myShift.hint')}
            </Text>
          </Box>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
            {/* issue #16: the daily vehicle checklist of the shift (by route path; the checklist feature is its own) */}
            {can(userRole(user).name, 'checklistWrite') && (
              <Button
                size="xl"
                minH="16"
                px="6"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.600"
                _hover={{ bg: 'whiteAlpha.200' }}
                fontSize="lg"
                onClick={() => void navigate({ to: '/senaraisemak/$rosterId', params: { rosterId: String(current.pkDutyRosterId) } })}
                data-testid="my-shift-checklist"
              >
                <LuClipboardCheck /> {t('cl.open')}
              </Button>
            )}
            <Button
              size="xl"
              minH="16"
              px="8"
              colorPalette="amber"
              variant="solid"
              fontSize="lg"
              onClick={() => onRecord(current.pkDutyRosterId)}
              data-testid="my-shift-open"
            >
              <LuNotebookPen /> {t('eod.myShift.open')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="my-shift-none">
          {t('eod.myShift.none')}
        </Text>
      )}
      {upcoming.length > 0 && (
        <Stack gap="1" mt="4" pt="3" borderTopWidth="1px" borderColor={current ? 'whiteAlpha.300' : 'border.muted'}>
          <Text fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" opacity={0.8}>
            {t('eod.myShift.upcoming')}
          </Text>
          {upcoming.map((r) => (
            <Flex key={r.pkDutyRosterId} align="center" gap="3" wrap="wrap" data-testid="my-shift-upcoming">
              <Text fontWeight="medium">{r.dutyRosterName}</Text>
              <Text fontSize="sm" opacity={0.85} fontVariantNumeric="tabular-nums">
                {isoDateToDisplay(r.startDate)} · {rosterHours(r)}
              </Text>
              <Button
                size="sm"
                minH="11"
                variant={current ? 'outline' : 'subtle'}
                colorPalette={current ? undefined : 'brand'}
                color={current ? 'white' : undefined}
                _hover={current ? { bg: 'whiteAlpha.200' } : undefined}
                ms="auto"
                onClick={() => onRecord(r.pkDutyRosterId)}
              >
                {t('eod.myShift.record')} <LuChevronRight />
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
