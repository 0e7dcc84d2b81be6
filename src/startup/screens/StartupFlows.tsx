import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { finishBenchmarking, finishMaintenance, finishProductImprovements } from '../page/runChecks';
import { useStartupRun } from './useStartupRun';
import './startup.css';

// Each modal's code (the kit's dialog, form fields, the sanitiser) loads when its turn comes: the
// start-up run decides after the first screen, and most start-ups show none.
const MaintenanceModal = lazy(() => import('./MaintenanceModal.chunk').then((m) => ({ default: m.MaintenanceModal })));
const BenchmarkingModal = lazy(() => import('./BenchmarkingModal.chunk').then((m) => ({ default: m.BenchmarkingModal })));
const ProductImprovementsModal = lazy(() => import('./ProductImprovementsModal.chunk').then((m) => ({ default: m.ProductImprovementsModal })));

/** SPEC §2 benchmarking modal: LearnMore goes here (a route served outside the shell). */
export const benchmarkingReportPath = '/reporting/benchmarking';

/**
 * SPEC §4 start-up flows, mounted once by the signed-in layout: the queued start-up dialogs, one at
 * a time. Each outcome's request is sent in the background; its errors are ignored (SPEC §8).
 */
export function StartupFlows() {
  const navigate = useNavigate();
  const { current, close } = useStartupRun();
  if (!current) return null;
  return <Suspense fallback={null}>{modalFor(current, close, navigate)}</Suspense>;
}

function modalFor(current: NonNullable<ReturnType<typeof useStartupRun>['current']>, close: () => void, navigate: ReturnType<typeof useNavigate>) {
  switch (current.kind) {
    case 'maintenance':
      return (
        <MaintenanceModal
          key="maintenance"
          alert={current.alert}
          onClose={(doNotShowAgain) => {
            close();
            void finishMaintenance(current.alert, doNotShowAgain);
          }}
        />
      );
    case 'benchmarking':
      return (
        <BenchmarkingModal
          key="benchmarking"
          notification={current.notification}
          onClose={(outcome) => {
            close();
            void finishBenchmarking(current.notification, outcome);
            if (outcome === 'learnMore') void navigate(benchmarkingReportPath);
          }}
        />
      );
    case 'productImprovements':
      return (
        <ProductImprovementsModal
          key="productImprovements"
          onClose={(outcome) => {
            close();
            // The modal closes whether the save succeeds or fails (SPEC §4, §8).
            void finishProductImprovements(current.preferences, outcome);
          }}
        />
      );
  }
}
