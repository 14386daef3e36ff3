/** One labelled input inside a family widget (PO box, street, tenants, basic info, place). */
export function SubInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  required,
  invalid,
  describedBy,
  autoComplete = 'off',
  inputMode,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  disabled?: boolean;
}) {
  return (
    <div className="hc-field hc-family__input">
      <label htmlFor={id} className="hc-label">
        {label}
      </label>
      <input
        id={id}
        className="hc-input"
        type="text"
        value={value}
        required={required}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
