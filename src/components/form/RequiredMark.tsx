/** SPEC §5: a required field shows an asterisk (hidden from screen readers, which hear `required`). */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  if (!required) return null;
  return (
    <span className="field__required" aria-hidden="true">
      *
    </span>
  );
}
