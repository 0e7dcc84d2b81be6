import * as z from 'zod/mini';
import { apiFetch } from '../../pipeline/page/apiFetch';

const samlUserTypeSchema = z.lazy(() => z.object({
  IsEnabled: z.boolean(),
  IdentityProviderSignOutUrl: z.nullable(z.string()),
  IsOpenSaml4: z.boolean(),
}));
export type SamlUserType = z.infer<typeof samlUserTypeSchema>;

/** SPEC §7 user-type lookup; any failure or malformed answer is null (SPEC §8). */
export async function lookupSamlUserType(email: string): Promise<SamlUserType | null> {
  try {
    const response = await apiFetch('/api/access/v1/saml-settings/user-type', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Email: email }),
    });
    if (!response.ok) return null;
    const parsed = samlUserTypeSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Contract rule: after logoff, a SAML user with a sign-out address goes through the platform's SAML logout. */
export function samlLogoutPath(type: SamlUserType | null, email: string): string | null {
  if (!type?.IsEnabled || !type.IdentityProviderSignOutUrl) return null;
  const base = type.IsOpenSaml4 ? '/authentication/saml2/logout' : '/access/v1/saml/logout';
  return `${base}?email=${encodeURIComponent(email)}`;
}
