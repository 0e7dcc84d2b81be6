import { describe, expect, it } from 'vitest';
import { createOverlay, type Overlay } from './overlay';

type Step = 'open' | 'close' | 'destroy';

function run(steps: Step[]): Overlay {
  const overlay = createOverlay();
  for (const step of steps) overlay[step]();
  return overlay;
}

describe('overlay rules (SPEC §4/§8)', () => {
  it.each<[Step[], string]>([
    [[], 'closed'],
    [['open'], 'open'],
    [['open', 'close'], 'closed'],
    [['open', 'close', 'open'], 'open'],
    [['destroy'], 'destroyed'],
    [['open', 'destroy'], 'destroyed'],
    [['destroy', 'destroy'], 'destroyed'],
  ])('%j → %s', (steps, state) => {
    expect(run(steps).state).toBe(state);
  });

  it.each<[Step[], Step, string]>([
    [['open'], 'open', 'Overlay already opened'],
    [[], 'close', 'Overlay already closed'],
    [['open', 'close'], 'close', 'Overlay already closed'],
    [['destroy'], 'open', 'Overlay already destroyed'],
    [['destroy'], 'close', 'Overlay already destroyed'],
    [['open', 'destroy'], 'close', 'Overlay already destroyed'],
  ])('after %j, %s throws "%s"', (steps, step, message) => {
    const overlay = run(steps);
    const before = overlay.state;
    expect(() => overlay[step]()).toThrow(new Error(message));
    expect(overlay.state).toBe(before);
  });

  it('tells subscribers about each change, and no one after destroy', () => {
    const overlay = createOverlay();
    const seen: string[] = [];
    overlay.subscribe((state) => seen.push(state));
    overlay.open();
    overlay.close();
    overlay.destroy();
    expect(seen).toEqual(['open', 'closed', 'destroyed']);
  });
});
