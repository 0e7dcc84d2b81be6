import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { firstScreenShown } from './firstScreen';
import { nextTask } from './nextTask';

/**
 * The parts that join once the first screen is on screen (the bar's menus, the toaster, the clock,
 * the sales actions) mount one at a time: a part's code, fetched at once, is handed to React only
 * once the part before it has committed, and a task later. Mounted together they were one commit
 * (Ark's and zag's machines, each subscribed through `useSyncExternalStore`, which React renders
 * in one go): a 115–240 ms task at a mid-range phone's speed, the start's longest.
 * Each part comes as a state update, not as a suspended lazy component's retry: React holds a
 * retry's reveal until 300 ms after the previous one (its fallback throttle), which made the turns
 * 300 ms apart.
 */
let turns: Promise<void> = firstScreenShown;

/** Resolves when this turn comes, with the release that lets the next one go. */
function takeTurn(): Promise<() => void> {
  const previous = turns;
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  turns = done.then(nextTask);
  return previous.then(() => release);
}

type Outcome<P> = { part: ComponentType<P> } | { error: unknown };

/**
 * A part loaded once the first screen is shown and mounted in its turn (the order parts mount in);
 * `fallback` shows until then. A part whose code failed to load throws it, as a lazy one would.
 */
export function lazyInTurn<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & { fallback?: ReactNode }> {
  let code: Promise<Outcome<P>> | null = null;
  const loaded = () => (code ??= firstScreenShown.then(load).then((part): Outcome<P> => ({ part }), (error: unknown): Outcome<P> => ({ error })));
  // Once a part has mounted, a later instance (the layout mounted again) mounts at once.
  let mountedOnce: Outcome<P> | null = null;
  return function InTurn({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [outcome, setOutcome] = useState<Outcome<P> | null>(mountedOnce);
    const release = useRef<() => void>(() => undefined);
    useEffect(() => {
      if (outcome) return;
      let mounted = true;
      void Promise.all([takeTurn(), loaded()]).then(([next, result]) => {
        release.current = next;
        if (!mounted) return next();
        setOutcome(result);
        if ('error' in result) next();
      });
      return () => {
        mounted = false;
        release.current();
      };
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the turn is taken once, at mount
    }, []);
    useEffect(() => {
      if (!outcome || !('part' in outcome)) return;
      // Committed: the next part's turn.
      mountedOnce = outcome;
      release.current();
    }, [outcome]);
    if (!outcome) return fallback;
    if ('error' in outcome) throw outcome.error;
    const Part = outcome.part;
    return <Part {...(props as P)} />;
  };
}
