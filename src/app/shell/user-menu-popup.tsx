import { useEffect, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Box, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { LuKeyRound, LuLogOut } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { LanguageSwitch } from '@/ui/language-switch';
import { UserMenuButton } from './user-menu';

/** The user menu (loaded on first use by ./user-menu.tsx): who is signed in, language, password, sign-out. */
export function UserMenuPopup({ user, openOnMount }: { user: WebUser; openOnMount?: boolean }) {
  const t = useT();
  const role = userRole(user);
  const [open, setOpen] = useState(false);
  // mounted by the click that asked for it: open now, through the same transition as any later opening
  useEffect(() => {
    if (openOnMount) setOpen(true);
  }, [openOnMount]);
  return (
    <Menu.Root recipe={menuSlotRecipe} open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <UserMenuButton user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="280px">
            <Box px="3" py="3">
              <Text fontWeight="semibold" color="brand.900">
                {user.profile.displayName}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {role.name} · {role.label}
              </Text>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t('topbar.section')}: {user.section.sectionName} · {t('topbar.region')}: {user.section.region.value}
              </Text>
            </Box>
            <Menu.Separator />
            <Flex px="3" py="2" align="center" justify="space-between" gap="3">
              <Text fontSize="sm">{t('lang.label')}</Text>
              <LanguageSwitch />
            </Flex>
            <Menu.Separator />
            <Menu.Item value="password" asChild minH="11">
              <RouterLink to="/resetpassword">
                <LuKeyRound /> {t('topbar.resetPassword')}
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" asChild minH="11" color="red.600">
              <RouterLink to="/signout" data-testid="user-menu-logout">
                <LuLogOut /> {t('menu.logout')}
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
