/**
 * Deterministic ids: every tenant, user, organisation and schedule gets the same UUID on every
 * run, so end-to-end tests and saved fixtures can name them.
 */
import { createHash } from 'node:crypto';

/** A name-based UUID (version 5 layout over SHA-1 of a namespaced name). */
export function uuidFor(name: string): string {
  const hash = createHash('sha1').update(`trust-shell-emulator:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A cheap sequential UUID for the generated 50,000-node tree (hashing 50,000 names would work
 * too, but this keeps the first load of the big tree fast).
 */
export function sequentialUuid(prefix8: string, n: number): string {
  return `${prefix8}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
