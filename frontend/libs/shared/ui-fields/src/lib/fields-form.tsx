import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetFor } from './field-widget';
import { fieldsShown, isRequiredField, valuesToSave } from './field-rules';
import type { CountryOption, FieldDef, FieldMessage, FieldValueEntry, ServerFieldErrors } from './types';
import { confirmKey, PASSWORD_COMPONENT, useFieldsForm } from './use-fields-form';
import { FieldFamilyContext, type FieldFamily } from './family-context';
import { useClock } from '@hostcart/shared-ui';

const NO_FAMILY: FieldFamily = {};

export interface FieldsFormProps {
  /** Every field definition of the line; the form shows those of the current step. */
  fields: readonly FieldDef[];
  /** Post-fill (p=y): postponed fields are shown too. */
  postponedStep?: boolean;
  /** The values stored in the cart for this line. */
  stored?: readonly FieldValueEntry[] | null;
  countries: readonly CountryOption[];
  /** The brand's country code: the default of country fields. */
  brandCountry: string;
  /**
   * Saves the values (shown fields trimmed, plus prefilled postponed ones). Returns the server's
   * errors by field id to stay on the form, or nothing when the form is done.
   */
  onSave: (values: FieldValueEntry[]) => Promise<ServerFieldErrors | void>;
  saveLabel?: string;
  busy?: boolean;
  /** A translated problem of the whole form (e.g. a failed call). */
  error?: string;
  /** Buttons beside Save (Back, Remove, ...). */
  secondaryActions?: ReactNode;
  /** What the business-address and power-of-attorney widgets need from the screen. */
  family?: FieldFamily;
}

/**
 * A form of additional fields (spec §4 "Field forms", §5): one widget per input_component,
 * instant feedback from the shared rule engine once a field is touched, the server's first
 * message per field after saving, Save disabled while anything is invalid or a server error is
 * shown.
 */
export function FieldsForm({ fields, postponedStep = false, stored, countries, brandCountry, onSave, saveLabel, busy, error, secondaryActions, family = NO_FAMILY }: FieldsFormProps) {
  const { t } = useTranslation();
  const base = useId();
  const shown = useMemo(() => fieldsShown(fields, postponedStep), [fields, postponedStep]);
  // One day for what the form shows, checks and saves: read once per render from the one clock,
  // kept as the same object while the calendar day does not change.
  const now = useClock().now();
  const dayKey = `${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the calendar day, not on now: a new Date every render would re-run every rule and effect that depends on today.
  const today = useMemo(() => now, [dayKey]);
  const form = useFieldsForm(shown, stored, brandCountry, today);
  const context = useMemo<FieldFamily>(() => ({ ...family, today }), [family, today]);
  const [saving, setSaving] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);

  const message = (m: FieldMessage | undefined) => (m ? t(m.key, { ...m.params, defaultValue: t('error.generic') }) : undefined);

  const save = form.handleSubmit(async (trimmed) => {
    setSaving(true);
    setUnplaced([]);
    try {
      const errors = await onSave(valuesToSave(fields, trimmed, stored, brandCountry));
      if (errors) setUnplaced(form.setServerErrors(errors));
    } finally {
      setSaving(false);
    }
  });
  const submit = (e: FormEvent) => {
    if (!form.isValid || form.hasServerError || saving) {
      e.preventDefault();
      return;
    }
    void save(e);
  };

  return (
    <FieldFamilyContext.Provider value={context}>
    <form noValidate className="hc-fields-form" onSubmit={submit}>
      {shown.map((field, i) => {
        const Widget = widgetFor(field.input_component);
        const id = `${base}-f${i}`;
        const bind = (key: string, inputId: string) => ({
          id: inputId,
          value: form.values[key] ?? '',
          onChange: (v: string) => form.setValue(key, v),
          onBlur: () => form.blur(key),
          error: message(form.shownErrors[key]),
          errorId: `${inputId}-error`,
        });
        return (
          <Widget
            key={field.id}
            field={field}
            required={isRequiredField(field)}
            countries={countries}
            values={form.values}
            {...bind(field.key, id)}
            confirm={field.input_component === PASSWORD_COMPONENT ? bind(confirmKey(field.key), `${id}-confirm`) : undefined}
          />
        );
      })}
      {(error || unplaced.length > 0) && (
        <div className="hc-field-error" role="alert">
          {error && <p>{error}</p>}
          {unplaced.map((key) => (
            <p key={key}>{t(key, { field: '', defaultValue: t('error.generic') })}</p>
          ))}
        </div>
      )}
      <div className="hc-form-actions">
        {secondaryActions}
        <button type="submit" className="hc-button" disabled={!form.isValid || form.hasServerError || saving || busy} aria-busy={saving || busy || undefined}>
          {saveLabel ?? t('fields_form.save')}
        </button>
      </div>
    </form>
    </FieldFamilyContext.Provider>
  );
}
