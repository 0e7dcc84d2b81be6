import * as z from 'zod/mini';
import { storageKeys } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/localStore';
import { parseBannerList, type AlertBanner } from './alertSchemas';

/**
 * The last start-up run's alert banners, kept for the next start in the same member scope (member,
 * tenant, organisation group and role: `memberScopeKey`) and language: the banner area shows them with the live chrome, so the platform's answer
 * (most often the same banners) moves nothing under them. They go with the session (the storage
 * inventory). Storage is anyone's on this origin: each banner comes back through the contract's
 * schema, and its message is sanitised where it is shown, as the platform's are.
 */
const keptSchema = z.lazy(() => z.object({ scopeKey: z.string(), language: z.string(), banners: z.array(z.unknown()) }));

export function keepBanners(scopeKey: string, language: string, banners: readonly AlertBanner[]): void {
  // Quietly: a refused write costs the next start a banner's late arrival, nothing the member saved.
  writeLocal(storageKeys.keptBanners, JSON.stringify({ scopeKey, language, banners }), { quiet: true });
}

/** The kept banners of `scopeKey` in `language`; none for another scope or language, or a broken entry. */
export function keptBanners(scopeKey: string, language: string): AlertBanner[] {
  const raw = readLocal(storageKeys.keptBanners);
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = keptSchema.safeParse(value);
  if (!parsed.success || parsed.data.scopeKey !== scopeKey || parsed.data.language.toLowerCase() !== language.toLowerCase()) return [];
  return parseBannerList(parsed.data.banners) ?? [];
}
