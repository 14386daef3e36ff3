import { useTranslation } from 'react-i18next';
import { formatCents } from '@hostcart/shared-util-pricing';

/** The cart's printed figures (the priced view's Totals.presentation, libs/go/pricing PresentCart). */
export interface PriceTotalsFigures {
  subtotal_cents: number;
  discount_cents: number;
  first_term_cents: number;
  first_term_months: number;
  due_today_cents: number;
  renewal_monthly_cents: number;
  renewal_yearly_cents: number;
  renewal_from_month: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

export interface PriceTotalsProps {
  figures: PriceTotalsFigures;
  /** The brand shows gross prices: the total includes VAT; else the net total, VAT and gross. */
  withVat: boolean;
  locale: string;
  testId: string;
}

/**
 * The totals of the cart summary and the confirm page, printed from the server's figures and
 * computing none: subtotal − discount = the total for the first term (named with its months),
 * the VAT in or on it, what is due today, and the price from the month after the first term. The
 * rows a customer adds up add up to the cent (the presentation derives them from printed units).
 */
export function PriceTotals({ figures: f, withVat, locale, testId }: PriceTotalsProps) {
  const { t } = useTranslation();
  const money = (cents: number) => formatCents(cents, locale);
  const term =
    f.first_term_months === 1
      ? t('price_summary.first_month_total')
      : f.first_term_months > 1
        ? t('price_summary.first_term_total', { months: f.first_term_months })
        : t('price_summary.first_terms_total');
  const prefix = f.renewal_from_month > 0 ? t('price_summary.from_month', { month: f.renewal_from_month }) : t('price_summary.after_term');
  let renewal = '';
  if (f.renewal_monthly_cents > 0 && f.renewal_yearly_cents > 0) {
    renewal = t('price_summary.renewal_both', { prefix, monthly: money(f.renewal_monthly_cents), yearly: money(f.renewal_yearly_cents) });
  } else if (f.renewal_monthly_cents > 0) {
    renewal = t('price_summary.renewal_monthly', { prefix, price: money(f.renewal_monthly_cents) });
  } else if (f.renewal_yearly_cents > 0) {
    renewal = t('price_summary.renewal_yearly', { prefix, price: money(f.renewal_yearly_cents) });
  }
  return (
    <>
      <dl className="hc-cart-summary__totals" data-testid={testId}>
        {f.discount_cents > 0 && (
          <>
            <dt>{t('price_summary.subtotal')}</dt>
            <dd>{money(f.subtotal_cents)}</dd>
            <dt>{t('price_summary.discount')}</dt>
            <dd>−{money(f.discount_cents)}</dd>
          </>
        )}
        {withVat ? (
          <>
            <dt>{t('price_summary.gross_total', { term })}</dt>
            <dd className="hc-cart-summary__total">{money(f.gross_cents)}</dd>
            <dt>{t('price_summary.vat_included')}</dt>
            <dd>{money(f.vat_cents)}</dd>
          </>
        ) : (
          <>
            <dt>{t('price_summary.net_total', { term })}</dt>
            <dd>{money(f.net_cents)}</dd>
            <dt>{t('price_summary.vat')}</dt>
            <dd>{money(f.vat_cents)}</dd>
            <dt>{t('price_summary.gross_total', { term })}</dt>
            <dd className="hc-cart-summary__total">{money(f.gross_cents)}</dd>
          </>
        )}
        {f.due_today_cents !== f.first_term_cents && (
          <>
            <dt>{t(withVat ? 'price_summary.due_today' : 'price_summary.due_today_net')}</dt>
            <dd>{money(f.due_today_cents)}</dd>
          </>
        )}
      </dl>
      {renewal && (
        <p className="hc-cart-summary__renewal" data-testid={`${testId}-renewal`}>
          {renewal}
        </p>
      )}
    </>
  );
}
