import { useTranslation } from 'react-i18next';
import { LabelledInput } from './labelled-input';
import type { WidgetProps } from './widget-props';

/**
 * A password with a confirm input (spec §5 "Password confirm"). The form judges both: the
 * password by its rules (secure_password), the confirm by equality.
 */
export function PasswordWidget({ field, required, confirm, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  const { t } = useTranslation();
  const label = field.label || field.key;
  return (
    <div className="hc-field-group">
      <LabelledInput label={label} type="password" autoComplete="new-password" required={required} {...{ id, value, onChange, onBlur, error, errorId }} />
      {confirm && <LabelledInput label={t('fields_form.password_confirm', { field: label })} type="password" autoComplete="new-password" required={required} {...confirm} />}
    </div>
  );
}
