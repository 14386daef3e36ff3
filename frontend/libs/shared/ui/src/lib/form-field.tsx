import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** Message key of the field's error (client rule or the server's first message). */
  error?: string;
  errorParams?: Record<string, string | number>;
  required?: boolean;
  /** Extra content after the input, e.g. a datalist. */
  after?: ReactNode;
}

/** A labelled text input with its error below, tied together for screen readers. */
export function FormField({ label, registration, error, errorParams, required, after, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="hc-field">
      <label htmlFor={id} className="hc-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="hc-input"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
        {...registration}
      />
      {after}
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label, ...errorParams })}
        </p>
      )}
    </div>
  );
}

