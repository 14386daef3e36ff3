import type { CountryOption, FieldDef } from '../types';

/** One editable input: its value, handlers and the ids that tie label, help and error to it. */
export interface InputBinding {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Translated message of the first problem shown now. */
  error?: string;
  errorId: string;
}

/** What every widget gets from the fields form. */
export interface WidgetProps extends InputBinding {
  field: FieldDef;
  required: boolean;
  /** Countries of the countries API (country widget). */
  countries: readonly CountryOption[];
  /** The confirm input of a password widget. */
  confirm?: InputBinding;
  /** Every value of the form by field key (the power-of-attorney widgets read each other's). */
  values?: Readonly<Record<string, string>>;
}

/** aria attributes of an input with an optional error and help text. */
export function describedBy(b: Pick<InputBinding, 'error' | 'errorId'>, helpId?: string) {
  const ids = [b.error ? b.errorId : undefined, helpId].filter(Boolean).join(' ');
  return { 'aria-invalid': b.error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}
