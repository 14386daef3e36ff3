import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCancelPaypalSubscriptionMutation } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { LoadingState } from '@hostcart/shared-ui';

/**
 * /cancel-paypal-subscription/:order_code (spec §2): the shopper cancelled at PayPal; the pending
 * subscription is cancelled and forgotten, then back to confirm (also when cancelling failed: the
 * confirm page creates a new subscription on the next attempt).
 */
export function CancelPaypalSubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { order_code: orderCode } = useParams();
  const [cancel] = useCancelPaypalSubscriptionMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = orderCode && orderCode !== 'new' ? pathTo('confirm', { order_code: orderCode }) : pathTo('confirm');
    void cancel()
      .unwrap()
      .catch((e) => console.warn('PayPal subscription cancel failed', e))
      .finally(() => navigate(target, { replace: true }));
  }, [cancel, navigate, orderCode]);
  return <LoadingState label={t('order_confirm.paypal_cancelling')} />;
}
