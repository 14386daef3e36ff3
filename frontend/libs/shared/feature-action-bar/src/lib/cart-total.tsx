import { useTranslation } from 'react-i18next';
import { useGetPricedCartQuery } from '@hostcart/shared-data-access-api';
import { formatCents } from '@hostcart/shared-util-pricing';

/** The cart's printed totals, as the priced view's presentation sends them (libs/go/pricing PresentCart). */
export interface CartTotalFigures {
  first_term_cents: number;
  first_term_months: number;
  due_today_cents: number;
  gross_cents: number;
}

export interface CartTotalState {
  figures: CartTotalFigures;
  withVat: boolean;
}

/**
 * The cart total of the session's priced view (the figures the cart summary prints), or
 * undefined while it loads, when it failed, for an empty cart, and for a panel user (the server
 * sends no amounts then). Nothing is computed here.
 */
export function useCartTotal(): CartTotalState | undefined {
  const { data } = useGetPricedCartQuery();
  const priced = data?.priced;
  const figures = priced?.totals?.presentation;
  if (!priced || !figures || priced.items.length === 0) return undefined;
  return { figures, withVat: priced.prices_with_vat };
}

/**
 * The total as the cart summary names it (price_summary texts): the gross total of the first
 * term, and what is due today when that differs.
 */
export function CartTotal({ total }: { total: CartTotalState }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en-GB';
  const f = total.figures;
  const term =
    f.first_term_months === 1
      ? t('price_summary.first_month_total')
      : f.first_term_months > 1
        ? t('price_summary.first_term_total', { months: f.first_term_months })
        : t('price_summary.first_terms_total');
  return (
    <dl className="hc-action-bar__total" data-testid="action-bar-total">
      <div className="hc-action-bar__figure">
        <dt>{t('price_summary.gross_total', { term })}</dt>
        <dd className="hc-action-bar__amount">{formatCents(f.gross_cents, locale)}</dd>
      </div>
      {f.due_today_cents !== f.first_term_cents && (
        <div className="hc-action-bar__figure">
          <dt>{t(total.withVat ? 'price_summary.due_today' : 'price_summary.due_today_net')}</dt>
          <dd>{formatCents(f.due_today_cents, locale)}</dd>
        </div>
      )}
    </dl>
  );
}
