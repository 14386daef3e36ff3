import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import { describedBy, type InputBinding } from './widget-props';

export interface LabelledInputProps extends InputBinding {
  label: string;
  type: 'text' | 'password';
  required: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  /** Id of a help text the input is also described by. */
  helpId?: string;
  /** Rendered between the input and its error (help text, lookup sites). */
  children?: ReactNode;
}

/** A labelled one-line input with its error: the base of the text, D-U-N-S and password widgets. */
export function LabelledInput({ label, type, required, autoComplete = 'off', inputMode, helpId, children, ...b }: LabelledInputProps) {
  return (
    <div className="hc-field">
      <label htmlFor={b.id} className="hc-label">
        {label}
      </label>
      <input
        id={b.id}
        className="hc-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={b.value}
        aria-required={required || undefined}
        {...describedBy(b, helpId)}
        onChange={(e) => b.onChange(e.target.value)}
        onBlur={b.onBlur}
      />
      {children}
      <FieldError id={b.errorId} message={b.error} />
    </div>
  );
}
