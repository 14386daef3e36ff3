import { useTranslation } from 'react-i18next';
import { formatCents, maturityDisplayCents } from '@hostcart/shared-util-pricing';
import { useFieldFamily } from '../family-context';
import { FieldError } from './field-error';
import { TextWidget } from './text-widget';
import type { WidgetProps } from './widget-props';

/**
 * Minimum rental period (spec §2): one toggle button per maturity of the product with its months
 * and monthly price (gross or net as the brand shows prices). The value is the months.
 */
export function NsaRentalPeriodWidget(props: WidgetProps) {
  const { field, id, value, onChange, onBlur, error, errorId, required } = props;
  const { t, i18n } = useTranslation();
  const periods = useFieldFamily().rentalPeriods;
  if (!periods || periods.options.length === 0) return <TextWidget {...props} />;
  const labelId = `${id}-label`;
  return (
    <div className="hc-field hc-family" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <p id={labelId} className="hc-label">
        {field.label || field.key}
        {required && <span className="hc-visually-hidden"> {t('families.required_suffix')}</span>}
      </p>
      <div className="hc-family__buttons">
        {periods.options.map((o) => {
          const price = formatCents(maturityDisplayCents(o.priceCents, o.vatPercent, periods.withVat), i18n.language || 'en-GB');
          const pressed = value === String(o.months);
          return (
            <button
              key={o.months}
              type="button"
              id={pressed ? id : undefined}
              className={`hc-family__period${pressed ? ' hc-family__period--chosen' : ''}`}
              aria-pressed={pressed}
              onClick={() => onChange(String(o.months))}
              onBlur={onBlur}
            >
              <span className="hc-family__months">{t('families.rental_period.months', { count: o.months })}</span>
              <span className="hc-family__price">{t('families.rental_period.price', { price })}</span>
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
