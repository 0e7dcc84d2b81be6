import { atom } from '../state/jotai';

/** A new version's service worker is installed and waiting (pwa/appUpdate sets it). */
export const updateWaitingAtom = atom(false);
