import { forwardRef, type Ref } from 'react';
import { Box, chakra, Flex, Text, useSlotRecipe, type FlexProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import type { WebUser } from '@contract/auth';
import { userRole } from '@/lib/session';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';

const popup = onDemand(() => import('./user-menu-popup'));

/** The top bar's user button: avatar, name and role (§2.4). The menu itself loads on first use. */
export const UserMenuButton = forwardRef<HTMLButtonElement, { user: WebUser } & Omit<FlexProps, 'children'>>(function UserMenuButton(
  { user, ...rest },
  ref,
) {
  const role = userRole(user);
  return (
    <Flex
      as="button"
      ref={ref as Ref<HTMLDivElement>}
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
      // named by its visible name and role (WCAG 2.5.3 label in name; the initials are hidden from assistive
      // technology); the title names it on narrow screens, where only the initials show
      title={`${user.profile.displayName} (${role.name})`}
      {...rest}
    >
      <InitialsAvatar name={user.profile.displayName} />
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
  );
});

/** Initials as Chakra's Avatar draws them (the same recipe, elements and initials) without Ark's avatar machine. */
function InitialsAvatar({ name }: { name: string }) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size: 'sm', variant: 'solid' });
  return (
    <chakra.div data-scope="avatar" data-part="root" className="chakra-avatar__root" colorPalette="amber" css={styles.root} aria-hidden="true">
      <chakra.span data-scope="avatar" data-part="fallback" data-state="visible" className="chakra-avatar__fallback" css={styles.fallback}>
        {initials(name)}
      </chakra.span>
    </chakra.div>
  );
}

/** Chakra's Avatar.Fallback initials: the first letters of the first and last names. */
export function initials(name: string) {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? names[names.length - 1] : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

export function UserMenu({ user }: { user: WebUser }) {
  const [mod, request, asked] = useOnDemand(popup);
  if (mod) return <mod.UserMenuPopup user={user} openOnMount={asked} />;
  // stand-in until the first use: the same button; hover or focus starts loading, a click opens the real menu
  return (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => prefetch(popup)}
      onFocus={() => prefetch(popup)}
      onClick={request}
    />
  );
}
