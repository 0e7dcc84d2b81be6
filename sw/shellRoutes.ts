import * as z from 'zod/mini';
import { isShellRoute } from '../src/core/routeTable';
import { cacheNames } from '../src/core/protocol';

/** What this worker reads of the runtime configuration: the remotes' routes (the rest is the page's). */
const remoteRoutesSchema = z.lazy(() => z.object({ microFrontends: z.optional(z.array(z.object({ route: z.string() }))) }));

/**
 * The configured remotes' routes, from the configuration's last copy (sw.ts keeps it): a remote
 * served at its own /{route} is one of the shell's routes, offline too. None when there is no copy.
 */
async function cachedRemoteRoutes(): Promise<string[]> {
  try {
    const response = await (await caches.open(cacheNames.config)).match('/config.json');
    const parsed = remoteRoutesSchema.safeParse(response ? await response.json() : null);
    return parsed.success ? (parsed.data.microFrontends ?? []).map((m) => m.route) : [];
  } catch {
    return [];
  }
}

/** SPEC §2: the worker answers a navigation with the shell only for the shell's own routes. */
export async function isShellNavigation(pathname: string): Promise<boolean> {
  // A remote's route only adds to the shell's: the route table's own paths need no read of the copy.
  return isShellRoute(pathname, []) || isShellRoute(pathname, await cachedRemoteRoutes());
}
