import { useTranslation } from 'react-i18next';
import type { PricedCart, PricedDomain, PricedLine, Product } from '@hostcart/shared-data-access-api';
import { billingInText, formatCents, noticeDays, noticePeriod } from '@hostcart/shared-util-pricing';

/** A label as an i18n key with its params, so tests can compare keys as well as texts. */
export interface BoxLabel {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The notice period in days as running text (noticePeriod of @hostcart/shared-util-pricing, as
 * the cart words it): whole months from 28 days on, else days. 0: no notice period.
 */
export function noticeInText(days: number): BoxLabel | null {
  const notice = noticePeriod(days);
  if (!notice) return null;
  return { key: notice.unit === 'months' ? 'order_confirm.contract_box.notice_months' : 'order_confirm.contract_box.days', params: { count: notice.count } };
}

/**
 * Term, renewal and notice of a recurring line in plain words (§ 312j BGB with Art. 246a § 1
 * EGBGB: minimum term, duration and termination conditions including automatic renewal). The
 * catalog's maturity is the minimum term; the contract renews by the same term (the renewal price
 * of the presentation applies from the month after it); the maturity's cancelation_period is the
 * notice to the end of each term. A line without a term is a one-off service.
 */
export function lineTermsInText(line: Pick<PricedLine, 'maturity_months' | 'cancelation_period'>): BoxLabel[] {
  // Only the term decides: a free line of a term is a contract too (LinePrice.one_time is also set for a price of 0).
  if (line.maturity_months <= 0) return [{ key: 'order_confirm.contract_box.one_time' }];
  return [
    { key: 'order_confirm.contract_box.months', params: { count: line.maturity_months } },
    ...(noticeInText(line.cancelation_period) ? [noticeInText(line.cancelation_period) as BoxLabel] : []),
  ];
}

/**
 * The terms a consumer gets (§ 309 Nr. 9 BGB since 1 March 2022): the catalog's first term and its
 * notice cut to one month (noticeDays, the cart's rule too); after the first term the contract does not renew for another term but
 * runs on open-ended, cancellable at any time with one month's notice. Businesses get the
 * catalog's terms (lineTermsInText).
 */
export function consumerTermsInText(line: Pick<PricedLine, 'maturity_months' | 'cancelation_period'>): BoxLabel[] {
  return lineTermsInText({ ...line, cancelation_period: noticeDays(line.cancelation_period, true) });
}

type T = ReturnType<typeof useTranslation>['t'];

function termSentence(t: T, line: PricedLine, consumer: boolean): string {
  const [term, notice] = consumer ? consumerTermsInText(line) : lineTermsInText(line);
  if (term.key === 'order_confirm.contract_box.one_time') return t(term.key);
  const months = t(term.key, term.params ?? {});
  if (consumer) {
    if (!notice) return t('order_confirm.contract_box.consumer_terms', { term: months });
    return t('order_confirm.contract_box.consumer_terms_notice', { term: months, notice: t(notice.key, notice.params ?? {}) });
  }
  if (!notice) return t('order_confirm.contract_box.term_renewal', { term: months, renewal: months });
  return t('order_confirm.contract_box.term_renewal_notice', { term: months, renewal: months, notice: t(notice.key, notice.params ?? {}) });
}

/** What a product is: the catalog's description, else its tagline, else the advantages. */
function characteristics(product: Product | undefined): string {
  if (!product) return '';
  if (product.description) return product.description;
  if (product.tagline) return product.tagline;
  return (product.advantages ?? []).join(', ');
}

function LineFacts({ line, product, money, consumer }: { line: PricedLine; product?: Product; money: (c: number) => string; consumer: boolean }) {
  const { t } = useTranslation();
  const p = line.price?.presentation;
  const about = characteristics(product);
  const billed = billingInText(line.interval_months);
  return (
    <li className="hc-contract-box__line" data-testid="contract-line">
      <strong className="hc-contract-box__name">{line.name}</strong>
      {about && <span className="hc-contract-box__about">{about}</span>}
      <span data-testid="contract-terms">{termSentence(t, line, consumer)}</span>
      {p && line.price?.show_price !== false && (
        <>
          {p.one_time && line.maturity_months <= 0 ? (
            <span>{t('order_confirm.contract_box.price_once', { price: money(p.setup_cents) })}</span>
          ) : line.interval_months > 1 ? (
            <span>{t('order_confirm.contract_box.price_per_interval', { price: money(p.interval_cents), perMonth: money(p.per_month_cents), billed: t(billed.key, billed.params ?? {}) })}</span>
          ) : (
            <span>{t('order_confirm.contract_box.price_per_month', { price: money(p.per_month_cents || p.unit_cents), billed: t(billed.key, billed.params ?? {}) })}</span>
          )}
          {!p.one_time && p.setup_cents > 0 && <span>{t('order_confirm.contract_box.setup', { price: money(p.setup_cents) })}</span>}
          {p.discount_cents > 0 && <span>{t('order_confirm.contract_box.discount', { price: money(p.discount_cents) })}</span>}
          {!p.one_time && p.term_months > 0 && (
            <span>
              {t('order_confirm.contract_box.first_term', {
                term: t('order_confirm.contract_box.months', { count: p.term_months }),
                price: money(p.first_term_cents),
              })}
            </span>
          )}
          {p.renewal_from_month > 0 && (
            <span data-testid="contract-renewal">
              {t(p.unit_months === 12 ? 'order_confirm.contract_box.renewal_year' : 'order_confirm.contract_box.renewal_month', {
                month: p.renewal_from_month,
                price: money(p.renewal_unit_cents),
              })}
            </span>
          )}
        </>
      )}
    </li>
  );
}

function DomainFacts({ domain, money, consumer }: { domain: PricedDomain; money: (c: number) => string; consumer: boolean }) {
  const { t } = useTranslation();
  const p = domain.price?.presentation;
  const year = t('order_confirm.contract_box.months', { count: 12 });
  return (
    <li className="hc-contract-box__line" data-testid="contract-line">
      <strong className="hc-contract-box__name">{domain.name}</strong>
      <span data-testid="contract-terms">
        {consumer ? t('order_confirm.contract_box.domain_term_consumer', { term: year }) : t('order_confirm.contract_box.domain_term', { term: year, renewal: year })}
      </span>
      {domain.inclusive ? (
        <span>{t('order_confirm.inclusive')}</span>
      ) : (
        p &&
        domain.price?.show_price !== false && (
          <>
            <span>{t('order_confirm.contract_box.price_per_year', { price: money(p.unit_cents) })}</span>
            {p.discount_cents > 0 && <span>{t('order_confirm.contract_box.discount', { price: money(p.discount_cents) })}</span>}
            {p.renewal_from_month > 0 && (
              <span data-testid="contract-renewal">{t('order_confirm.contract_box.renewal_year', { month: p.renewal_from_month, price: money(p.renewal_unit_cents) })}</span>
            )}
          </>
        )
      )}
    </li>
  );
}

type CartFigures = NonNullable<NonNullable<PricedCart['totals']>['presentation']>;

/**
 * The VAT of the amount due today as the first term's is worded: "inkl. 14,42 € MwSt." on a gross
 * brand, "zzgl. 27,98 € MwSt. = 167,86 €" on a net one (the gross amount is what a direct debit
 * collects, and what the mail names). Figures from a cart service that did not split due today yet
 * are worded without amounts.
 */
function dueTodayVat(t: T, cart: CartFigures, withVat: boolean, money: (c: number) => string): string {
  const split = (cart.due_today_gross_cents ?? 0) !== 0 || cart.due_today_cents === 0;
  if (!split) return withVat ? t('order_confirm.incl_vat') : t('order_confirm.contract_box.excl_vat');
  return withVat
    ? t('order_confirm.contract_box.incl_vat', { vat: money(cart.due_today_vat_cents ?? 0) })
    : t('order_confirm.contract_box.net_plus_vat', { vat: money(cart.due_today_vat_cents ?? 0), gross: money(cart.due_today_gross_cents ?? 0) });
}

/**
 * The totals the box states: the first term's total with VAT (or net plus VAT), the amount due
 * today with its VAT (or net plus VAT and the gross amount) and the renewal from month N+1, all the cart presentation's figures (the success page
 * repeats them).
 */
export function ContractTotals({ figures: cart, withVat, testId = 'contract-totals' }: { figures: CartFigures; withVat: boolean; testId?: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language);
  return (
    <dl className="hc-contract-box__totals" data-testid={testId}>
      <div>
        <dt>{cart.first_term_months > 0 ? t('order_confirm.contract_box.total_first_term', { term: t('order_confirm.contract_box.months', { count: cart.first_term_months }) }) : t('order_confirm.contract_box.total_first_terms')}</dt>
        <dd>
          <strong>{money(cart.first_term_cents)}</strong>{' '}
          {withVat ? t('order_confirm.contract_box.incl_vat', { vat: money(cart.vat_cents) }) : t('order_confirm.contract_box.net_plus_vat', { vat: money(cart.vat_cents), gross: money(cart.gross_cents) })}
        </dd>
      </div>
      <div>
        <dt>{t('order_confirm.contract_box.due_today')}</dt>
        <dd data-testid={`${testId}-due-today`}>
          <strong>{money(cart.due_today_cents)}</strong> {dueTodayVat(t, cart, withVat, money)}
        </dd>
      </div>
      {cart.renewal_from_month > 0 && (cart.renewal_monthly_cents > 0 || cart.renewal_yearly_cents > 0) && (
        <div>
          <dt>{t('order_confirm.contract_box.renewal_total', { month: cart.renewal_from_month })}</dt>
          <dd>
            {cart.renewal_yearly_cents > 0
              ? t('order_confirm.contract_box.renewal_total_month_year', { price: money(cart.renewal_monthly_cents), yearly: money(cart.renewal_yearly_cents) })
              : t('order_confirm.contract_box.renewal_total_month', { price: money(cart.renewal_monthly_cents) })}{' '}
            {withVat ? t('order_confirm.incl_vat') : t('order_confirm.contract_box.excl_vat')}
          </dd>
        </div>
      )}
    </dl>
  );
}

export interface ContractBoxProps {
  priced: PricedCart;
  /** The catalog's products of the cart (descriptions); missing ones show their name only. */
  products: Product[];
  /** Brand properties: terms and withdrawal links. */
  termsUrl?: string;
  withdrawalUrl?: string;
  /** The brand's country: Austria words the withdrawal right as "Rücktritt" (FAGG). */
  countryCode?: string;
  /** The customer is a consumer (not a business): the terms of § 309 Nr. 9 BGB (consumerTermsInText). */
  consumer?: boolean;
  /** The SEPA mandate's reference when known; sepa: the payment is a SEPA direct debit. */
  sepa?: boolean;
  mandateReference?: string;
  /** The order is confirmed by an SMS code (a product or addon with sms_validation, or the payment type): said before "buy". */
  smsRequired?: boolean;
}

/**
 * The box directly above the order button (§ 312j Abs. 2 BGB, § 8 FAGG; CHECKOUT-LAW.md): per
 * product what it is, term, renewal and notice in plain words, the price per interval and from
 * month N+1, and the totals due today and for the first term with VAT. Every amount is the
 * presentation's (libs/go/pricing PresentLine/PresentCart); nothing is computed here.
 */
export function ContractBox({ priced, products, termsUrl, withdrawalUrl, countryCode, consumer = true, sepa, mandateReference, smsRequired }: ContractBoxProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const byId = new Map(products.map((p) => [p.id, p]));
  const withVat = priced.prices_with_vat;
  const cart = priced.totals?.presentation;
  const lines = (ls: PricedLine[]) => ls.filter((l) => !l.hide_in_cart);
  return (
    <section className="hc-contract-box" aria-labelledby="hc-contract-box" data-testid="contract-box">
      <h2 id="hc-contract-box">{t('order_confirm.contract_box.heading')}</h2>
      <ul className="hc-contract-box__lines">
        {priced.items.map((item) => [
          ...(item.product && !item.product.hide_in_cart ? [<LineFacts key={`${item.row_id}p`} line={item.product} product={byId.get(item.product.id)} money={money} consumer={consumer} />] : []),
          ...lines(item.addons).map((l) => <LineFacts key={`${item.row_id}a${l.id}`} line={l} product={byId.get(l.id)} money={money} consumer={consumer} />),
          ...lines(item.upsells).map((l) => <LineFacts key={`${item.row_id}u${l.id}`} line={l} product={byId.get(l.id)} money={money} consumer={consumer} />),
          ...item.domains.map((d) => <DomainFacts key={`${item.row_id}d${d.name}`} domain={d} money={money} consumer={consumer} />),
        ])}
      </ul>
      {cart && <ContractTotals figures={cart} withVat={withVat} />}
      {sepa && (
        <>
          <p data-testid="contract-mandate">
            {mandateReference ? t('order_confirm.contract_box.mandate_reference', { reference: mandateReference }) : t('order_confirm.contract_box.mandate_reference_later')}
          </p>
          {/* The shorter pre-notification the mandate agreed (SEPA rulebook: 14 days unless agreed otherwise); the mail names the first due date. */}
          <p data-testid="contract-prenotification">{t('order_confirm.contract_box.mandate_prenotification')}</p>
        </>
      )}
      {smsRequired && <p data-testid="contract-sms">{t('order_confirm.contract_box.sms_required')}</p>}
      {(termsUrl || withdrawalUrl) && (
        <p className="hc-contract-box__links">
          {termsUrl && (
            <a href={termsUrl} target="_blank" rel="noreferrer">
              {t('order_confirm.contract_box.terms_link')}
            </a>
          )}
          {termsUrl && withdrawalUrl && ' · '}
          {withdrawalUrl && (
            <a href={withdrawalUrl} target="_blank" rel="noreferrer">
              {countryCode === 'AT' ? t('order_confirm.contract_box.withdrawal_link_at') : t('order_confirm.contract_box.withdrawal_link')}
            </a>
          )}
        </p>
      )}
    </section>
  );
}
