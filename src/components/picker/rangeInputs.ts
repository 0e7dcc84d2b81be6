/**
 * SPEC §8 component misuse, for the date-range input: it needs exactly one start input and one
 * end input. Anything else is a developer error, thrown while rendering so it cannot go unnoticed.
 */
export type RangeInputRole = 'start' | 'end';

export function checkRangeInputs(roles: readonly RangeInputRole[]): void {
  for (const role of ['start', 'end'] as const) {
    const count = roles.filter((r) => r === role).length;
    const tag = role === 'start' ? '<DateRangeInput.Start />' : '<DateRangeInput.End />';
    if (count === 0) {
      throw new Error(`DateRangeInput: a range input needs a start input and an end input; the ${role} input (${tag}) is missing.`);
    }
    if (count > 1) {
      throw new Error(`DateRangeInput: a picker can be connected to one ${role} input only; found ${count} (${tag}).`);
    }
  }
}
