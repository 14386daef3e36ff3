import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldFamily } from '../family-context';
import { FieldError } from './field-error';
import { TextWidget } from './text-widget';
import type { WidgetProps } from './widget-props';

/**
 * The business address's customer type (spec §2): a radio per variant addon. The value is the
 * chosen addon's id; choosing another variant than the one in the cart swaps the addon (the cart
 * keeps one per exclusive group) and the screen moves to the new addon's fields.
 */
export function NsaCustomerTypeWidget(props: WidgetProps) {
  const { field, id, value, onChange, onBlur, error, errorId, required } = props;
  const { t } = useTranslation();
  const family = useFieldFamily();
  const [swapping, setSwapping] = useState(false);
  const [failed, setFailed] = useState(false);
  const types = family.customerTypes;
  const current = types?.current;
  // The variant in the cart is the answer until another is chosen: a fresh form holds its id.
  useEffect(() => {
    if (!value && current) onChange(String(current));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the variant or an emptied value changes; onChange is the form's setter, a new function on every render of the form.
  }, [current, value]);
  if (!types || types.options.length === 0) return <TextWidget {...props} />;
  const selected = value || (types.current ? String(types.current) : '');

  const choose = async (addonId: number) => {
    onChange(String(addonId));
    setFailed(false);
    if (addonId === types.current) return;
    setSwapping(true);
    try {
      await types.choose(addonId);
    } catch {
      setFailed(true);
      onChange(types.current ? String(types.current) : '');
    } finally {
      setSwapping(false);
    }
  };

  return (
    <fieldset
      className="hc-choice-group hc-family"
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      aria-busy={swapping || undefined}
    >
      <legend className="hc-label">{field.label || field.key}</legend>
      {types.options.map((o, i) => {
        const optionId = `${id}-${i}`;
        return (
          <label key={o.addonId} className="hc-choice hc-family__option" htmlFor={optionId}>
            <input
              id={optionId}
              type="radio"
              name={id}
              value={o.addonId}
              checked={selected === String(o.addonId)}
              disabled={swapping}
              aria-describedby={o.description ? `${optionId}-desc` : undefined}
              onChange={() => void choose(o.addonId)}
              onBlur={onBlur}
            />
            <span>
              {o.name}
              {o.description && (
                <span id={`${optionId}-desc`} className="hc-family__hint">
                  {o.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
      <p className="hc-visually-hidden" aria-live="polite">
        {swapping ? t('families.customer_type.swapping') : ''}
      </p>
      {failed && (
        <p className="hc-field-error" role="alert">
          {t('families.customer_type.swap_failed')}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
