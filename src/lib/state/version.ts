/** SPEC §7: the product version is the text before the first "|", trimmed; 0.0.0 when absent or empty. */
export const fallbackVersion = '0.0.0';

export function parseVersion(text: string | null | undefined): string {
  if (typeof text !== 'string') return fallbackVersion;
  const version = text.split('|', 1)[0]?.trim() ?? '';
  // Plain text from the server is shown in the chrome: only a version-like token is accepted.
  return version && version.length <= 64 && /^[\w.+-]+$/.test(version) ? version : fallbackVersion;
}
