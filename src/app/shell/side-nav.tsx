import { cloneElement, forwardRef, useId, useState, type ReactNode, type Ref } from 'react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { Badge, Box, Flex, Text, type BoxProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { APP_VERSION, menuFor, type MenuItem } from '@contract/menu';
import { label, useLanguage, useT } from '@/lib/i18n';
import { Tooltip } from '@/ui/tooltip';
import { useRouteExists } from '@/ui/use-route-exists';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';
import { navIcon } from './nav-icons';

const groupMenuModule = onDemand(() => import('./nav-group-menu'));
const groupCollapsibleModule = onDemand(() => import('./nav-group-collapsible'));

export type NavVariant = 'full' | 'rail';

/** Menu entries shown with their label under the icon in the rail too. */
const RAIL_LABELLED: ReadonlySet<string> = new Set(['myShift']);

/** Side menu (§2.3) filtered by role (§6 via menuFor); screens still to come are shown disabled ('Akan datang'). */
export function SideNav({ roleName, variant, onNavigate }: { roleName: string; variant: NavVariant; onNavigate?: () => void }) {
  const t = useT();
  const items = menuFor(roleName);
  const main = items.filter((i) => i.key !== 'logout');
  const logout = items.find((i) => i.key === 'logout');
  const rail = variant === 'rail';

  return (
    <Flex
      as="nav"
      aria-label={t('menu.title')}
      direction="column"
      w={rail ? '72px' : '264px'}
      flexShrink={0}
      bg="chrome.bg"
      color="chrome.fg"
      h="full"
      borderRightWidth="1px"
      borderColor="chrome.border"
      transition="width 0.15s ease"
      data-testid="side-nav"
      data-variant={variant}
    >
      <Box flex="1" overflowY="auto" overflowX="hidden" py="3" px={rail ? '2' : '3'}>
        <Flex direction="column" gap="0.5">
          {main.map((item) =>
            item.children ? (
              <NavGroup key={item.key} item={item} rail={rail} onNavigate={onNavigate} />
            ) : (
              <NavEntry key={item.key} item={item} rail={rail} onNavigate={onNavigate} />
            ),
          )}
        </Flex>
      </Box>
      <Box borderTopWidth="1px" borderColor="chrome.border" px={rail ? '2' : '3'} pt="2" pb="3">
        {logout && <NavEntry item={logout} rail={rail} onNavigate={onNavigate} />}
        <Text
          fontSize="2xs"
          color="chrome.muted"
          textAlign={rail ? 'center' : 'left'}
          px={rail ? '0' : '3'}
          pt="2"
          data-testid="app-version"
          title={APP_VERSION}
        >
          {rail ? APP_VERSION : t('app.version', { version: APP_VERSION })}
        </Text>
      </Box>
    </Flex>
  );
}

export function useItemLabel() {
  const lang = useLanguage();
  return (item: MenuItem) => label(item.labelKey, lang);
}

const rowStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  rounded: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  w: 'full',
  textAlign: 'left',
} as const;

