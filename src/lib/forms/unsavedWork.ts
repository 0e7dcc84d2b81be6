import { useEffect } from 'react';

/**
 * Which screens hold input not yet saved, right now, in this page: a form declares it while its
 * react-hook-form `isDirty` is true (`useUnsavedWork`), a remote through the host API. Read when the
 * session ends, to decide whether the member signs in again over the page (`session/reSignInRules`).
 */
const holders = new Set<symbol>();

export interface UnsavedWork {
  /** True while the screen holds input not yet saved. */
  set: (dirty: boolean) => void;
  /** The screen is gone: whatever it held no longer counts. */
  release: () => void;
}

export function declareUnsavedWork(): UnsavedWork {
  const id = Symbol('unsaved-work');
  return {
    set: (dirty) => void (dirty ? holders.add(id) : holders.delete(id)),
    release: () => void holders.delete(id),
  };
}

export function hasUnsavedWork(): boolean {
  return holders.size > 0;
}

/** A form's part: `useUnsavedWork(formState.isDirty)`. */
export function useUnsavedWork(dirty: boolean): void {
  useEffect(() => {
    const work = declareUnsavedWork();
    work.set(dirty);
    return work.release;
  }, [dirty]);
}
