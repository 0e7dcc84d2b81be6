import { sendWrite } from '../../pipeline/worker/apiRoutes';
import { replayOutbox } from '../core/replayOutbox';
import { contextIo } from '../../core/crossTab/contextIo';
import { parseTabCommand } from '../../core/pwa/workerMessages';
import { outboxSyncTag as syncTag, workerMessages } from '../../core/protocol';

/** Also in src/outbox/page/outbox.ts (the page registers it; this module must not import the page's code). */


interface SyncEvent extends ExtendableEvent {
  tag: string;
}

/**
 * The service worker replays the outbox with its own pipeline, so each write gets
 * the bearer current at replay time: when a tab asks (start-up, `online`, a new write) and when
 * Background Sync says the network is back, even with no tab open.
 */
export function registerOutboxRoutes(scope: ServiceWorkerGlobalScope): void {
  // The worker's own Web Locks and channels: one replay at a time with every tab's.
  const io = contextIo();
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (parseTabCommand(event.data) !== workerMessages.outboxReplay) return;
    const reply = event.ports[0];
    const work = replayOutbox(sendWrite, scope.location.origin, io).then(
      (report) => reply?.postMessage(report),
      () => reply?.postMessage(null),
    );
    event.waitUntil(work);
  });
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== syncTag) return;
    // A write still waiting fails the sync, so the browser tries again later (with back-off).
    event.waitUntil(
      replayOutbox(sendWrite, scope.location.origin, io).then((report) => {
        if (report.pending > 0) throw new Error(`${report.pending} writes still waiting`);
      }),
    );
  }) as EventListener);
}
