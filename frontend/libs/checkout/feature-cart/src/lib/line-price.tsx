import { useTranslation } from 'react-i18next';
import type { LinePrice, LinePromotion } from '@hostcart/shared-data-access-api';
import { formatCents, formatPercent } from '@hostcart/shared-util-pricing';
import { useDisplayLocale } from './use-display-locale';

export interface LinePriceViewProps {
  price: LinePrice | null | undefined;
  promotion?: LinePromotion | null;
  /** Domains are priced over 12 months, everything else per month (spec §9). */
  unit: 'month' | 'year';
}

/**
 * The amount of one cart row exactly as the priced view's presentation gives it (libs/go/pricing
 * presentation.go): the price per month (per year for domains), a setup fee, an applied promotion's
 * discount within the first term, and then the first-term total and the price from the month after
 * it — so 12 × 9,51 € − 23,80 € is the 90,32 € printed. Nothing is computed here. A fixed
 * promotion is named by what it saves in the brand's display mode, never by its label's net
 * amount.
 */
export function LinePriceView({ price, promotion, unit }: LinePriceViewProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  if (!price || !price.show_price) return null;
  const money = (cents: number) => formatCents(cents, locale);
  const p = price.presentation;
  const unitText = price.one_time ? t('cart_page.price.one_time') : unit === 'year' ? t('cart_page.price.per_year') : t('cart_page.price.per_month');
  const promoted = promotion?.applied && p && p.discount_cents > 0 ? promotion : null;
  const amount = p ? (price.one_time ? p.setup_cents : p.unit_cents) : price.display_cents;
  const promoName = promoted
    ? promoted.kind === 'percentage'
      ? promoted.discount_label || t('cart_page.price.percent_off', { percent: formatPercent(promoted.percent_label, locale) })
      : t('cart_page.price.fixed_discount')
    : '';
  const showFirstTerm = !!p && !price.one_time && (!!promoted || (p.setup_cents > 0 && p.term_months > 0));

  return (
    <div className="hc-cart-price" data-testid="line-price">
      <strong className="hc-cart-price__amount">{money(amount)}</strong> <span className="hc-cart-price__unit">{unitText}</span>
      {p && !price.one_time && p.setup_cents > 0 && <p className="hc-cart-price__setup">{t('cart_page.price.setup_fee', { amount: money(p.setup_cents) })}</p>}
      {promoted && p && (
        <p className="hc-cart-price__promo" data-testid="line-promotion">
          {promoName}: −{money(p.discount_cents)}
        </p>
      )}
      {showFirstTerm && p && (
        <p className="hc-cart-price__term" data-testid="line-first-term">
          {p.term_months === 1 ? t('cart_page.price.first_month', { amount: money(p.first_term_cents) }) : t('cart_page.price.first_term', { months: p.term_months, amount: money(p.first_term_cents) })}
          {promoted && p.renewal_from_month > 0 && (
            <>
              {' · '}
              {t(unit === 'year' ? 'cart_page.price.renewal_year' : 'cart_page.price.renewal_month', { month: p.renewal_from_month, amount: money(p.renewal_unit_cents) })}
            </>
          )}
        </p>
      )}
    </div>
  );
}
