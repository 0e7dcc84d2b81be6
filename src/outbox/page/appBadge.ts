/**
 * The installed app's badge (Badging API): the number of the member's writes still waiting to be
 * sent, cleared at zero and at sign-out. Browsers without the API (or that refuse it) show none.
 */
interface BadgingNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

let shown: number | null = null;

function badging(): BadgingNavigator | null {
  return typeof navigator === 'undefined' ? null : navigator;
}

/** Shows `count` on the app's icon (clears it at zero); a repeat of the shown count asks nothing. */
export function showWaitingWrites(count: number): void {
  const next = Math.max(0, Math.floor(count));
  if (next === shown) return;
  shown = next;
  const nav = badging();
  const call = next > 0 ? nav?.setAppBadge?.(next) : nav?.clearAppBadge?.();
  void call?.catch(() => undefined);
}

/** Sign-out: nothing of the member's stays on the icon. */
export function clearWaitingWrites(): void {
  shown = 0;
  void badging()?.clearAppBadge?.()?.catch(() => undefined);
}
