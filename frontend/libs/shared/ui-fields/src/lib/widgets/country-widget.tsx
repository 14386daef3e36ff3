import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';
import { describedBy, type WidgetProps } from './widget-props';

/** A country picker fed by the countries API, sorted by the countries' order. */
export function CountryWidget({ field, id, value, onChange, onBlur, error, errorId, required, countries }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <div className="hc-field">
      <label htmlFor={id} className="hc-label">
        {field.label || field.key}
      </label>
      <select
        id={id}
        className="hc-input"
        value={value}
        aria-required={required || undefined}
        {...describedBy({ error, errorId })}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{t('fields_form.choose_country')}</option>
        {[...countries]
          .sort((a, b) => a.order - b.order)
          .map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
