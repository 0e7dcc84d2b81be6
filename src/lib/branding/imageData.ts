/**
 * Contract ImageData: a base64 data URL of an image, an absolute http(s) URL or a root-relative
 * path. Logos and favicons only ever come from values that pass it (no javascript:, no
 * data:text/html, no protocol-relative //host paths).
 */
const imageDataPattern = /^(data:image\/[A-Za-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}|https?:\/\/\S+|\/(?!\/)\S*)$/;

export function isImageData(value: unknown): value is string {
  return typeof value === 'string' && imageDataPattern.test(value);
}

export function imageDataOrNull(value: unknown): string | null {
  return isImageData(value) ? value : null;
}
