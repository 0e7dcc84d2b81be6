/**
 * The address this document was loaded at, until the router has moved elsewhere: the catch-all
 * sends a path the shell does not own to the server by a full page load, except the one the
 * server has just answered with the shell (that one shows /404, so a page never reloads itself).
 */
let loadedAt: string | null = typeof window === 'undefined' ? null : addressOf(window.location);

export function addressOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** True while `location` is the address the document itself was loaded at. */
export function isDocumentLoad(location: { pathname: string; search: string }): boolean {
  return loadedAt === addressOf(location);
}

/** Called on each location the router settles on: once it has left the loaded address, that is over. */
export function settledAt(location: { pathname: string; search: string }): void {
  if (loadedAt !== null && loadedAt !== addressOf(location)) loadedAt = null;
}
