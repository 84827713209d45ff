import type { ReactElement, ReactNode } from 'react';
import { Collapsible } from '@chakra-ui/react';

/**
 * A menu group of the full side menu as Chakra's Collapsible (its state machine animates the height as the group
 * opens and closes). Loaded on first use by ./side-nav.tsx, which draws the open group without it until then.
 */
export function NavGroupCollapsible({
  open,
  onOpenChange,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the group's button (the trigger, asChild) */
  trigger: ReactElement;
  children: ReactNode;
}) {
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Collapsible.Trigger asChild>{trigger}</Collapsible.Trigger>
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
