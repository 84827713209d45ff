import { useEffect, useLayoutEffect, type MutableRefObject, type ReactNode } from 'react';
import { Portal, Tooltip, useTooltip } from '@chakra-ui/react';
import { tooltipSlotRecipe } from '@chakra-theme/recipes/tooltip';
import type { TooltipProps } from './tooltip';

type TriggerProps = ReturnType<ReturnType<typeof useTooltip>['getTriggerProps']>;
export type TriggerHandlers = Partial<
  Pick<TriggerProps, 'onClick' | 'onFocus' | 'onBlur' | 'onPointerDown' | 'onPointerMove' | 'onPointerOver' | 'onPointerLeave' | 'onPointerCancel'>
>;

/**
 * The tooltip machine and its content, for the trigger rendered by src/ui/tooltip.tsx: its events arrive through
 * `handlers`, its attributes (id, data-state, aria-describedby…) go back through `onTriggerAttrs`.
 */
export function TooltipPopup({
  triggerId,
  contentId,
  content,
  placement,
  openDelay,
  handlers,
  onTriggerAttrs,
}: {
  triggerId: string;
  contentId: string;
  content: ReactNode;
  placement: NonNullable<TooltipProps['placement']>;
  openDelay: number;
  handlers: MutableRefObject<TriggerHandlers | null>;
  onTriggerAttrs: (attrs: Record<string, unknown>) => void;
}) {
  const api = useTooltip({ ids: { trigger: triggerId, content: contentId }, openDelay, closeDelay: 80, positioning: { placement } });
  const { onClick, onFocus, onBlur, onPointerDown, onPointerMove, onPointerOver, onPointerLeave, onPointerCancel, ...attrs } = api.getTriggerProps();
  handlers.current = { onClick, onFocus, onBlur, onPointerDown, onPointerMove, onPointerOver, onPointerLeave, onPointerCancel };

  const attrsKey = JSON.stringify(attrs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attrs is a new object on every render: handed over only when its content (attrsKey) changes
  useLayoutEffect(() => {
    onTriggerAttrs(attrs);
  }, [attrsKey]);

  // The hover or focus that loaded this has passed: act as the machine would have (focus opens at once, a resting
  // pointer after the open delay).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the popup mounts
  useEffect(() => {
    const el = document.getElementById(triggerId);
    if (!el) return;
    if (el === document.activeElement && el.matches(':focus-visible')) {
      api.setOpen(true);
      return;
    }
    const id = window.setTimeout(() => {
      if (el.matches(':hover')) api.setOpen(true);
    }, openDelay);
    return () => window.clearTimeout(id);
  }, []);

  return (
    <Tooltip.RootProvider value={api} lazyMount unmountOnExit recipe={tooltipSlotRecipe}>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="260px" fontSize="sm">
            {content}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.RootProvider>
  );
}
