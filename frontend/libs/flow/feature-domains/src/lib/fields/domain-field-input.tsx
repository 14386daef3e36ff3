import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdditionalField, Country } from '@hostcart/shared-data-access-api';

export interface DomainFieldInputProps {
  field: AdditionalField;
  registration: UseFormRegisterReturn;
  countries: readonly Country[];
  /** Translated message of the field's first problem. */
  error: string | undefined;
}

const isRequired = (rules: string) => rules.split('|').some((r) => r.trim() === 'required');

/** One additional field of a domain: a country picker or a text input, with its error. */
export function DomainFieldInput({ field, registration, countries, error }: DomainFieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': isRequired(field.validation_rules) || undefined,
  } as const;
  return (
    <div className="hc-field">
      <label htmlFor={id} className="hc-label">
        {field.label || field.key}
      </label>
      {field.input_component === 'country' ? (
        <select className="hc-input" {...common} {...registration}>
          <option value="">{t('domains.fields.choose_country')}</option>
          {[...countries]
            .sort((a, b) => a.order - b.order)
            .map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
        </select>
      ) : (
        <input className="hc-input" type="text" autoComplete="off" spellCheck={false} {...common} {...registration} />
      )}
      {error && (
        <p id={errorId} className="hc-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
