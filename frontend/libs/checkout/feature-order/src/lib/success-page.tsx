import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CARD_PROVIDER_PREFIX,
  PAYMENT_CREDIT_CARD,
  PAYMENT_PAYPAL,
  PAYMENT_PAYPAL_INTEGRATION,
  PAYMENT_SEPA,
  api,
  errorMessageKey,
  isNotFound,
  toNumber,
  useCancelSessionMutation,
  useGetCurrentBrandQuery,
  useGetOrderQuery,
  type Order,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { CartSummary } from './confirm-summaries';
import { ContractTotals } from './contract-box';
import { clearOrder, portalProperty, returnsToPortal, storedOrderSummary, type OrderSummary } from './storage';

/**
 * Spec §4 "Success ... on leaving, it resets customer, order and payment and reloads the cart":
 * the session's customer data, payment and referral are cleared on the server, the kept order
 * dropped, and the cart, customer and payment fetched again.
 */
function useResetOnLeave() {
  const [cancelSession] = useCancelSessionMutation();
  const dispatch = useAppDispatch();
  const cancelRef = useRef(cancelSession);
  cancelRef.current = cancelSession;
  useEffect(
    () => () => {
      clearOrder();
      void cancelRef
        .current()
        .unwrap()
        .catch(() => dispatch(api.util.invalidateTags(['Cart', 'Customer', 'Payment'])));
    },
    [dispatch],
  );
}

/**
 * The confirm page's summary of this order when it is the order's: the kept priced cart is shown
 * only while its totals are the order's (another tab may have changed the cart in between).
 */
export function summaryOfOrder(order: Order): OrderSummary | null {
  const summary = storedOrderSummary(order.order_id);
  const totals = summary?.priced.totals;
  if (!summary || !totals?.presentation || !order.totals) return null;
  if (totals.total_gross_cents !== toNumber(order.totals.gross_cents) || totals.total_net_cents !== toNumber(order.totals.net_cents)) return null;
  return summary;
}

/** When the first amount is taken, per payment type (the card and PayPal types, SEPA, else an invoice). */
function paymentStepKey(type: string): string {
  if (type === PAYMENT_SEPA) return 'order_success.next.payment_sepa';
  if (type.startsWith(CARD_PROVIDER_PREFIX) || type === PAYMENT_CREDIT_CARD) return 'order_success.next.payment_card';
  if (type === PAYMENT_PAYPAL || type === PAYMENT_PAYPAL_INTEGRATION) return 'order_success.next.payment_paypal';
  return 'order_success.next.payment_invoice';
}

/**
 * /success/:orderId (spec §2 "Success"; issue 23): the order number, the order's summary with the
 * figures the confirm page showed (its components and the price presentation, nothing computed),
 * the SEPA mandate reference, what happens next and what happens to the customer account.
 */
export function SuccessPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const order = useGetOrderQuery(orderId);
  const brand = useGetCurrentBrandQuery();
  useResetOnLeave();
  if (order.isLoading) return <LoadingState label={t('common.loading')} />;
  if (order.error) {
    if (isNotFound(order.error as never)) return <Navigate to={pathTo('error-404')} replace />;
    return <ErrorState messageKey={errorMessageKey(order.error as never)} onRetry={() => void order.refetch()} />;
  }
  if (!order.data) return <Navigate to="/" replace />;
  const o = order.data;
  const portal = returnsToPortal() ? (brand.data?.properties[portalProperty()] ?? brand.data?.properties['oauth_authority_url']) : undefined;
  const summary = summaryOfOrder(o);
  const figures = summary?.priced.totals?.presentation;
  const brandName = brand.data?.name ?? '';
  const hasDomains = !!summary?.priced.items.some((i) => i.domains.length > 0);
  return (
    <div className="hc-page hc-page--narrow hc-success">
      <h1>{t('order_success.heading')}</h1>
      <p className="hc-success__number">
        {t('order_success.order_number')} <strong data-testid="order-code">{o.order_code}</strong>
      </p>
      <p>{t('order_success.mail_follows')}</p>
      {/* A SEPA order names its mandate reference (issue 23): the bank statement carries it. An order
          placed before the answer had the field says the confirmation mail names it. */}
      {o.payment_type === PAYMENT_SEPA && (
        <p data-testid="success-mandate">
          {o.sepa_mandate_reference ? t('order_confirm.contract_box.mandate_reference', { reference: o.sepa_mandate_reference }) : t('order_confirm.contract_box.mandate_reference_later')}
        </p>
      )}
      {summary && figures && (
        <div className="hc-success__summary" data-testid="success-summary">
          <CartSummary
            priced={summary.priced}
            heading={t('order_success.summary_heading')}
            testId="success-cart"
            totals={<ContractTotals figures={figures} withVat={summary.priced.prices_with_vat} testId="success-totals" />}
          />
        </div>
      )}
      <section className="hc-card hc-success__next" aria-labelledby="hc-success-next" data-testid="success-next-steps">
        <h2 id="hc-success-next">{t('order_success.next.heading')}</h2>
        <ol className="hc-success__steps">
          <li>{t('order_success.next.mail')}</li>
          <li>{t('order_success.next.setup')}</li>
          {summary?.certificate && <li>{t('product_fields.certificate_provisioning')}</li>}
          {hasDomains && <li>{t('order_success.next.domains')}</li>}
          {o.payment_type && <li data-testid="success-payment-step">{t(paymentStepKey(o.payment_type))}</li>}
        </ol>
      </section>
      {summary && (
        <section className="hc-card hc-success__account" aria-labelledby="hc-success-account" data-testid="success-account">
          <h2 id="hc-success-account">{t('order_success.account.heading')}</h2>
          <p>{summary.existing ? t('order_success.account.existing', { brand: brandName }) : t('order_success.account.new', { brand: brandName })}</p>
        </section>
      )}
      <p className="hc-form-actions">
        {portal && (
          <a className="hc-button hc-button--secondary" href={portal}>
            {t('order_success.back_to_portal')}
          </a>
        )}
        <Link className="hc-button hc-button--primary" to={pathTo('categories')}>
          {t('order_success.continue')}
        </Link>
      </p>
    </div>
  );
}