function NavEntry({ item, rail, onNavigate, nested }: { item: MenuItem; rail: boolean; onNavigate?: () => void; nested?: boolean }) {
  const t = useT();
  const itemLabel = useItemLabel();
  const exists = useRouteExists();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const Icon = navIcon(item.key);
  const text = itemLabel(item);
  const available = exists(item.path);
  const active = available && pathname === item.path;
  // issue #30: the patrol's home for the shift keeps its label in the icon rail (a tablet's menu), not an icon alone
  const labelledInRail = RAIL_LABELLED.has(item.key);

  const content: ReactNode = (
    <>
      {nested && !rail ? (
        <Box as="span" w="1.5" h="1.5" rounded="full" bg={available ? 'chrome.fg' : 'chrome.muted'} opacity={available ? 1 : 0.6} flexShrink={0} />
      ) : (
        <Box as="span" fontSize="lg" flexShrink={0} display="inline-flex" opacity={available ? 1 : 0.55}>
          <Icon />
        </Box>
      )}
      {rail && labelledInRail && (
        <Text as="span" fontSize="2xs" lineHeight="1.1" textAlign="center" px="0.5" data-testid="nav-rail-label">
          {text}
        </Text>
      )}
      {!rail && (
        <Text as="span" flex="1" lineHeight="1.3" py="1.5" fontSize={nested ? '13px' : 'sm'}>
          {text}
          {!available && (
            <Badge
              size="xs"
              variant="outline"
              color="chrome.muted"
              borderColor="chrome.border"
              ms="1.5"
              verticalAlign="1px"
              fontSize="10px"
              px="1"
              whiteSpace="nowrap"
              data-testid="coming-soon"
            >
              {t('menu.comingSoon')}
            </Badge>
          )}
        </Text>
      )}
    </>
  );

  const common = {
    ...rowStyles,
    px: rail ? '0' : nested ? '3' : '3',
    justifyContent: rail ? 'center' : 'flex-start',
    ...(rail && labelledInRail ? { flexDirection: 'column' as const, gap: '0.5', py: '1.5' } : {}),
    'data-testid': 'nav-item',
    'data-menu-key': item.key,
    'data-available': available ? 'true' : 'false',
  };

  if (!available) {
    return (
      <Tooltip content={rail ? `${text} · ${t('menu.comingSoon')}` : t('menu.comingSoonTip')} placement="right">
        <Box
          {...common}
          as="span"
          role="link"
          aria-disabled="true"
          tabIndex={0}
          color="chrome.muted"
          cursor="not-allowed"
          aria-label={`${text} (${t('menu.comingSoon')})`}
        >
          {content}
        </Box>
      </Tooltip>
    );
  }

  const link = (
    <Box
      {...common}
      asChild
      color={active ? 'white' : 'chrome.fg'}
      bg={active ? 'chrome.bgActive' : 'transparent'}
      _hover={{ bg: active ? 'chrome.bgActive' : 'chrome.bgHover', color: 'white' }}
      position="relative"
      _before={
        active
          ? { content: '""', position: 'absolute', left: rail ? '-2' : '-3', top: '2', bottom: '2', w: '3px', bg: 'amber.500', roundedRight: 'sm' }
          : undefined
      }
    >
      <RouterLink to={item.path} onClick={onNavigate} aria-current={active ? 'page' : undefined} aria-label={rail ? text : undefined}>
        {content}
      </RouterLink>
    </Box>
  );
  return rail ? (
    <Tooltip content={text} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The icon button of a group in the rail (its menu is ./nav-group-menu.tsx). */
export const NavGroupButton = forwardRef<HTMLButtonElement, { item: MenuItem; label: string } & Omit<BoxProps, 'children'>>(function NavGroupButton(
  { item, label, ...rest },
  ref,
) {
  const Icon = navIcon(item.key);
  return (
    <Box
      as="button"
      ref={ref as Ref<HTMLDivElement>}
      {...rowStyles}
      justifyContent="center"
      color="chrome.fg"
      _hover={{ bg: 'chrome.bgHover' }}
      aria-label={label}
      data-testid="nav-item"
      data-menu-key={item.key}
      data-available="true"
      {...rest}
    >
      <Box as="span" fontSize="lg" display="inline-flex">
        <Icon />
      </Box>
    </Box>
  );
});

function NavGroup({ item, rail, onNavigate }: { item: MenuItem; rail: boolean; onNavigate?: () => void }) {
  const itemLabel = useItemLabel();
  const [open, setOpen] = useState(true);
  const Icon = navIcon(item.key);
  const children = item.children ?? [];
  const triggerId = `nav-group-${useId()}`;
  const [groupMenu, requestGroupMenu, askedGroupMenu] = useOnDemand(groupMenuModule);
  const [groupCollapsible, requestGroupCollapsible] = useOnDemand(groupCollapsibleModule);

  if (rail) {
    if (groupMenu) return <groupMenu.NavGroupMenu item={item} triggerId={triggerId} onNavigate={onNavigate} openOnMount={askedGroupMenu} />;
    // stand-in until the first use: the same icon button; hover or focus starts loading, a click opens the menu
    return (
      <Tooltip content={itemLabel(item)} placement="right">
        <NavGroupButton
          item={item}
          label={itemLabel(item)}
          id={triggerId}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={() => prefetch(groupMenuModule)}
          onFocus={() => prefetch(groupMenuModule)}
          onClick={requestGroupMenu}
        />
      </Tooltip>
    );
  }

  const trigger = (
    <Box
      as="button"
      {...rowStyles}
      px="3"
      color="chrome.fg"
      _hover={{ bg: 'chrome.bgHover', color: 'white' }}
      aria-expanded={open}
      data-testid="nav-item"
      data-menu-key={item.key}
      data-available="true"
    >
      <Box as="span" fontSize="lg" display="inline-flex">
        <Icon />
      </Box>
      <Text as="span" flex="1">
        {itemLabel(item)}
      </Text>
      <Box as="span" display="inline-flex" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
        <LuChevronDown />
      </Box>
    </Box>
  );
  const entries = (
    <Flex direction="column" gap="0" ms="5" ps="1" borderLeftWidth="1px" borderColor="chrome.border" my="1">
      {children.map((c) => (
        <NavEntry key={c.key} item={c} rail={false} onNavigate={onNavigate} nested />
      ))}
    </Flex>
  );
  if (groupCollapsible) {
    return (
      <groupCollapsible.NavGroupCollapsible open={open} onOpenChange={setOpen} trigger={trigger}>
        {entries}
      </groupCollapsible.NavGroupCollapsible>
    );
  }
  // stand-in until the first use: the same button and list, shown or hidden without the collapsible's machine; hover
  // or focus starts loading it, which then animates every later toggle
  return (
    <div>
      {cloneElement(trigger, {
        onPointerEnter: () => prefetch(groupCollapsibleModule),
        onFocus: () => prefetch(groupCollapsibleModule),
        onClick: () => {
          requestGroupCollapsible();
          setOpen((o) => !o);
        },
      })}
      <Box overflow="hidden" hidden={!open}>
        {entries}
      </Box>
    </div>
  );
}
