import { atom } from '../../state/jotai';

/**
 * How many top bars show the update indicator right now (the signed-in layout's does). While one
 * does, the page-level indicator (sign-in page, UI kit, not-found page) stays away.
 */
export const updateBarsAtom = atom(0);
