/**
 * SPEC §2 guards as plain async functions, so they can be combined and unit-tested; the router
 * runs them in route loaders (guardLoader.ts).
 */
/**
 * A failure redirects (to `redirect`, else /auth), logs off (a session that ended), or, with
 * `signedOut`, goes to /auth keeping the return URL: there was no session to end.
 */
export type GuardResult = { ok: true } | { ok: false; redirect?: string; logoff?: boolean; signedOut?: boolean };
export type Guard = (url: URL) => Promise<GuardResult>;

export const pass: GuardResult = { ok: true };

/** Combined guard: AND (default) stops at the first failure; OR passes at the first success. */
export function combineGuards(guards: Guard[], mode: 'and' | 'or' = 'and'): Guard {
  return async (url) => {
    let last: GuardResult = pass;
    for (const guard of guards) {
      last = await guard(url);
      if (mode === 'and' && !last.ok) return last;
      if (mode === 'or' && last.ok) return last;
    }
    return last;
  };
}

export interface PermissionRule {
  only?: string[];
  except?: string[];
  redirectTo?: string;
}

/** Permission guard: passes with any `only` permission (when given) and none of `except`. */
export function permissionGuard(rule: PermissionRule, granted: () => ReadonlySet<string>): Guard {
  return () => {
    const held = granted();
    const onlyOk = !rule.only?.length || rule.only.some((p) => held.has(p));
    const exceptOk = !rule.except?.some((p) => held.has(p));
    return Promise.resolve(onlyOk && exceptOk ? pass : { ok: false, ...(rule.redirectTo ? { redirect: rule.redirectTo } : {}) });
  };
}
