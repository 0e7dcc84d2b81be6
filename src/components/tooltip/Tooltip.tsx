import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactElement } from 'react';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { ArkDirection } from '../direction/arkDirection';
import { tooltipTimings } from './tooltipTimings';
import './tooltip.css';

export interface TooltipProps {
  /** The (translated) text. */
  content: string;
  /** One focusable element: the tooltip describes it (aria-describedby while open). */
  children: ReactElement;
  /** Form elements open after 250 ms instead of 700 ms (SPEC §9). */
  variant?: 'default' | 'form';
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';
}

/**
 * SPEC §9 tooltip: shows 700 ms after hover or keyboard focus (250 ms on form elements), hides
 * 200 ms after leaving; Escape hides it. On touch screens a 500 ms long press shows it and it hides
 * 1500 ms after the finger lifts (Ark ignores touch, so that part is ours).
 */
export function Tooltip({ content, children, variant = 'default', placement = 'top' }: TooltipProps) {
  const [pointerOpen, setPointerOpen] = useState(false);
  const [touchOpen, setTouchOpen] = useState(false);
  const longPress = useRef<ReturnType<typeof setTimeout> | null>(null);
  const touchHide = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = (timer: { current: ReturnType<typeof setTimeout> | null }) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      clear(longPress);
      clear(touchHide);
    },
    [],
  );

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch') return;
    clear(touchHide);
    clear(longPress);
    longPress.current = setTimeout(() => setTouchOpen(true), tooltipTimings.touchLongPress);
  };
  const onTouchEnd = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch') return;
    clear(longPress);
    clear(touchHide);
    touchHide.current = setTimeout(() => setTouchOpen(false), tooltipTimings.touchHideDelay);
  };

  return (
    <ArkDirection>
    <ArkTooltip.Root
      open={pointerOpen || touchOpen}
      onOpenChange={(details) => {
        setPointerOpen(details.open);
        if (!details.open && !touchHide.current) setTouchOpen(false);
      }}
      openDelay={variant === 'form' ? tooltipTimings.formShowDelay : tooltipTimings.showDelay}
      closeDelay={tooltipTimings.hideDelay}
      closeOnClick={!touchOpen}
      // It follows its trigger when the page scrolls (fixed positioning, auto-updated).
      closeOnScroll={false}
      positioning={{ placement, strategy: 'fixed' }}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild onPointerDown={onPointerDown} onPointerUp={onTouchEnd} onPointerCancel={onTouchEnd}>
        {children}
      </ArkTooltip.Trigger>
      {/* Rendered in place (fixed positioning escapes clipping) so it stays inside the page's landmarks. */}
      <ArkTooltip.Positioner className="tooltip__positioner">
        <ArkTooltip.Content className="tooltip">{content}</ArkTooltip.Content>
      </ArkTooltip.Positioner>
    </ArkTooltip.Root>
    </ArkDirection>
  );
}
