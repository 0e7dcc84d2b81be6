/** Paths a navigation must reach the network for (platform redirects, emulator pages, control API). */
export const navigationDenylist: RegExp[] = [
  /^\/api\//,
  /^\/[A-Za-z0-9-]{1,64}\/api\//,
  /^\/authentication\//,
  /^\/access\//,
  /^\/seed-translations\//,
  /^\/oidc\//,
  /^\/crm\//,
  /^\/remotes\//,
  /^\/__control\//,
  /^\/config\.json$/,
];
