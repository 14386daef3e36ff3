import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, toNumber, usePlaceOrderMutation, type Order, type OrderFeedback, type PricedCart } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { useAppDispatch } from '@hostcart/shared-store';
import { purchase, track, type AnalyticsLine, type ItemKind } from '@hostcart/shared-util-analytics';
import { withRetries } from './idempotency';
import { clearFeedback, dropOauthData, storeOrder, storeOrderSummary } from './storage';

const KINDS: readonly ItemKind[] = ['product', 'addon', 'upsell', 'domain'];

/** GA4 purchase with the server's totals and lines (spec §4a "order finalized"). */
export function purchaseEvent(order: Order) {
  const lines: AnalyticsLine[] = (order.lines ?? []).map((l) => ({
    kind: (KINDS as readonly string[]).includes(l.kind) ? (l.kind as ItemKind) : 'product',
    id: l.name,
    name: l.name,
    priceCents: toNumber(l.gross_cents),
  }));
  return purchase(
    { transactionId: order.order_code || order.order_id, totalCents: toNumber(order.totals?.gross_cents), taxCents: toNumber(order.totals?.vat_cents) },
    lines,
  );
}

/** Where a confirmed order goes next (spec §4): SMS validation when required, else success. */
export function afterOrderPath(order: Order): string {
  return order.sms_required && !order.sms_validated ? pathTo('sms-validation') : pathTo('success', { orderId: order.order_id });
}

/**
 * Set while the confirm page hands over to the next screen after an order: the cart it refetches
 * is empty by then, and the confirm page's own guard must not send the visitor to '/' in between.
 */
export const afterOrder = { navigating: false };

/**
 * POST /orders with the attempt's key (retried with the same key on transient failures), then spec
 * §4 "Order confirmed": the order's id and code kept (with the priced cart the page showed), the feedback and oauth data dropped, GA4
 * purchase, the next screen, and the (now empty) cart fetched again.
 */
export function usePlaceOrder() {
  const [placeOrder, state] = usePlaceOrderMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const place = useCallback(
    async (idempotencyKey: string, feedback: OrderFeedback, shown?: { priced: PricedCart; existing: boolean; certificate: boolean }) => {
      const order = await withRetries(() => placeOrder({ idempotencyKey, feedback }).unwrap());
      storeOrder(order);
      // What the confirm page showed, for the success page's summary (it checks it against the order).
      if (shown) storeOrderSummary({ order_id: order.order_id, ...shown });
      clearFeedback();
      dropOauthData();
      track(purchaseEvent(order));
      afterOrder.navigating = true;
      navigate(afterOrderPath(order), { replace: true });
      dispatch(api.util.invalidateTags(['Cart', 'Payment']));
      return order;
    },
    [dispatch, navigate, placeOrder],
  );
  return { place, isLoading: state.isLoading };
}
