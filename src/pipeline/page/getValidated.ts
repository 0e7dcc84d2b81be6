import type * as z from 'zod/mini';
import { apiFetch } from './apiFetch';

/**
 * A platform read validated at the edge: the answer if the call succeeded and the body matches its
 * contract schema, else null — a network error, a non-2xx status and a body off the contract all
 * take the caller's SPEC §8 fall-back the same way. `read`: the network (the pipeline, unless a
 * module is handed another: the signed-in start's StartupNetwork).
 */
export async function getValidated<T>(path: string, schema: z.ZodMiniType<T>, read: (path: string) => Promise<Response> = apiFetch): Promise<T | null> {
  try {
    const response = await read(path);
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
