import * as z from 'zod/mini';
import { getValidated } from '../../pipeline/page/getValidated';
import { storageKeys } from '../storage/keys';
import { writeLocal } from '../storage/localStore';
import { imageDataOrNull } from '../branding/imageData';

/**
 * The pre-login resolver's data (SPEC §2 resolver): no-auth-init (languages, content, resources)
 * and the login-page branding resources, fetched signed out (/auth appended, no token).
 */
export const languageSchema = z.lazy(() => z.object({ Id: z.number(), Code: z.string(), Name: z.string(), IsRtl: z.boolean() }));
const resourceListSchema = z.lazy(() => z.array(z.object({ resourceName: z.string().check(z.minLength(1)), value: z.string() })));
const anonymousStateSchema = z.lazy(() => z.object({
  languages: z.array(languageSchema).check(z.minLength(1)),
  content: z.looseObject({ loginLogo: z.nullable(z.string()), License: z.nullable(z.string()), CustomerSuccessKey: z.nullable(z.string()) }),
  resources: resourceListSchema,
}));

export type Language = z.infer<typeof languageSchema>;
export interface AnonymousState {
  languages: Language[];
  loginLogo: string | null;
}


const fallbackLanguages: Language[] = [{ Id: 0, Code: 'en-us', Name: 'English (US)', IsRtl: false }];

export async function loadAnonymousState(): Promise<AnonymousState> {
  const [state, resources] = await Promise.all([
    getValidated('/api/global-state/v1/no-auth-init', anonymousStateSchema),
    getValidated('/api/branding/v1/resources/groups/login-page/auth', resourceListSchema),
  ]);
  if (state) writeLocal(storageKeys.content, JSON.stringify(state.content));
  // The login logo: the branding resource, else the content object's, else the default asset.
  const resourceLogo = resources?.find((r) => r.resourceName === 'loginLogo')?.value;
  const loginLogo = imageDataOrNull(resourceLogo) ?? imageDataOrNull(state?.content.loginLogo);
  return { languages: state?.languages ?? fallbackLanguages, loginLogo };
}
