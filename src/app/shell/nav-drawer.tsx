import { Drawer, Portal } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { useT } from '@/lib/i18n';
import { useMounted } from '@/ui/on-demand';
import { SideNav } from './side-nav';

/** Narrow screens: the side menu in a drawer from the start edge (loaded on first use by ./app-shell.tsx). */
export function NavDrawer({ open, onOpenChange, roleName }: { open: boolean; onOpenChange: (open: boolean) => void; roleName: string }) {
  // mounted by the click that opened it: open right after mounting, through the same transition as later openings
  const mounted = useMounted();
  const t = useT();
  return (
    <Drawer.Root recipe={drawerSlotRecipe} open={open && mounted} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="256px" maxW="256px" bg="chrome.bg" aria-label={t('menu.title')}>
            <SideNav roleName={roleName} variant="full" onNavigate={() => onOpenChange(false)} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
