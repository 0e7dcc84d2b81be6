/** STUB (issue 5, branding/theme helper): the member's theme choice in the top bar. */
export function ThemeMenu() {
  return null;
}
