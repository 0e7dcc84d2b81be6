/**
 * The one entry point to jotai: atoms are declared next to the module that owns them, and the
 * store below is the same one React renders with, so plain modules can read and write state too.
 */
import { createStore } from 'jotai';

export { atom, useAtom, useAtomValue, useSetAtom, Provider } from 'jotai';
export type { PrimitiveAtom } from 'jotai';

export const appStore = createStore();
