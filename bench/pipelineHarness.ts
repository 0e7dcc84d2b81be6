import { pipelineFetch } from '../src/pipeline/core/pipelineFetch';
import { apiFetch } from '../src/pipeline/page/apiFetch';
import { provideDpop } from '../src/session/core/dpopProvider';

// As the shell's first script does: the DPoP signer for a DPoP session's calls.
provideDpop(() => import('../src/session/core/dpop'));

/**
 * Times `n` sequential platform calls in one of four ways:
 * - shell: the page's entry point for every platform call (apiFetch), with a service worker
 *   controlling the page: for this non-cacheable read, the page prepares it and it skips the worker;
 * - service-worker: a plain fetch, which the controlling service worker runs through the pipeline
 *   (what a cacheable read, a write or a screen's own fetch costs);
 * - in-page: the same pipeline module run by the page (no service worker);
 * - raw: a plain fetch with the headers already attached (the network + platform baseline).
 */
type Mode = 'shell' | 'service-worker' | 'in-page' | 'raw';

const path = '/api/access/v1/permissions';

async function once(mode: Mode, rawHeaders: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response =
    mode === 'shell'
      ? await apiFetch(path)
      : mode === 'in-page'
        ? await pipelineFetch(new Request(path))
        : await fetch(path, mode === 'raw' ? { headers: rawHeaders } : {});
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${mode}: ${path} answered ${response.status}`);
  return performance.now() - started;
}

async function run(mode: Mode, n: number, rawHeaders: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) times.push(await once(mode, rawHeaders));
  return times;
}

/** The stored access token, so the raw baseline can send the very headers the pipeline would. */
function storedToken(): Promise<string> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('trust-shell');
    open.onerror = () => reject(new Error('cannot open the session store'));
    open.onsuccess = () => {
      const get = open.result.transaction('kv').objectStore('kv').get('accessToken');
      get.onerror = () => reject(new Error('cannot read the access token'));
      get.onsuccess = () => resolve(String(get.result));
    };
  });
}

Object.assign(globalThis, { benchPipeline: run, benchToken: storedToken });
