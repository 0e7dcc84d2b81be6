import type { ToolPreferences } from '../state/globalStateTypes';

/** Contract permission names (platform-api.yaml Permissions). */
export const productAnalyticsPermission = 'ProductAnalytics';

export interface AnalyticsInputs {
  customerSuccessKey: string | null | undefined;
  permissions: ReadonlySet<string>;
  toolPreferences: ToolPreferences | null;
}

/** SPEC §5: the analytics key must be non-blank. */
export function usableKey(key: string | null | undefined): string | null {
  const trimmed = key?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * SPEC §4: analytics runs only with a non-blank customer success key, the ProductAnalytics
 * permission and ProductImprovements enabled. Unknown preferences (the read failed) count as "no".
 */
export function analyticsAllowed(inputs: AnalyticsInputs): boolean {
  return (
    usableKey(inputs.customerSuccessKey) !== null &&
    inputs.permissions.has(productAnalyticsPermission) &&
    inputs.toolPreferences?.ProductImprovements === true
  );
}

/**
 * The script address: the configured template with every {key} replaced by the URL-encoded key
 * (contract AnalyticsConfig.scriptUrl). Null when analytics is not configured or the key is blank.
 */
export function scriptAddress(template: string | null, key: string | null | undefined): string | null {
  const usable = usableKey(key);
  if (template === null || usable === null) return null;
  return template.split('{key}').join(encodeURIComponent(usable));
}
