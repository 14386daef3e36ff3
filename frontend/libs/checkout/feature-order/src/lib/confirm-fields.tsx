import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled control (input, select, textarea) with its message below, tied together for screen readers. */
export function TextField({ id, label, error, params, children }: { id: string; label: string; error?: string; params?: Record<string, number>; children: (p: ControlProps) => ReactNode }) {
  const { t } = useTranslation();
  const inputId = `feedback-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="hc-field">
      <label htmlFor={inputId} className="hc-label">
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label, ...params })}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label, the document it refers to, a hint and its message. */
export function Check({
  id,
  label,
  hint,
  link,
  linkLabel,
  required,
  registration,
  error,
}: {
  id: string;
  label: string;
  /** Which products the agreement is for. */
  hint?: string;
  link?: string;
  linkLabel?: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation();
  const inputId = `feedback-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="hc-field hc-field--checkbox">
      <div className="hc-checkbox">
        <input id={inputId} type="checkbox" aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={[hint ? `${inputId}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined} {...registration} />
        <label htmlFor={inputId}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      </div>
      {link && (
        <a className="hc-confirm__consent-link" href={link} target="_blank" rel="noreferrer">
          {linkLabel}
        </a>
      )}
      {hint && (
        <p id={`${inputId}-hint`} className="hc-hint hc-confirm__consent-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label })}
        </p>
      )}
    </div>
  );
}
