import { useTranslation } from 'react-i18next';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { formatCents, maturityDisplayCents, effectiveVat } from '@hostcart/shared-util-pricing';
import type { PaymentMaturity } from '@hostcart/shared-data-access-api';

/**
 * The catalog price of the addon term it would be added with: per month, or once for a one-time
 * term (months 0, spec §9), gross or net as the brand shows prices.
 */
export function AddonPrice({ maturity, withVat }: { maturity?: PaymentMaturity; withVat: boolean }) {
  const { t, i18n } = useTranslation();
  const sessionVat = useSessionVatPercent();
  if (!maturity) return null;
  const interval = maturity.payment_intervals.find((i) => i.is_active);
  const price = formatCents(maturityDisplayCents(maturity.price_cents, effectiveVat(interval?.interval_vat ?? 0, sessionVat), withVat), i18n.language || 'en-GB');
  return (
    <p className="hc-price__amount" data-testid="addon-price">
      {t(maturity.months === 0 ? 'addon_screens.price_once' : 'addon_screens.price_per_month', { price })}{' '}
      <span className="hc-price__note">{t(withVat ? 'periods.incl_vat' : 'periods.excl_vat')}</span>
    </p>
  );
}
