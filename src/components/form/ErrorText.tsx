/** A field's error message, referenced by the control's aria-describedby; nothing when valid. */
export function ErrorText({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}
