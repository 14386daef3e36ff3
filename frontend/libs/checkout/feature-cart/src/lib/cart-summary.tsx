import { useTranslation } from 'react-i18next';
import { useGetPromotionsQuery, useRemovePromotionCodeMutation, type PricedCart } from '@hostcart/shared-data-access-api';
import { PriceTotals } from '@hostcart/shared-ui';
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

/** Totals of the priced view (its presentation, printed as sent), the promo-code input and the redeemed codes (spec §2 "Cart"). */
export function CartSummary({ priced, showPromoInput, showCouponHint, hidePrices = false }: CartSummaryProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
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
      {totals?.presentation && <PriceTotals figures={totals.presentation} withVat={priced.prices_with_vat} locale={locale} testId="cart-totals" />}
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
