import { atom } from '../../state/jotai';

/**
 * SPEC §3 branding as the shell uses it (mapped from the platform's incoming fields). Owned by the
 * branding module; the chrome reads it for the logo and title.
 */
export interface Branding {
  LogoData: string | null;
  Icon: string | null;
  PrimaryColor: string;
  SecondaryColor: string;
  TertiaryColor: string;
  Title: string;
  InheritsFrom: string | null;
  IsInherited: boolean;
  IsWorkspaceNavigation: boolean;
}

/** The current tenant's branding; null before it is known or when the call failed (defaults apply). */
export const brandingAtom = atom<Branding | null>(null);
/** Branding resources keyed by resourceName (favicon, tabTitle, …). */
export const brandingResourcesAtom = atom<Readonly<Record<string, string>>>({});
