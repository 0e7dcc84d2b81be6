import { isAnything, readClaims, readKv, readStoredAuth, sessionKeys } from '../../session/core/sessionDb';
import { chromeSnapshotKey } from '../../session/core/sessionKeys';
import { isLanguage } from '../../session/core/sessionSnapshot';
import { paintableSnapshot, type ChromeSnapshot } from './snapshot';


/**
 * The kept copy that may be painted now (paintableSnapshot), from the session store: what the
 * service worker serves in a page and what the page's pre-paint paints or adopts. In the page,
 * these four reads are the ones its first script asked for early (src/boot.ts).
 */
export async function readPaintableSnapshot(): Promise<ChromeSnapshot | null> {
  const [auth, claims, language, snapshot] = await Promise.all([readStoredAuth(), readClaims(), readKv(sessionKeys.language, isLanguage), readKv(chromeSnapshotKey, isAnything)]);
  return paintableSnapshot(snapshot, { auth, claims, language });
}
