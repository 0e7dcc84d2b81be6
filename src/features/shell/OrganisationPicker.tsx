/** STUB (issue 5, organisation-tree helper): the virtualised, searchable organisation picker. */
export function OrganisationPicker() {
  return null;
}
