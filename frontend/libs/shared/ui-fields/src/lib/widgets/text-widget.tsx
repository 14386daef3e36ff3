import { LabelledInput } from './labelled-input';
import type { WidgetProps } from './widget-props';

/** A one-line text input (input_component text, and the fallback for unknown components). */
export function TextWidget({ field, required, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  return <LabelledInput label={field.label || field.key} type="text" required={required} {...{ id, value, onChange, onBlur, error, errorId }} />;
}
