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
 * The amount of one cart row exactly as the priced view gives it: the display amount (gross or
 * net by brand), one-time lines with their setup fee, zero prices hidden when the brand says so,
 * and an applied promotion as old and new price with its discount label.
 */
export function LinePriceView({ price, promotion, unit }: LinePriceViewProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  if (!price || !price.show_price) return null;
  const money = (cents: number) => formatCents(cents, locale);
  const unitText = price.one_time ? t('cart_page.price.one_time') : unit === 'year' ? t('cart_page.price.per_year') : t('cart_page.price.per_month');
  const promoted = promotion?.applied ? promotion : null;
  // A promotion changes the monthly price of a recurring product/addon/upsell; a domain's and a
  // one-time line's saving is shown as the discount the service computed.
  const showsNewMonthly = !!promoted && unit === 'month' && !price.one_time;

  return (
    <div className="hc-cart-price" data-testid="line-price">
      {showsNewMonthly ? (
        <>
          <s className="hc-cart-price__old">
            <span className="hc-visually-hidden">{t('cart_page.price.previously')} </span>
            {money(price.display_cents)}
          </s>{' '}
          <strong className="hc-cart-price__amount">{money(promoted.promoted_monthly_display_cents)}</strong>
        </>
      ) : (
        <strong className="hc-cart-price__amount">{money(price.display_cents)}</strong>
      )}{' '}
      <span className="hc-cart-price__unit">{unitText}</span>
      {promoted && (
        <p className="hc-cart-price__promo" data-testid="line-promotion">
          {promoted.discount_label ||
            (promoted.kind === 'percentage'
              ? t('cart_page.price.percent_off', { percent: formatPercent(promoted.percent_label, locale) })
              : t('cart_page.price.discount', { amount: money(promoted.discount_display_cents) }))}
          {promoted.discount_display_cents > 0 && (
            <span className="hc-cart-price__saving"> {t('cart_page.price.you_save', { amount: money(promoted.discount_display_cents) })}</span>
          )}
        </p>
      )}
    </div>
  );
}
