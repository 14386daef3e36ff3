import { useTranslation } from 'react-i18next';
import {
  isCardProviderType,
  PAYMENT_CREDIT_CARD,
  PAYMENT_PAYPAL,
  PAYMENT_PAYPAL_INTEGRATION,
  useGetPaymentTypesQuery,
  type PaymentType,
} from '@hostcart/shared-data-access-api';
import { useClock } from '@hostcart/shared-ui';

/** The icon family of a payment type's slug (spec §3 slugs, §9 icons for PayPal, SEPA and card). */
export function paymentMethodFamily(slug: string): string {
  if (slug === PAYMENT_PAYPAL || slug === PAYMENT_PAYPAL_INTEGRATION) return 'paypal';
  if (slug === PAYMENT_CREDIT_CARD || isCardProviderType(slug)) return 'card';
  return slug;
}

/**
 * The methods the brand offers, as the payment service lists its active types (GET
 * /payment-types, the cart loads them: spec §2 "/cart"): one entry per icon family, named as the
 * server names the type in the session's language.
 */
export function trustBoxMethods(types: readonly PaymentType[]): { family: string; name: string }[] {
  const seen = new Set<string>();
  const methods: { family: string; name: string }[] = [];
  for (const type of types) {
    const family = paymentMethodFamily(type.slug);
    if (seen.has(family)) continue;
    seen.add(family);
    methods.push({ family, name: type.name || type.slug });
  }
  return methods;
}

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
  // Until the types come (or when they cannot be read) the box names no methods rather than
  // methods the brand may not offer.
  const methods = trustBoxMethods(useGetPaymentTypesQuery().data ?? []);
  return (
    <aside className="hc-trust-box" aria-labelledby="hc-trust-box-title">
      <h2 id="hc-trust-box-title" className="hc-trust-box__title">
        {t('cart_page.trust.title')}
      </h2>
      {years !== null && <p data-testid="years-on-market">{t('cart_page.trust.years_on_market', { count: years })}</p>}
      {methods.length > 0 && (
        <>
          <p id="hc-trust-box-methods">{t('cart_page.trust.payment_methods')}</p>
          <ul className="hc-trust-box__methods" aria-labelledby="hc-trust-box-methods" data-testid="trust-box-methods">
            {methods.map((m) => (
              <li key={m.family} className={`hc-payment-icon hc-payment-icon--${m.family}`} data-method={m.family}>
                {m.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
