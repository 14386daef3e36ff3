import { useTranslation } from 'react-i18next';
import type { PricedCart } from '@hostcart/shared-data-access-api';
import { billingAdvanceLabel, formatList, maturityInText } from '@hostcart/shared-util-pricing';
import { footnotePeriods } from './footnote';
import { noticeLabel, type Label } from './terms';
import { useDisplayLocale } from './use-display-locale';

/**
 * The footnote (spec §9): distinct contract terms, the billing periods billed in advance (in months
 * and days, spec §9 "Billing advance and notice periods are shown in months and days":
 * billingAdvanceLabel) and the notice periods in months or days with what they run to (a
 * consumer's as the confirm page states them: at most one month to the end of the minimum term,
 * then at any time), sorted, and the VAT note.
 */
export function CartFootnote({ priced, consumer }: { priced: PricedCart; consumer: boolean }) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  const { maturities, billing, cancellations } = footnotePeriods(priced, consumer);
  // The terms stand inside a sentence, so they take their in-text forms ("Laufzeiten: jährlich und zweijährlich").
  const list = (labels: { key: string; params?: Record<string, string | number> }[]) => formatList(labels.map((l) => t(l.key, l.params ?? {})), locale);
  return (
    <footer className="hc-cart-footnote" data-testid="cart-footnote">
      {maturities.length > 0 && <p>{t('cart_page.footnote.terms', { terms: list(maturities.map(maturityInText)) })}</p>}
      {billing.length > 0 && (
        <p>{t('cart_page.footnote.billing_advance', { periods: list(billing.map(billingAdvanceLabel)) })}</p>
      )}
      {cancellations.length > 0 && (
        <p data-testid="cart-footnote-notice">
          {t(consumer ? 'cart_page.footnote.notice_consumer' : 'cart_page.footnote.notice_business', {
            count: cancellations.length,
            periods: list(cancellations.map((days) => noticeLabel(days) as Label)),
          })}
        </p>
      )}
      <p>{t(priced.prices_with_vat ? 'cart_page.vat.all_incl' : 'cart_page.vat.all_excl')}</p>
    </footer>
  );
}
