import { useTranslation } from 'react-i18next';
import { useGetPromotionsQuery, useRemovePromotionCodeMutation, type PricedCart } from '@hostcart/shared-data-access-api';
import { formatCents } from '@hostcart/shared-util-pricing';
import { useCartNotifications } from './notices';
import { manualCodes } from './priced-lines';
import { PromoCodeForm } from './promo-code-form';
import { useDisplayLocale } from './use-display-locale';

export interface CartSummaryProps {
  priced: PricedCart;
  showPromoInput: boolean;
  showCouponHint: boolean;
  /** A panel user's cart shows no prices (spec §2 "Cart"); the server sends no amounts either. */
  hidePrices?: boolean;
}

/** Totals of the priced view, the promo-code input and the redeemed codes (spec §2 "Cart"). */
export function CartSummary({ priced, showPromoInput, showCouponHint, hidePrices = false }: CartSummaryProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  const money = (cents: number) => formatCents(cents, locale);
  const totals = hidePrices ? undefined : priced.totals;
  const promotions = useGetPromotionsQuery();
  const automatic = new Set((promotions.data ?? []).filter((p) => p.is_automatic).map((p) => p.code));
  const codes = manualCodes(priced, automatic);
  const [removeCode, removing] = useRemovePromotionCodeMutation();
  const { showNotices, showError } = useCartNotifications();

  async function remove(code: string) {
    try {
      showNotices((await removeCode(code).unwrap()).notices);
    } catch (e) {
      showError(e);
    }
  }

  return (
    <section className="hc-cart-summary" aria-labelledby="hc-cart-summary-title">
      <h2 id="hc-cart-summary-title">{t('cart_page.summary.title')}</h2>
      {totals && (
        <dl className="hc-cart-summary__totals" data-testid="cart-totals">
          <dt>{t('cart_page.summary.monthly')}</dt>
          <dd>{money(totals.monthly_display_cents)}</dd>
          {totals.discount_display_cents > 0 && (
            <>
              <dt>{t('cart_page.summary.discount')}</dt>
              <dd>−{money(totals.discount_display_cents)}</dd>
            </>
          )}
          {priced.prices_with_vat ? (
            <>
              <dt>{t('cart_page.summary.total_gross')}</dt>
              <dd className="hc-cart-summary__total">{money(totals.total_display_cents)}</dd>
              <dt>{t('cart_page.summary.vat_included')}</dt>
              <dd>{money(totals.total_vat_cents)}</dd>
            </>
          ) : (
            <>
              <dt>{t('cart_page.summary.total_net')}</dt>
              <dd className="hc-cart-summary__total">{money(totals.total_display_cents)}</dd>
              <dt>{t('cart_page.summary.vat')}</dt>
              <dd>{money(totals.total_vat_cents)}</dd>
              <dt>{t('cart_page.summary.total_gross')}</dt>
              <dd>{money(totals.total_gross_cents)}</dd>
            </>
          )}
        </dl>
      )}
      {priced.promotions_unavailable && <p className="hc-price__note">{t('cart_page.summary.promotions_unavailable')}</p>}
      {codes.length > 0 && (
        <ul className="hc-cart-summary__codes" aria-label={t('cart_page.promo.redeemed')}>
          {codes.map((code) => (
            <li key={code}>
              <span>{t('cart_page.promo.code', { code })}</span>{' '}
              <button type="button" className="hc-button hc-button--link" onClick={() => void remove(code)} disabled={removing.isLoading} aria-label={t('cart_page.promo.remove_named', { code })}>
                {t('cart_page.promo.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {showPromoInput && <PromoCodeForm />}
      {showCouponHint && <p className="hc-cart-summary__hint">{t('cart_page.promo.coupon_hint')}</p>}
    </section>
  );
}
