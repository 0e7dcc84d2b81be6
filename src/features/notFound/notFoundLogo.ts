import { isImageData } from '../../lib/branding/imageData';
import { storageKeys } from '../../lib/storage/keys';
import { readLocal } from '../../lib/storage/localStore';

/**
 * SPEC §2 404 logo: the branding login logo (Icon), else the content object's loginLogo, else the
 * default logo (null here). Every candidate must be contract ImageData; a bad one is skipped.
 */
export function notFoundLogo(brandingIcon: string | null | undefined, contentLoginLogo: unknown): string | null {
  if (isImageData(brandingIcon)) return brandingIcon;
  if (isImageData(contentLoginLogo)) return contentLoginLogo;
  return null;
}

/** The loginLogo of the content object kept signed out (src/lib/auth/anonymousState.ts). */
export function storedContentLoginLogo(): unknown {
  try {
    const content: unknown = JSON.parse(readLocal(storageKeys.content) ?? 'null');
    return typeof content === 'object' && content !== null ? (content as { loginLogo?: unknown }).loginLogo : null;
  } catch {
    return null;
  }
}
