import { useTranslation } from 'react-i18next';
import { useClock } from '@hostcart/shared-ui';

/**
 * Payment methods the trust box shows (spec §9: PayPal, SEPA, card). The payment types route
 * (GET /payment-types) does not exist yet; when it does, the box shows the brand's active types
 * instead of this fixed list.
 */
export const TRUST_BOX_PAYMENT_METHODS = ['paypal', 'sepa', 'card'] as const;

/**
 * Years on the market from the brand's copyright (market entry) year, shown only when that year
 * lies before the current one.
 */
export function yearsOnMarket(copyrightYear: string | undefined, now: Date): number | null {
  const year = Number.parseInt(copyrightYear ?? '', 10);
  if (!Number.isFinite(year)) return null;
  const current = now.getFullYear();
  return year < current ? current - year : null;
}

export function TrustBox({ copyrightYear }: { copyrightYear?: string }) {
  const { t } = useTranslation();
  const years = yearsOnMarket(copyrightYear, useClock().now());
  return (
    <aside className="hc-trust-box" aria-labelledby="hc-trust-box-title">
      <h2 id="hc-trust-box-title" className="hc-trust-box__title">
        {t('cart_page.trust.title')}
      </h2>
      {years !== null && <p data-testid="years-on-market">{t('cart_page.trust.years_on_market', { count: years })}</p>}
      <p>{t('cart_page.trust.payment_methods')}</p>
      <ul className="hc-trust-box__methods">
        {TRUST_BOX_PAYMENT_METHODS.map((m) => (
          <li key={m} className={`hc-payment-icon hc-payment-icon--${m}`}>
            {t(`cart_page.trust.method_${m}`)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
