/** STUB (issue 5, start-up helper): the once-per-session modals and the release alert banner run. */
export function StartupFlows() {
  return null;
}
