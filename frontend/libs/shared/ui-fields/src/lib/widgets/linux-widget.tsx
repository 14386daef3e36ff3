import { LINUX_DISTRIBUTIONS } from '../choices';
import { ChoiceGroup } from './choice-group';
import { FieldError } from './field-error';
import type { WidgetProps } from './widget-props';

/** The Linux distribution picker: fixed choices (spec §2). */
export function LinuxWidget({ field, id, value, onChange, onBlur, error, errorId, required }: WidgetProps) {
  return (
    <div className="hc-field">
      <ChoiceGroup
        legend={field.label || field.key}
        name={id}
        choices={LINUX_DISTRIBUTIONS}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        required={required}
        error={error}
        errorId={errorId}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
