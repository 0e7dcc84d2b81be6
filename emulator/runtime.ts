/**
 * The emulator's live parts in one object. `reset()` in index.ts swaps every mutable part for a
 * fresh one; the signing key and the translation files stay (they are not state a test changes).
 */
import type { FaultTable } from './faults.ts';
import type { IdempotencyCache } from './idempotency.ts';
import type { RequestLog } from './log.ts';
import type { OverrideTable } from './overrides.ts';
import type { Store } from './store.ts';
import type { TokenService } from './tokens.ts';
import type { DpopState } from './dpop.ts';
import type { RefreshGrace } from './refreshGrace.ts';
import type { TranslationFiles } from './data/translations.ts';

export interface Runtime {
  store: Store;
  log: RequestLog;
  faults: FaultTable;
  overrides: OverrideTable;
  idempotency: IdempotencyCache;
  tokens: TokenService;
  translations: TranslationFiles;
  dpop: DpopState;
  grace: RefreshGrace;
}
