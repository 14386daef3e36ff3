import { useTranslation } from 'react-i18next';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { addonMaturityPrice, formatCents } from '@hostcart/shared-util-pricing';
import type { PaymentMaturity } from '@hostcart/shared-data-access-api';

/**
 * The catalog price of the addon term it would be added with: per month, or once with its setup
 * fee for a one-time term or one that costs nothing (spec §9), gross or net as the brand shows
 * prices — the figure the cart prints for the same choice (addonMaturityPrice).
 */
export function AddonPrice({ maturity, withVat }: { maturity?: PaymentMaturity; withVat: boolean }) {
  const { t, i18n } = useTranslation();
  const sessionVat = useSessionVatPercent();
  if (!maturity) return null;
  const { cents, oneTime } = addonMaturityPrice(maturity, withVat, sessionVat);
  const price = formatCents(cents, i18n.language || 'en-GB');
  return (
    <p className="hc-price__amount" data-testid="addon-price">
      {t(oneTime ? 'addon_screens.price_once' : 'addon_screens.price_per_month', { price })}{' '}
      <span className="hc-price__note">{t(withVat ? 'periods.incl_vat' : 'periods.excl_vat')}</span>
    </p>
  );
}
