import { atom } from '../../state/jotai';
import type { Member } from './reSignInRules';

/** The page waiting for its member to sign in again over it (`reSignIn.ts`); the layout shows the dialog while set. */
export interface ReSignIn {
  /** Whose the page is. */
  member: Member;
  /** The e-mail they signed in with (offered in the dialog). */
  email: string;
}

export const reSignInAtom = atom<ReSignIn | null>(null);
