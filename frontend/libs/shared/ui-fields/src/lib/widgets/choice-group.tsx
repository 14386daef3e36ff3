import { useId } from 'react';
import type { Choice } from '../choices';

export interface ChoiceGroupProps {
  legend: string;
  /** Radio name; unique per form. */
  name: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  errorId?: string;
  /** Renders the legend visually hidden (a sub-group inside a labelled fieldset). */
  className?: string;
}

/** A radio group (arrow keys move between choices): the fixed-choice pickers are built from it. */
export function ChoiceGroup({ legend, name, choices, value, onChange, onBlur, required, error, errorId, className }: ChoiceGroupProps) {
  const base = useId();
  return (
    <fieldset
      className={className ?? 'hc-choice-group'}
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="hc-label">{legend}</legend>
      {choices.map((c, i) => (
        <label key={c.value} className="hc-choice" htmlFor={`${base}-${i}`}>
          <input
            id={`${base}-${i}`}
            type="radio"
            name={name}
            value={c.value}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
            onBlur={onBlur}
          />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
