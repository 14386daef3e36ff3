import { useTranslation } from 'react-i18next';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import type { PaymentMaturity, PricedLine } from '@hostcart/shared-data-access-api';
import { addonMaturityPrice, displayedFromPrice, formatCents, formatPercent, maturityVat } from '@hostcart/shared-util-pricing';
import type { UpsellProduct } from './upsell-offer';

export interface UpsellPriceProps {
  upsell: UpsellProduct;
  /** The upsell's line of the priced cart once it is in the cart. */
  priced?: PricedLine;
  /** Before that, the upsell's term it would be added with (UpsellOffer.maturity). */
  maturity?: PaymentMaturity;
  withVat: boolean;
}

/**
 * The price of the advantages panel. In the cart, the priced view's presentation of the line (the
 * period the service chose, the figure the cart prints); before that, the price of the term it
 * would be added with, as the extras screens show an addon's (addonMaturityPrice: the figure the
 * cart prints once it is added; the cheapest term's 'from' price differed, issue 23), and the
 * catalog's from-price only when no such term is known.
 */
export function UpsellPrice({ upsell, priced, maturity, withVat }: UpsellPriceProps) {
  const { t, i18n } = useTranslation();
  const sessionVat = useSessionVatPercent();
  const locale = i18n.language || 'en-GB';
  const vatNote = (vatPercent: number) => t(withVat ? 'products.incl_vat' : 'products.excl_vat', { vat: formatPercent(vatPercent, locale) });

  if (priced?.price) {
    const p = priced.price;
    if (!p.show_price) return null;
    return (
      <div className="hc-price" data-testid="upsell-price">
        <p className="hc-price__amount">
          {p.one_time
            ? t('upsells.price_one_time', { price: formatCents(p.presentation?.setup_cents ?? p.display_cents, locale) })
            : t('upsells.price_monthly', { price: formatCents(p.presentation?.unit_cents ?? p.monthly_display_cents, locale) })}
        </p>
        <p className="hc-price__note">{vatNote(priced.vat_percent)}</p>
      </div>
    );
  }
  if (maturity) {
    const { cents, oneTime } = addonMaturityPrice(maturity, withVat, sessionVat);
    return (
      <div className="hc-price" data-testid="upsell-price">
        <p className="hc-price__amount">{t(oneTime ? 'upsells.price_one_time' : 'upsells.price_monthly', { price: formatCents(cents, locale) })}</p>
        <p className="hc-price__note">{vatNote(maturityVat(maturity, sessionVat))}</p>
      </div>
    );
  }
  const from = displayedFromPrice(upsell.from_price, withVat, sessionVat);
  if (!from) return null;
  return (
    <div className="hc-price" data-testid="upsell-price">
      <p className="hc-price__amount">
        {t('products.from_price', { price: formatCents(from.cents, locale) })} <span className="hc-price__unit">{t('products.per_month')}</span>
      </p>
      <p className="hc-price__note">{vatNote(from.vatPercent)}</p>
    </div>
  );
}
