/** STUB (issue 5, banners helper): maintenance and alert banners, and the sandbox banner. */
export function BannerArea() {
  return null;
}
