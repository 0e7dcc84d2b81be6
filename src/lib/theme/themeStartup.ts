import * as z from 'zod/mini';
import { appStore } from '../../state/jotai';
import { getValidated } from '../../pipeline/page/getValidated';
import { themeEnabledAtom } from '../state/signedInState';
import { initTheme, knownThemes } from './theme';

/**
 * Start-up theme (SPEC §4): GET /api/atlas/v1/theme, then the stored valid theme, else the server
 * default; with switching disabled the server theme. A failed call — including an answer off the
 * contract, such as a theme outside ThemeName — means switching off with the stored or default theme
 * (SPEC §8).
 */
export const themeResponseSchema = z.lazy(() => z.object({ themeEnabled: z.boolean(), theme: z.enum(knownThemes) }));

export async function loadSignedInTheme(): Promise<void> {
  const server = await getValidated('/api/atlas/v1/theme', themeResponseSchema);
  appStore.set(themeEnabledAtom, server?.themeEnabled ?? false);
  initTheme(server);
}
