import type { AccessClaims } from '../../session/core/claims';
import type { CurrentUser, NavigationConfig, ToolPreferences } from '../state/globalStateTypes';

/** SPEC §3 "Analytics identity" in the agent's shape: a visitor, an account and a global context. */
export interface AnalyticsVisitor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  surveys_custom: boolean;
  guidedTours_custom: boolean;
  onboardingBot_custom: boolean;
  timeZone: string;
  rootOrg: string;
  NewNavigationEnabled: boolean;
}

export interface AnalyticsIdentity {
  visitor: AnalyticsVisitor;
  account: { id: string };
  globalContext: { version: string; tenantGuid: string };
}

export interface IdentitySources {
  claims: Pick<AccessClaims, 'guid' | 'tenantGuid' | 'authorities' | 'role' | 'root' | 'email'>;
  user: CurrentUser | null;
  toolPreferences: ToolPreferences | null;
  navigation: NavigationConfig;
  version: string;
  timeZone: string;
}

/** SPEC §6: the authority Site Admin is reported as the role. */
export const siteAdminAuthority = 'Site Admin';

/** The browser's IANA time zone; '' when Intl cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/**
 * Builds the identity sent to the agent. The *_custom flags mirror the member's tool preferences:
 * surveys ← UserFeedback, guided tours ← UserGuidance, onboarding bot ← UserGuidance (both are
 * in-product guidance). NewNavigationEnabled is the workspace navigation (showLegacyNavigation
 * false, contract NavigationConfiguration). Ids come from the token, so they match the platform's.
 */
export function buildIdentity(sources: IdentitySources): AnalyticsIdentity {
  const { claims, user, toolPreferences } = sources;
  return {
    visitor: {
      id: claims.guid,
      firstName: user?.FirstName ?? '',
      lastName: user?.LastName ?? '',
      email: user?.Email || claims.email,
      role: claims.authorities.includes(siteAdminAuthority) ? siteAdminAuthority : claims.role,
      surveys_custom: toolPreferences?.UserFeedback ?? false,
      guidedTours_custom: toolPreferences?.UserGuidance ?? false,
      onboardingBot_custom: toolPreferences?.UserGuidance ?? false,
      timeZone: sources.timeZone,
      rootOrg: claims.root,
      NewNavigationEnabled: !sources.navigation.showLegacyNavigation,
    },
    account: { id: claims.tenantGuid },
    globalContext: { version: sources.version, tenantGuid: claims.tenantGuid },
  };
}
