import { useEffect, useState } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Badge, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import type { MenuItem } from '@contract/menu';
import { useT } from '@/lib/i18n';
import { Tooltip } from '@/ui/tooltip';
import { useRouteExists } from '@/ui/use-route-exists';
import { NavGroupButton, useItemLabel } from './side-nav';

/** A group of the side menu in the rail: its screens in a menu beside the icon (loaded on first use by ./side-nav.tsx). */
export function NavGroupMenu({
  item,
  triggerId,
  onNavigate,
  openOnMount,
}: {
  item: MenuItem;
  triggerId: string;
  onNavigate?: () => void;
  openOnMount?: boolean;
}) {
  const t = useT();
  const itemLabel = useItemLabel();
  const exists = useRouteExists();
  const [open, setOpen] = useState(false);
  // mounted by the click that asked for it: open now, through the same transition as any later opening
  useEffect(() => {
    if (openOnMount) setOpen(true);
  }, [openOnMount]);

  return (
    <Menu.Root
      recipe={menuSlotRecipe}
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      ids={{ trigger: triggerId }}
      positioning={{ placement: 'right-start', gutter: 10 }}
    >
      <Tooltip content={itemLabel(item)} placement="right">
        <Menu.Trigger asChild id={triggerId}>
          <NavGroupButton item={item} label={itemLabel(item)} />
        </Menu.Trigger>
      </Tooltip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="300px">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{itemLabel(item)}</Menu.ItemGroupLabel>
              {(item.children ?? []).map((c) => {
                const available = exists(c.path);
                return (
                  <Menu.Item
                    key={c.key}
                    value={c.key}
                    disabled={!available}
                    asChild={available}
                    minH="11"
                    data-testid="nav-item"
                    data-menu-key={c.key}
                    data-available={available ? 'true' : 'false'}
                  >
                    {available ? (
                      <RouterLink to={c.path} onClick={onNavigate}>
                        {itemLabel(c)}
                      </RouterLink>
                    ) : (
                      <Flex align="center" justify="space-between" w="full" gap="3">
                        <Text>{itemLabel(c)}</Text>
                        <Badge size="xs" variant="outline">
                          {t('menu.comingSoon')}
                        </Badge>
                      </Flex>
                    )}
                  </Menu.Item>
                );
              })}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
