import { Link as RouterLink } from '@tanstack/react-router';
import { Avatar, Box, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuKeyRound, LuLogOut } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { useT } from '@/lib/i18n';
import { userRole } from '@/lib/session';
import { LanguageSwitch } from '@/ui/language-switch';

export function UserMenu({ user }: { user: WebUser }) {
  const t = useT();
  const role = userRole(user);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Flex
          as="button"
          align="center"
          gap="2.5"
          ps="1.5"
          pe="2"
          minH="11"
          rounded="md"
          _hover={{ bg: 'chrome.bgHover' }}
          color="chrome.fg"
          textAlign="left"
          data-testid="user-menu"
          aria-label={`${user.profile.displayName} (${role.name})`}
        >
          <Avatar.Root size="sm" colorPalette="amber" variant="solid">
            <Avatar.Fallback name={user.profile.displayName} />
          </Avatar.Root>
          <Box display={{ base: 'none', md: 'block' }} lineHeight="1.2" maxW="200px">
            <Text fontSize="sm" fontWeight="semibold" color="white" truncate data-testid="user-name">
              {user.profile.displayName}
            </Text>
            <Text fontSize="xs" color="chrome.muted" truncate data-testid="user-role">
              {role.name}
            </Text>
          </Box>
          <Box display={{ base: 'none', md: 'inline-flex' }} color="chrome.muted">
            <LuChevronDown />
          </Box>
        </Flex>
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
