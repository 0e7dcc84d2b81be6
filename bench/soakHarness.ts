import { pipelineFetch } from '../src/pipeline/core/pipelineFetch';
import { provideDpop } from '../src/session/core/dpopProvider';
import { readAccessToken, readStoredAuth } from '../src/session/core/sessionDb';
import { parseAccessClaims } from '../src/session/core/claims';

// As the shell's first script does: the DPoP signer for a DPoP session's calls.
provideDpop(() => import('../src/session/core/dpop'));

/**
 * One tab of the soak: a read and, when asked, a write, each through the page's own pipeline (a
 * 401 there is one refresh for all tabs, then one retry). A write is kept and sent again with the
 * same Idempotency-Key until the platform answers it, as the outbox does; it is lost only if it
 * never is (or the session ended).
 */
async function soakRead(): Promise<number> {
  try {
    const response = await pipelineFetch(new Request('/api/access/v1/permissions'));
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function soakWrite(key: string, tries = 6): Promise<number> {
  const guid = parseAccessClaims(await readAccessToken())?.guid;
  if (!guid) return 0;
  const body = JSON.stringify([
    { key: 'dateFormat', value: 'MM/DD/YYYY' },
    { key: 'timeFormat', value: '24Hour' },
  ]);
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      const response = await pipelineFetch(
        new Request(`/api/globalization/v1/ui-settings/user/${guid}/preferences`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body,
        }),
      );
      if (response.status < 500) return response.status;
    } catch {
      // No answer: sent again with the same key.
    }
  }
  return 0;
}

/** Still signed in: the session store holds an auth object. */
async function soakSignedIn(): Promise<boolean> {
  return (await readStoredAuth()) !== null;
}

Object.assign(globalThis, { soakRead, soakWrite, soakSignedIn });
