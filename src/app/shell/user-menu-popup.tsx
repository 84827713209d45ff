import { useEffect, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { LuKeyRound, LuLogOut } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { setLanguage, useLanguage, useT, type Language } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { COLOR_MODE_SETTINGS, setColorModeSetting, useColorModeSetting, type ColorModeSetting } from '@/lib/color-mode';
import { LANGUAGES } from '@/ui/language-switch';
import { UserMenuButton } from './user-menu';

/** The user menu (loaded on first use by ./user-menu.tsx): who is signed in, language, password, sign-out. */
export function UserMenuPopup({ user, openOnMount }: { user: WebUser; openOnMount?: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const colorMode = useColorModeSetting();
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
          <Menu.Content minW="320px">
            <Box px="3" py="3">
              <Text fontWeight="semibold" color="brand.ink">
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
            {/* the language as the menu's own radio items: a menu may hold items and groups of items, not another widget (ARIA) */}
            <Menu.RadioItemGroup
              value={lang}
              onValueChange={(e) => void setLanguage(e.value as Language)}
              display="flex"
              alignItems="center"
              gap="1"
              px="3"
              py="1"
            >
              <Menu.ItemGroupLabel flex="1" px="0" fontSize="sm" fontWeight="normal">
                {t('lang.label')}
              </Menu.ItemGroupLabel>
              {LANGUAGES.map((l) => (
                <Menu.RadioItem key={l.value} value={l.value} closeOnSelect={false} minH="11" minW="14" w="auto" data-testid="lang-switch">
                  <Menu.ItemIndicator />
                  <Menu.ItemText>{l.label}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            {/* the theme (issue #30): Auto (night during a night roster), Siang, Malam; kept per device */}
            <Menu.RadioItemGroup
              value={colorMode}
              onValueChange={(e) => setColorModeSetting(e.value as ColorModeSetting)}
              display="flex"
              alignItems="center"
              gap="1"
              px="3"
              py="1"
            >
              <Menu.ItemGroupLabel flex="1" px="0" fontSize="sm" fontWeight="normal">
                {t('theme.label')}
              </Menu.ItemGroupLabel>
              {COLOR_MODE_SETTINGS.map((m) => (
                <Menu.RadioItem key={m} value={m} closeOnSelect={false} minH="11" minW="14" w="auto" data-testid={`theme-${m}`}>
                  <Menu.ItemIndicator />
                  <Menu.ItemText>{t(`theme.${m}`)}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="password" asChild minH="11">
              <RouterLink to="/resetpassword">
                <LuKeyRound /> {t('topbar.resetPassword')}
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" asChild minH="11" color="red.fg">
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
