import { lazy, Suspense } from 'react';
import { useAtomValue } from '../../state/jotai';
import { salesModalsAtom } from '../../lib/sales/salesFlow';
import { useAnalytics } from '../../lib/analytics/useAnalytics';
import { StartupFlows } from '../../startup/screens/StartupFlows';
import { TenantContext } from './TenantContext';

// The sales flow's modals (the kit's dialog and form) load when one opens.
const SalesModals = lazy(() => import('../sales/SalesModals.chunk').then((m) => ({ default: m.SalesModals })));

function SalesFlow() {
  const open = useAtomValue(salesModalsAtom).length > 0;
  return open ? (
    <Suspense fallback={null}>
      <SalesModals />
    </Suspense>
  ) : null;
}

/**
 * The signed-in layout's parts that never show on its first screen, loaded once that is on screen
 * (SignedInLayout): the URL tenant context, the start-up flows (which wait for the state anyway),
 * the sales flow, and analytics (events wait in its queue until it has decided). The idle watch
 * stays with the layout: idle time counts from the first screen.
 */
export function AfterFirstScreen() {
  useAnalytics();
  return (
    <>
      <TenantContext />
      <StartupFlows />
      <SalesFlow />
    </>
  );
}

export default AfterFirstScreen;
