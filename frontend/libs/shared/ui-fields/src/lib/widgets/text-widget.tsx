import { LabelledInput } from './labelled-input';
import type { WidgetProps } from './widget-props';

/**
 * A one-line text input (input_component text, and the fallback for unknown components). A field
 * the catalog marks secret (is_secret) is typed into a password input: not shown on screen, and
 * the browser neither suggests nor offers to fill a saved password into it.
 */
export function TextWidget({ field, required, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  const secret = field.is_secret === true;
  return (
    <LabelledInput
      label={field.label || field.key}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : undefined}
      required={required}
      {...{ id, value, onChange, onBlur, error, errorId }}
    />
  );
}
