import { useTranslation } from 'react-i18next';
import { readAuthorization, type AuthorizationValue } from '@hostcart/shared-util-fields';
import { FieldError } from './field-error';
import type { WidgetProps } from './widget-props';

/** Private and business authorisation (spec §2). Value: {"private","business"}; one is needed. */
export function PpoaAuthorizationWidget({ field, id, value, onChange, onBlur, error, errorId, required }: WidgetProps) {
  const { t } = useTranslation();
  const a = readAuthorization(value);
  const set = (patch: Partial<AuthorizationValue>) => onChange(JSON.stringify({ ...a, ...patch }));
  return (
    // A group takes no aria-required: the checkboxes carry required-ness and the error.
    <fieldset className="hc-field-group hc-family" aria-describedby={error ? errorId : undefined}>
      <legend className="hc-label">{field.label || field.key}</legend>
      {(['private', 'business'] as const).map((kind) => (
        <div key={kind} className="hc-field hc-field--checkbox hc-family__check">
          <input
            id={kind === 'private' ? id : `${id}-${kind}`}
            type="checkbox"
            checked={a[kind]}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined} onChange={(e) => set({ [kind]: e.target.checked })} onBlur={onBlur} />
          <label htmlFor={kind === 'private' ? id : `${id}-${kind}`} className="hc-label hc-label--inline">
            {t(`families.authorization.${kind}`)}
          </label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
