import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, errorMessageKey, isNotFound, useCancelSessionMutation, useGetCurrentBrandQuery, useGetOrderQuery } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { clearOrder, portalProperty, returnsToPortal } from './storage';

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

/** /success/:orderId (spec §2 "Success"): the order number, the mail note, the way back to the cloud portal. */
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
  const portal = returnsToPortal() ? (brand.data?.properties[portalProperty()] ?? brand.data?.properties['oauth_authority_url']) : undefined;
  return (
    <div className="hc-page hc-page--narrow hc-success">
      <h1>{t('order_success.heading')}</h1>
      <p className="hc-success__number">
        {t('order_success.order_number')} <strong data-testid="order-code">{order.data.order_code}</strong>
      </p>
      <p>{t('order_success.mail_follows')}</p>
      {/* A SEPA order names its mandate reference (issue 23): the bank statement carries it. An order
          placed before the answer had the field says the confirmation mail names it. */}
      {order.data.payment_type === 'sepa' && (
        <p data-testid="success-mandate">
          {order.data.sepa_mandate_reference
            ? t('order_confirm.contract_box.mandate_reference', { reference: order.data.sepa_mandate_reference })
            : t('order_confirm.contract_box.mandate_reference_later')}
        </p>
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
