import type { RefObject } from 'react';

/** STUB (issue 5, links helper): community-app link rewriting and browsing history under `root`. */
export function useShellLinks(root: RefObject<HTMLElement | null>): void {
  void root;
}
