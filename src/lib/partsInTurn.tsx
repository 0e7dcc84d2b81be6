import { lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { firstScreenShown } from './firstScreen';
import { nextTask } from './nextTask';

/**
 * The parts that join once the first screen is on screen (the bar's menus, the toaster, the clock,
 * the start-up flows) mount one at a time: a part's code, fetched at once, is handed to React only
 * once the part before it has committed, and a task later. Mounted together they were one commit
 * (Ark's and zag's machines, each subscribed through `useSyncExternalStore`, which React renders
 * in one go): a 115–240 ms task at a mid-range phone's speed, the start's longest.
 */
let turns: Promise<void> = firstScreenShown;

/** A turn whose part has not committed by then (its place unmounted first) passes on regardless. */
const turnLimitMs = 1000;

function takeTurn(): Promise<() => void> {
  const previous = turns;
  let release: () => void = () => undefined;
  const committed = new Promise<void>((resolve) => (release = resolve));
  turns = committed.then(nextTask);
  return previous.then(() => {
    setTimeout(release, turnLimitMs);
    return release;
  });
}

/** A lazy part loaded once the first screen is shown and mounted in its turn (render order). */
export function lazyInTurn<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const part = firstScreenShown.then(load);
    part.catch(() => undefined); // awaited below, once the turn has come
    const release = await takeTurn();
    try {
      const Part = await part;
      function InTurn(props: P) {
        useEffect(release, []);
        return <Part {...props} />;
      }
      return { default: InTurn };
    } catch (error) {
      release();
      throw error;
    }
  });
}
