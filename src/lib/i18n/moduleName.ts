/**
 * Contract ModuleName: a translation module's name is one safe path segment of the tenant-custom
 * route, so a name can never reach another path ('/', '..', '%2F' and the like are refused).
 */
const moduleName = /^[A-Za-z0-9_-]{1,64}$/;

export function isModuleName(value: unknown): value is string {
  return typeof value === 'string' && moduleName.test(value);
}

/** Why `value` is not a module name (for a remote's error), or null when it is one. */
export function moduleNameProblem(value: unknown): string | null {
  if (isModuleName(value)) return null;
  const shown = typeof value === 'string' ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) : typeof value;
  return `${shown} is not a module name: one path segment of 1 to 64 letters, digits, '_' or '-'`;
}
