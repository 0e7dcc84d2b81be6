import { Suspense, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { lazyInTurn } from '../../../lib/partsInTurn';

/**
 * How a menu whose code arrived after the first screen starts: opened (the member asked for it
 * before its code was there) and/or with focus on its button (the stand-in had it).
 */
export interface MenuStart {
  open: boolean;
  focus: boolean;
}

/**
 * The loaded menu's open state and trigger, taking over from the stand-in: focus where the stand-in
 * had it, and opened once mounted if the member asked for it before the code arrived. Focus moves
 * in the commit that swaps the buttons (a layout effect): a key pressed between the swap and a
 * later effect would go to the page and be lost.
 */
export function useMenuStart(start: MenuStart) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (start.focus || start.open) trigger.current?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opened once the trigger is in place, as a click would
    if (start.open) setOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the start is read once, when the code arrives
  }, []);
  return { trigger, open, setOpen };
}

interface StandInProps {
  className: string;
  label: string;
  disabled?: boolean;
  testId?: string | undefined;
  /** Which of the bar's controls it is (firstPaint/page/clickForwarder): a click on its kept copy comes here. */
  control?: string | undefined;
  children: ReactNode;
}

/**
 * A top-bar menu whose code (Ark's Menu: the state machine, positioning, dismissal) loads once the
 * first screen is on screen, in its turn (lib/partsInTurn): until then a plain button that looks the same stands in. A press,
 * click or arrow key on it opens the menu as soon as its code is there; focus carries over.
 */
export function deferredMenu<P extends object>(load: () => Promise<ComponentType<P & { start: MenuStart }>>) {
  const Loaded = lazyInTurn(load);
  return function DeferredMenu({ standIn, ...props }: P & { standIn: StandInProps }) {
    const [start, setStart] = useState<MenuStart>({ open: false, focus: false });
    const { className, label, disabled, testId, control, children } = standIn;
    const fallback = (
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded="false"
        disabled={disabled}
        data-testid={testId}
        data-chrome-control={control}
        onFocus={() => setStart((s) => ({ ...s, focus: true }))}
        onBlur={() => setStart((s) => ({ ...s, focus: false }))}
        // Asked on the press, not only the click: should the menu's code arrive between press and
        // release, the click lands on neither button, yet the menu still opens.
        onPointerDown={(event) => event.button === 0 && setStart({ open: true, focus: true })}
        onClick={() => setStart({ open: true, focus: true })}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setStart({ open: true, focus: true });
        }}
      >
        {children}
      </button>
    );
    return (
      <Suspense fallback={fallback}>
        <Loaded {...(props as P & { start: MenuStart })} start={start} fallback={fallback} />
      </Suspense>
    );
  };
}
