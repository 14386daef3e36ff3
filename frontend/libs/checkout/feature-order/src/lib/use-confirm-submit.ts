import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  CARD_PROVIDER_PREFIX,
  PAYMENT_PAYPAL_INTEGRATION,
  approveUrl,
  errorDetails,
  errorMessageKey,
  errorParams,
  firstFieldErrors,
  forgetCardPayment,
  isUnexpectedError,
  useConfirmPaypalSubscriptionMutation,
  useCreateCardPaymentMutation,
  useCreatePaypalSubscriptionMutation,
  useSetReferralMutation,
  useSubmitPaymentDetailsMutation,
  type CardPaymentResult,
  type OrderFeedback,
  type PaymentOption,
  type PricedCart,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { FEEDBACK_FIELDS } from './feedback-rules';
import { newIdempotencyKey, withRetries } from './idempotency';
import type { OrderFailure } from './order-failure';
import { redirectTo } from './redirect';
import type { FeedbackValues } from './storage';
import { usePlaceOrder } from './use-place-order';

/** Spec §9: the error scroll delay. */
export const ERROR_SCROLL_DELAY_MS = 40;
export const PAYPAL_INTEGRATION = PAYMENT_PAYPAL_INTEGRATION;
/** Card results that authorise the order (spec §4 "Card payment result"). */
const CARD_ACCEPTED = new Set(['Authorised', 'Pending', 'Received']);
/** The order service's refusal of a payment made for another cart (it voided that payment). */
export const PAYMENT_AMOUNT_CHANGED = 'payment.amount_changed';
/** Spec §8: an order error the API gave no message for is the 'unexpected error'. */
export const UNEXPECTED_ERROR_KEY = 'error.unexpected';

type SubmitKind = 'card' | 'paypal' | 'plain';

function kindOf(payment: PaymentOption | null): SubmitKind {
  if (payment?.type.startsWith(CARD_PROVIDER_PREFIX)) return 'card';
  if (payment?.type === PAYPAL_INTEGRATION) return 'paypal';
  return 'plain';
}

/** The redirect URL of the card provider's action (3-D Secure): {type: 'redirect', url}. */
function actionUrl(result: CardPaymentResult): string | undefined {
  if (!result.action_json) return undefined;
  try {
    const action = JSON.parse(result.action_json) as { url?: unknown };
    return typeof action.url === 'string' && action.url ? action.url : undefined;
  } catch {
    return undefined;
  }
}

export interface ConfirmSubmitOptions {
  payment: PaymentOption | null;
  /** The priced cart the page shows: kept with the order for the success page's summary. */
  priced: PricedCart;
  /** The cart holds a certificate (the success page says when it is issued). */
  certificate: boolean;
  existing: boolean;
  /** The feedback section is shown (its fields can carry server errors). */
  showFeedback: boolean;
  showReferral: boolean;
  setError: UseFormSetError<FeedbackValues>;
  feedback: { payload: (values: FeedbackValues) => OrderFeedback; flush: () => void; storedPayload: () => OrderFeedback };
  /** The card component's paymentMethod data the payment screen keeps in memory. */
  cardPaymentData?: () => unknown;
  /** Asks for the payment again (a refused or missing payment). */
  openPaymentModal: () => void;
}

/**
 * Placing the order (spec §4 "Confirm"): the referral first, then per payment kind the card
 * payment (with its 3-D Secure redirect), the PayPal subscription (its approval redirect) or the
 * order at once; the returns from both redirects; the failures in the placeholder or at the
 * feedback fields (spec §8).
 */
