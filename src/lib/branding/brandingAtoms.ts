import { atom } from '../../state/jotai';

/**
 * SPEC §3 branding as the shell uses it (mapped from the platform's incoming fields by
 * ./brandingMapping.ts, every field already checked). Owned by the branding module; the chrome
 * reads it for the logo and title, the 404 page for the login logo (Icon).
 */
export interface Branding {
  /** The tenant logo (contract ImageData); null → the default logo. */
  LogoData: string | null;
  /** The login logo (loginLogoData, ImageData); null → the content object's loginLogo, else the default. */
  Icon: string | null;
  /** #RRGGBB; #FFFFFF when missing or invalid. */
  PrimaryColor: string;
  SecondaryColor: string;
  TertiaryColor: string;
  /** Plain text; empty when missing or refused. */
  Title: string;
  InheritsFrom: string | null;
  IsInherited: boolean;
  IsWorkspaceNavigation: boolean;
}

/** The current tenant's branding; null before it is known or when the call failed (defaults apply). */
export const brandingAtom = atom<Branding | null>(null);
/** Branding resources keyed by resourceName (favicon, tabTitle, …); values not yet checked per use. */
export const brandingResourcesAtom = atom<Readonly<Record<string, string>>>({});
