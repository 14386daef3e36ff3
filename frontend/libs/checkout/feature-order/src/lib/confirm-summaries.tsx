import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GROUP_COMPANY, type PaymentOption, type PaymentType, type PricedCart, type PricedLine, type SessionCustomer, PAYMENT_SEPA } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { PriceTotals } from '@hostcart/shared-ui';
import { formatCents, maturityLabel } from '@hostcart/shared-util-pricing';

/** The country's name in the shop's language (Intl.DisplayNames); its code where there is none. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number) => formatCents(cents, i18n.language);
}

/** The customer's basic info and address, with edit links for a new customer (spec §2 "Confirm"). */
export function CustomerSummary({ customer, editable }: { customer: SessionCustomer; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const b = customer.basic_info;
  const a = customer.address;
  return (
    <section className="hc-card hc-confirm__section" aria-labelledby="hc-confirm-customer">
      <h2 id="hc-confirm-customer">{t('order_confirm.customer_heading')}</h2>
      {customer.customer_no && <p>{t('order_confirm.customer_number', { number: customer.customer_no })}</p>}
      {b && (
        <p className="hc-confirm__address">
          {b.group === GROUP_COMPANY && b.company_name && (
            <>
              {b.company_name}
              <br />
            </>
          )}
          {b.first_name} {b.last_name}
          <br />
          {b.email}
        </p>
      )}
      {a && (
        <p className="hc-confirm__address">
          {a.street}
          <br />
          {a.postal_code} {a.city}, {countryName(a.country_code, i18n.language || 'en-GB')}
          {a.phone && (
            <>
              <br />
              {a.phone}
            </>
          )}
        </p>
      )}
      {editable && (
        <p className="hc-confirm__edit">
          <Link to={pathTo('basic-info')} state={{ returnToConfirm: true }}>
            {t('order_confirm.edit_basic_info')}
          </Link>{' '}
          <Link to={pathTo('address')} state={{ returnToConfirm: true }}>
            {t('order_confirm.edit_address')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The chosen payment; the edit button opens the payment modal (not for an existing customer). */
export function PaymentSummary({ payment, types, onEdit }: { payment: PaymentOption | null; types: PaymentType[]; onEdit?: () => void }) {
  const { t } = useTranslation();
  const name = payment ? (types.find((pt) => pt.slug === payment.type)?.name ?? payment.type) : null;
  return (
    <section className="hc-card hc-confirm__section" aria-labelledby="hc-confirm-payment">
      <h2 id="hc-confirm-payment">{t('order_confirm.payment_heading')}</h2>
      <p>{name ?? t('order_confirm.payment_on_record')}</p>
      {payment?.type === PAYMENT_SEPA && payment.iban && (
        <p>
          {payment.holder}
          <br />
          {t('payment_form.iban')}: {payment.iban}
        </p>
      )}
      {onEdit && (
        <button type="button" className="hc-button hc-button--link" onClick={onEdit}>
          {t('order_confirm.edit_payment')}
        </button>
      )}
    </section>
  );
}

function LineRow({ line, sub, money, withVat }: { line: PricedLine; sub?: boolean; money: (c: number) => string; withVat: boolean }) {
  const { t } = useTranslation();
  if (line.hide_in_cart) return null;
  const price = line.price;
  const term = line.maturity_months > 0 ? maturityLabel(line.maturity_months) : null;
  return (
    <li className={sub ? 'hc-confirm-cart__line hc-confirm-cart__line--sub' : 'hc-confirm-cart__line'}>
      <span className="hc-confirm-cart__name">
        {line.name}
        {term && <span className="hc-hint"> · {t(term.key, term.params ?? {})}</span>}
      </span>
      {price && price.show_price && (
        <span className="hc-confirm-cart__price">
          {price.one_time
            ? t('order_confirm.one_time', { price: money(price.presentation?.setup_cents ?? price.display_cents) })
            : t('order_confirm.per_month', { price: money(price.presentation?.unit_cents ?? price.display_cents) })}
          <span className="hc-visually-hidden"> {withVat ? t('order_confirm.incl_vat') : t('order_confirm.excl_vat')}</span>
        </span>
      )}
    </li>
  );
}

/**
 * The cart of the priced view: every row with its lines and the totals (spec §2 "Confirm"), the
 * figures of the presentation as sent, so the confirm page adds up as the cart does.
 */
export function CartSummary({
  priced,
  totals,
  heading,
  testId = 'confirm-cart',
}: {
  priced: PricedCart;
  /** Replaces the price totals (the success page's). */
  totals?: ReactNode;
  heading?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const figures = priced.totals;
  const withVat = priced.prices_with_vat;
  return (
    <section className="hc-card hc-confirm__section" aria-labelledby="hc-confirm-cart">
      <h2 id="hc-confirm-cart">{heading ?? t('order_confirm.cart_heading')}</h2>
      <ul className="hc-confirm-cart" data-testid={testId}>
        {priced.items.map((item) => (
          <li key={item.row_id} className="hc-confirm-cart__item">
            <ul>
              {item.product && <LineRow line={item.product} money={money} withVat={withVat} />}
              {item.addons.map((l) => (
                <LineRow key={`a${l.id}`} line={l} sub money={money} withVat={withVat} />
              ))}
              {item.upsells.map((l) => (
                <LineRow key={`u${l.id}`} line={l} sub money={money} withVat={withVat} />
              ))}
              {item.domains.map((d) => (
                <li key={d.name} className="hc-confirm-cart__line hc-confirm-cart__line--sub">
                  <span className="hc-confirm-cart__name">{d.name}</span>
                  {d.price?.show_price && (
                    <span className="hc-confirm-cart__price">{d.inclusive ? t('order_confirm.inclusive') : t('order_confirm.per_year', { price: money(d.price.display_cents) })}</span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {totals ?? (figures?.presentation && <PriceTotals figures={figures.presentation} withVat={withVat} locale={i18n.language} testId="confirm-totals" />)}
    </section>
  );
}
