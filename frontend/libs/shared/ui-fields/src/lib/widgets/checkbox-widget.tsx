import { canonicalBool } from '@hostcart/shared-util-fields';
import { FieldError } from './field-error';
import { describedBy, type WidgetProps } from './widget-props';

/** A checkbox: the value is "true" when ticked, else "false" (the boolean|in: rules judge it). */
export function CheckboxWidget({ field, id, value, onChange, onBlur, error, errorId, required }: WidgetProps) {
  return (
    <div className="hc-field hc-field--checkbox">
      <input
        id={id}
        type="checkbox"
        className="hc-checkbox"
        checked={canonicalBool(value) === 'true'}
        aria-required={required || undefined}
        {...describedBy({ error, errorId })}
        onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
        onBlur={onBlur}
      />
      <label htmlFor={id} className="hc-label hc-label--inline">
        {field.label || field.key}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
