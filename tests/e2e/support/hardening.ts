import { test } from '@playwright/test';

/** What a hardening test tried: the summary counts these per kind. */
export type AttemptKind = 'payload' | 'redirect' | 'token' | 'schema' | 'storage' | 'fault';

export const attemptAnnotation = (kind: AttemptKind): string => `hardening:${kind}`;

/**
 * Records, on the running test, the hostile inputs or faults it tried, by name. The hardening
 * reporter (tests/e2e/support/hardeningReporter.ts) prints how many of each kind were tried and
 * how many got through: those of a test whose final attempt did not pass.
 */
export function recordAttempts(kind: AttemptKind, names: readonly string[]): void {
  test.info().annotations.push(...names.map((description) => ({ type: attemptAnnotation(kind), description })));
}
