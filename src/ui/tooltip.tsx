import { cloneElement, useId, useRef, useState, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { onDemand, useOnDemand } from './on-demand';
import type { TriggerHandlers } from './tooltip-popup';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  disabled?: boolean;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'right-start' | 'bottom-end';
  openDelay?: number;
}

const popup = onDemand(() => import('./tooltip-popup'));

/** The trigger events the tooltip machine listens to (zag tooltip getTriggerProps). */
const HANDLERS = ['onClick', 'onFocus', 'onBlur', 'onPointerDown', 'onPointerMove', 'onPointerOver', 'onPointerLeave', 'onPointerCancel'] as const;

type ChildProps = Record<string, unknown> & { id?: string };
type Handler = (e: SyntheticEvent) => void;

/**
 * Chakra v3 tooltip, loaded on first use: the child is rendered as it is, with the tooltip machine's trigger events
 * and attributes routed to it once the machine is there (the first hover or focus loads it). The child keeps its DOM
 * node throughout, so focus and hover are never lost. The child must render its `id` and props on its element.
 */
export function Tooltip({ content, children, disabled, placement = 'bottom', openDelay = 250 }: TooltipProps) {
  const uid = useId();
  const childProps = children.props as ChildProps;
  const triggerId = childProps.id ?? `tooltip-${uid}-trigger`;
  const [mod, request] = useOnDemand(popup);
  const live = useRef<TriggerHandlers | null>(null);
  const [attrs, setAttrs] = useState<Record<string, unknown>>({});
  if (disabled) return children;

  const routed: Record<string, Handler> = {};
  for (const name of HANDLERS) {
    routed[name] = (e) => {
      live.current?.[name]?.(e as never);
      (childProps[name] as Handler | undefined)?.(e);
    };
  }
  const onPointerEnter = (e: React.PointerEvent) => {
    if (e.pointerType !== 'touch') request();
    (childProps.onPointerEnter as Handler | undefined)?.(e);
  };
  const onFocus = (e: React.FocusEvent) => {
    request();
    routed.onFocus(e);
  };

  return (
    <>
      {cloneElement(children, { ...attrs, id: triggerId, ...routed, onPointerEnter, onFocus } as ChildProps)}
      {mod && (
        <mod.TooltipPopup
          triggerId={triggerId}
          contentId={`tooltip-${uid}-content`}
          content={content}
          placement={placement}
          openDelay={openDelay}
          handlers={live}
          onTriggerAttrs={setAttrs}
        />
      )}
    </>
  );
}
