/**
 * STUB (issue 5, organisation-tree helper replaces the bodies; keep the signatures).
 *
 * The init answer can carry a 50,000-node tree, so its body is handed over as bytes and parsed off
 * the main thread: the organisations stay in the worker, the rest of the state comes back.
 */
export interface IngestOptions {
  /** Per user-and-tenant key (the tree is kept for an offline start). */
  scopeKey: string;
  /** Root organisation of the current organisation group (access token claim `root`). */
  rootOrgId: string | null;
}

/**
 * Parses the init answer (JSON bytes), keeps and builds its `organizations` (with Login the full tree;
 * without Login the single node from /users/current/organizations) and returns the parsed state
 * without `organizations`. Throws when the bytes are not JSON.
 */
export async function ingestGlobalState(body: ArrayBuffer, options: IngestOptions): Promise<unknown> {
  void options;
  const parsed = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
  delete parsed.organizations;
  return parsed;
}

/** Offline start: the tree kept for this user and tenant; false when none is kept. */
export async function restoreStoredOrgTree(scopeKey: string): Promise<boolean> {
  void scopeKey;
  return false;
}

/** Sign-out: the tree leaves memory and storage. */
export async function clearOrgTree(): Promise<void> {}
