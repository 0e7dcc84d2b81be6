import { lazy, Suspense, useEffect } from 'react';
import { updateWaitingAtom } from '../../pwa/updateState';
import { appStore, useAtomValue } from '../../state/jotai';
import { updateBarsAtom } from './updateSlot';

// Loaded only once an update waits: its code stays out of every page's start (the /auth budget).
const UpdateIndicator = lazy(() => import('./UpdateIndicator.chunk'));

/**
 * "A new version is available" while a new service worker waits. `bar`: in the top bar (the
 * signed-in layout); `page`: in a corner, on pages without that bar.
 */
export function UpdateNotice({ where }: { where: 'bar' | 'page' }) {
  const waiting = useAtomValue(updateWaitingAtom);
  const bars = useAtomValue(updateBarsAtom);
  useEffect(() => {
    if (where !== 'bar') return;
    appStore.set(updateBarsAtom, (n) => n + 1);
    return () => appStore.set(updateBarsAtom, (n) => n - 1);
  }, [where]);
  if (!waiting || (where === 'page' && bars > 0)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateIndicator where={where} />
    </Suspense>
  );
}
