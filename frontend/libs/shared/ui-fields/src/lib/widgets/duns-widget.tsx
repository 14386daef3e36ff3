import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledInput } from './labelled-input';
import { LookupSites } from './lookup-sites';
import type { WidgetProps } from './widget-props';

/** The company identifier (D-U-N-S number): a text input with help and the lookup sites. */
export function DunsWidget({ field, required, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <LabelledInput label={field.label || field.key} type="text" inputMode="numeric" required={required} helpId={helpId} {...{ id, value, onChange, onBlur, error, errorId }}>
      <p id={helpId} className="hc-field-help">
        {t('fields_form.duns_help')}
      </p>
      <LookupSites />
    </LabelledInput>
  );
}
