import { useTranslation } from 'react-i18next';
import { readPOBox, type POBoxValue } from '@hostcart/shared-util-fields';
import { FieldError } from './field-error';
import { SubInput } from './sub-input';
import type { WidgetProps } from './widget-props';

/**
 * The PO box (spec §2, §5): a checkbox, and number, zip and city inputs that are required while
 * it is ticked. Value: {"enabled","number","zip","city"} (services/catalog/domain/family_fields.go).
 */
export function NsaPOBoxWidget({ field, id, value, onChange, onBlur, error, errorId }: WidgetProps) {
  const { t } = useTranslation();
  const box = readPOBox(value);
  const set = (patch: Partial<POBoxValue>) => onChange(JSON.stringify({ ...box, ...patch }));
  const described = error ? errorId : undefined;
  return (
    <fieldset className="hc-field-group hc-family" aria-describedby={described}>
      <legend className="hc-label">{field.label || field.key}</legend>
      <div className="hc-field hc-field--checkbox hc-family__check">
        <input id={id} type="checkbox" checked={box.enabled} onChange={(e) => set({ enabled: e.target.checked })} onBlur={onBlur} />
        <label htmlFor={id} className="hc-label hc-label--inline">
          {t('families.po_box.enabled')}
        </label>
      </div>
      {box.enabled && (
        <div className="hc-family__row">
          <SubInput id={`${id}-number`} label={t('families.po_box.number')} value={box.number} required invalid={!!error && !box.number.trim()} describedBy={described} onChange={(v) => set({ number: v })} onBlur={onBlur} />
          <SubInput id={`${id}-zip`} label={t('families.po_box.zip')} value={box.zip} required invalid={!!error && !box.zip.trim()} describedBy={described} inputMode="numeric" autoComplete="postal-code" onChange={(v) => set({ zip: v })} onBlur={onBlur} />
          <SubInput id={`${id}-city`} label={t('families.po_box.city')} value={box.city} required invalid={!!error && !box.city.trim()} describedBy={described} autoComplete="address-level2" onChange={(v) => set({ city: v })} onBlur={onBlur} />
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
