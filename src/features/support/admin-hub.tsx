/**
 * The administration hub of /primesupport (issue #14): one card per administration screen the signed-in role may
 * open (src/lib/access.ts says which permission each route needs; the server enforces the same table).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Box, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import {
  LuCalendarOff,
  LuCar,
  LuClipboardList,
  LuClock,
  LuMapPin,
  LuPackage,
  LuRoute,
  LuUserCog,
  LuUserPlus,
  LuUsers,
  LuUsersRound,
} from 'react-icons/lu';
import { can, roleByName } from '@contract/roles';
import { guardRedirect, routePermission } from '@/lib/access';
import { useT, type TextKey } from '@/lib/i18n';
import '@/lib/i18n/parts/admin';

const CARDS: { path: string; title: TextKey; hint: TextKey; icon: ReactNode }[] = [
  { path: '/manageuser', title: 'admin.hub.users', hint: 'admin.hub.usersHint', icon: <LuUserCog /> },
  { path: '/registeruser', title: 'admin.hub.registerUser', hint: 'admin.hub.registerUserHint', icon: <LuUserPlus /> },
  { path: '/listingstaff', title: 'admin.hub.staff', hint: 'admin.hub.staffHint', icon: <LuUsers /> },
  { path: '/listingleave', title: 'admin.hub.leave', hint: 'admin.hub.leaveHint', icon: <LuCalendarOff /> },
  { path: '/listingteam', title: 'admin.hub.teams', hint: 'admin.hub.teamsHint', icon: <LuUsersRound /> },
  { path: '/listingshift', title: 'admin.hub.shifts', hint: 'admin.hub.shiftsHint', icon: <LuClock /> },
  { path: '/listingronda', title: 'admin.hub.rondas', hint: 'admin.hub.rondasHint', icon: <LuRoute /> },
  { path: '/listingcheckpoint', title: 'admin.hub.checkpoints', hint: 'admin.hub.checkpointsHint', icon: <LuMapPin /> },
  // fleet and equipment (issue #16)
  { path: '/managevehicle', title: 'admin.hub.vehicles', hint: 'admin.hub.vehiclesHint', icon: <LuCar /> },
  { path: '/listingasset', title: 'admin.hub.assets', hint: 'admin.hub.assetsHint', icon: <LuPackage /> },
  { path: '/maintenance', title: 'admin.hub.checklistMaster', hint: 'admin.hub.checklistMasterHint', icon: <LuClipboardList /> },
];

/** The cards a role may open; nothing when it administers nothing. */
export function adminCardsFor(roleName: string) {
  const role = roleByName(roleName);
  return CARDS.filter((c) => {
    const p = routePermission(c.path);
    if (p === undefined || (p !== null && !can(roleName, p))) return false;
    // role id 1 stays on its own pages (§2.2) even where its permission would let it read (readOrg)
    return !role || guardRedirect(c.path, { roleId: role.id, roleName }) === null;
  });
}

export function AdminHub({ roleName }: { roleName: string }) {
  const t = useT();
  const cards = adminCardsFor(roleName);
  if (!cards.length) return null;
  return (
    <Box mb="6" data-testid="admin-hub">
      <Heading as="h2" size="md" color="brand.ink" mb="3">
        {t('admin.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }} gap="4">
        {cards.map((c) => (
          <RouterLink key={c.path} to={c.path} data-testid={`admin-hub-${c.path.slice(1)}`}>
            <Flex
              h="full"
              gap="3"
              p="4"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              rounded="lg"
              boxShadow="xs"
              _hover={{ borderColor: 'brand.400', boxShadow: 'sm' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
            >
              <Flex flexShrink={0} align="center" justify="center" boxSize="10" rounded="md" bg="brand.subtle" color="brand.fg" fontSize="xl">
                {c.icon}
              </Flex>
              <Box minW="0">
                <Text fontWeight="semibold" color="brand.ink">
                  {t(c.title)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(c.hint)}
                </Text>
              </Box>
            </Flex>
          </RouterLink>
        ))}
      </Grid>
    </Box>
  );
}
