import { useTranslation } from 'react-i18next';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { addonAmount, formatCents, maturityDisplayCents, effectiveVat } from '@hostcart/shared-util-pricing';
import type { PaymentMaturity } from '@hostcart/shared-data-access-api';

/**
 * The catalog price of the addon term it would be added with: per month, or once with its setup
 * fee for a one-time term or one that costs nothing (spec §9, as the cart will show it), gross or
 * net as the brand shows prices.
 */
export function AddonPrice({ maturity, withVat }: { maturity?: PaymentMaturity; withVat: boolean }) {
  const { t, i18n } = useTranslation();
  const sessionVat = useSessionVatPercent();
  if (!maturity) return null;
  const interval = maturity.payment_intervals.find((i) => i.is_active);
  const { netCents, oneTime } = addonAmount(maturity.months, maturity.price_cents, maturity.setup_fee_cents);
  const price = formatCents(maturityDisplayCents(netCents, effectiveVat(interval?.interval_vat ?? 0, sessionVat), withVat), i18n.language || 'en-GB');
  return (
    <p className="hc-price__amount" data-testid="addon-price">
      {t(oneTime ? 'addon_screens.price_once' : 'addon_screens.price_per_month', { price })}{' '}
      <span className="hc-price__note">{t(withVat ? 'periods.incl_vat' : 'periods.excl_vat')}</span>
    </p>
  );
}