export function useConfirmSubmit({ payment, priced, certificate, existing, showFeedback, showReferral, setError, feedback, cardPaymentData, openPaymentModal }: ConfirmSubmitOptions) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { order_code: orderCode } = useParams();
  const [query] = useSearchParams();
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const placeholderRef = useRef<HTMLDivElement>(null);
  const returning = useRef(false);
  const kind = kindOf(payment);

  const [setReferral] = useSetReferralMutation();
  const [createCardPayment] = useCreateCardPaymentMutation();
  const [submitDetails] = useSubmitPaymentDetailsMutation();
  const [createSubscription] = useCreatePaypalSubscriptionMutation();
  const [confirmSubscription] = useConfirmPaypalSubscriptionMutation();
  const { place: placeOrder } = usePlaceOrder();
  const place = useCallback((key: string, fb: OrderFeedback) => placeOrder(key, fb, { priced, existing, certificate }), [certificate, existing, placeOrder, priced]);

  const showFailure = useCallback((f: OrderFailure) => {
    setFailure(f);
    // Spec §8: the page scrolls to the error placeholder after 40 ms.
    setTimeout(() => {
      const el = placeholderRef.current;
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      el?.focus({ preventScroll: true });
    }, ERROR_SCROLL_DELAY_MS);
  }, []);

  /** Spec §8 "Order confirm failure": the errors map at the feedback fields, else one message in the placeholder. */
  const showError = useCallback(
    (e: unknown, fieldAlias: Record<string, keyof FeedbackValues> = {}) => {
      const byField = firstFieldErrors(e);
      let placed = false;
      if (showFeedback) {
        for (const [serverField, key] of Object.entries(byField)) {
          const field = fieldAlias[serverField] ?? serverField;
          if ((FEEDBACK_FIELDS as readonly string[]).includes(field) && (field !== 'referral_id' || showReferral)) {
            setError(field as keyof FeedbackValues, { type: 'server', message: key }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) {
        const key = isUnexpectedError(e as never) ? UNEXPECTED_ERROR_KEY : errorMessageKey(e as never);
        showFailure({ key, params: errorParams(e as never), details: errorDetails(e as never) });
      }
      return placed;
    },
    [setError, showFailure, showFeedback, showReferral],
  );

  /**
   * A failed submit: its message, and when the server refused the payment because the cart changed
   * after paying (it voided that payment), the payment form again so the shopper pays the new total.
   */
  const showSubmitError = useCallback(
    (e: unknown) => {
      showError(e);
      if (errorMessageKey(e as never) === PAYMENT_AMOUNT_CHANGED && !existing) openPaymentModal();
    },
    [existing, openPaymentModal, showError],
  );

  /** The card result of one attempt: redirect for an action, else place the order when accepted. */
  const afterCardResult = useCallback(
    async (result: CardPaymentResult, key: string, fb: OrderFeedback) => {
      const url = actionUrl(result);
      if (url) {
        redirectTo(url);
        return;
      }
      if (CARD_ACCEPTED.has(result.result_code)) {
        // The provider has the payment: the card data has served and is not kept any longer.
        forgetCardPayment();
        await place(key, fb);
        return;
      }
      showFailure({ key: 'payment.refused' });
      if (!existing) openPaymentModal();
    },
    [existing, openPaymentModal, place, showFailure],
  );

  async function submit(values: FeedbackValues) {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    // Spec: every submit attempt has its own key; retries of the attempt reuse it.
    const key = newIdempotencyKey();
    const fb = feedback.payload(values);
    feedback.flush();
    try {
      // Spec §4: a referral id is set first; a referrer error blocks (before any money moves).
      if (fb.referral_id) {
        try {
          await withRetries(() => setReferral(fb.referral_id).unwrap());
        } catch (e) {
          showError(e, { id: 'referral_id' });
          return;
        }
      }
      if (kind === 'card') {
        const data = cardPaymentData?.();
        if (!data) {
          showFailure({ key: 'payment.payment_data_missing' });
          if (!existing) openPaymentModal();
          return;
        }
        const result = await withRetries(() => createCardPayment({ idempotencyKey: key, paymentMethod: data }).unwrap());
        await afterCardResult(result, key, fb);
        return;
      }
      if (kind === 'paypal') {
        const subscription = await withRetries(() => createSubscription({ idempotencyKey: key, orderCode: orderCode || 'new' }).unwrap());
        const url = approveUrl(subscription);
        if (!url) {
          dispatch(notify({ type: 'error', title: 'payment.error_title', message: 'error.something_went_wrong' }));
          return;
        }
        redirectTo(url);
        return;
      }
      await place(key, fb);
    } catch (e) {
      showSubmitError(e);
    } finally {
      setBusy(false);
    }
  }

  // Spec §4 "Return from a card redirect" and "Return from PayPal": the stored feedback, the
  // payment finished with the provider's answer, then the order (each a new attempt).
  const redirectResult = query.get('redirectResult');
  const subscriptionId = query.get('subscription_id');
  useEffect(() => {
    if (returning.current || (!redirectResult && !subscriptionId)) return;
    returning.current = true;
    const key = newIdempotencyKey();
    const fb = feedback.storedPayload();
    // The return URL is used once: a reload must not send it again.
    navigate(pathTo('confirm', orderCode ? { order_code: orderCode } : {}), { replace: true });
    setBusy(true);
    void (async () => {
      try {
        if (redirectResult) {
          const result = await withRetries(() => submitDetails({ idempotencyKey: key, redirectResult }).unwrap());
          await afterCardResult(result, key, fb);
        } else if (subscriptionId) {
          await withRetries(() => confirmSubscription(subscriptionId).unwrap());
          await place(key, fb);
        }
      } catch (e) {
        showSubmitError(e);
      } finally {
        setBusy(false);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per return URL (returning guards it; the URL is replaced at once); the submit helpers are new functions every render.
  }, [redirectResult, subscriptionId]);

  return { submit, busy, failure, placeholderRef };
}
