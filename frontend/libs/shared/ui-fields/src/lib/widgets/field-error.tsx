/** The message under an input; its id is what the input's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="hc-field-error">
      {message}
    </p>
  );
}
