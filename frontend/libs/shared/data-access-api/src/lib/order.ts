// The order routes (docs/api.md "Order routes") and the payment calls the confirm page makes to
// finish a card or PayPal payment (docs/api.md "Payment routes": /{card-provider}/create-payment,
// /{card-provider}/payment-details, /paypal/*). Types are the generated checkout.order.v1 / checkout.payment.v1 JSON in the gateway's
// shape.
import type { ApiJson, order, payment } from '@hostcart/shared-api-types';
import { api } from './api';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './csrf';
import { CARD_PROVIDER } from './payment';

/**
 * An order as the gateway answers it. status is awaiting_sms until the SMS code is validated where
 * one is required, then placed; the totals' cents are int64, so JSON strings (use toNumber).
 */
export type Order = ApiJson<order.OrderJson>;
export type OrderTotals = ApiJson<order.TotalsJson>;
export type OrderLine = ApiJson<order.LineJson>;

/** The feedback of the confirm page (spec §3 order payload, §5 "Feedback"), POST /orders' body. */
export interface OrderFeedback {
  advertised_customer: string;
  referral_id: string;
  known_from: string;
  other_known_from: string;
  comment: string;
  allowed_newsletter: boolean;
  mca_agreement: boolean;
  eult_agreement: boolean;
  gtc_agreement: boolean;
  generalbusinessterm: boolean;
  privacyterm: boolean;
  /**
   * A consumer asks for the services to start within the withdrawal period and acknowledges losing
   * the right once they are fully performed (§ 356 Abs. 4 BGB, § 18 FAGG); optional: without it the
   * services start after the period. The order keeps it.
   */
  early_start?: boolean;
}

/** The knownfrom options of spec §3, in order. */
export const KNOWN_FROM_OPTIONS = ['advertising', 'magazine', 'magazine_special', 'search_engine', 'customer_referral', 'other'] as const;
export type KnownFrom = (typeof KNOWN_FROM_OPTIONS)[number];

export const ORDER_AWAITING_SMS = 'awaiting_sms';
export const ORDER_PLACED = 'placed';

/** The header of POST /orders, /{card-provider}/create-payment, /{card-provider}/payment-details and /paypal/create-subscription. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface PlaceOrderArgs {
  /** One per confirm attempt, reused for retries of that attempt (1 to 255 characters). */
  idempotencyKey: string;
  feedback: OrderFeedback;
}

export interface ValidateSmsArgs {
  orderId: string;
  /** Only read when the customer has no phone. */
  phoneNo: string;
  smsCode: string;
}

export type ResendSmsResponse = ApiJson<order.ResendSMSResponseJson>;

/** The card provider's answer: result_code (Authorised, Pending, Received, RedirectShopper, Refused, ...) and the 3-D Secure action. */
export type CardPaymentResult = ApiJson<payment.CreateCardPaymentResponseJson>;

export interface CreateCardPaymentArgs {
  idempotencyKey: string;
  /** The card component's paymentMethod data, as it gave it. */
  paymentMethod: unknown;
}

export interface PaymentDetailsArgs {
  idempotencyKey: string;
  redirectResult: string;
}

export type PaypalLink = ApiJson<payment.PayPalLinkJson>;

/** POST /paypal/create-subscription's answer: the generated CreatePayPalSubscriptionResponse. */
export type PaypalSubscription = ApiJson<payment.CreatePayPalSubscriptionResponseJson>;

export interface CreatePaypalSubscriptionArgs {
  idempotencyKey: string;
  /** Where PayPal sends a cancelling shopper (/cancel-paypal-subscription/{order_code}); word characters. */
  orderCode?: string;
}

/** The resend route lives outside /api/v2 (spec §7): an absolute URL keeps the base URL off it. */
function resendUrl(orderId: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/api/v1/${encodeURIComponent(orderId)}/sms`;
}

const key = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER]: idempotencyKey });

/** A referral id as the order service accepts it: 2 to 20 letters, digits, underscores or hyphens. */
const REFERRAL_ID = /^[\w-]{2,20}$/;

/**
 * The landing link's ?referrer (spec §7 "the app referrer"), when it is a referral id. Read raw,
 * not through the routes' word-character sanitiser, which would turn partner-1 into partner1.
 */
export function referrerOfSearch(search: string): string | undefined {
  const id = new URLSearchParams(search).get('referrer')?.trim();
  return id && REFERRAL_ID.test(id) ? id : undefined;
}

export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /orders: the same key with the same body answers the same order. A placed order empties the session's cart. */
    placeOrder: build.mutation<Order, PlaceOrderArgs>({
      query: ({ idempotencyKey, feedback }) => ({ url: '/orders', method: 'POST', body: feedback, headers: key(idempotencyKey) }),
      transformResponse: (body: ApiJson<order.PlaceOrderResponseJson>) => body.order as Order,
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      transformResponse: (body: ApiJson<order.GetOrderResponseJson>) => body.order as Order,
      keepUnusedDataFor: 0,
    }),
    /** Refused codes: 400 validation.failed with errors {phoneNo: [...], smsCode: [...]}. */
    validateSms: build.mutation<Order, ValidateSmsArgs>({
      query: ({ orderId, phoneNo, smsCode }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/validate`,
        method: 'POST',
        body: { phoneNo, smsCode, method: 'sms' },
      }),
      transformResponse: (body: ApiJson<order.ValidateSMSResponseJson>) => body.order as Order,
    }),
    /** POST: an SMS costs money and reaches a phone, so the route is under the CSRF check. */
    resendSms: build.mutation<ResendSmsResponse, string>({
      query: (orderId) => ({ url: resendUrl(orderId), method: 'POST', body: {} }),
    }),
    /** The id an order would carry (spec §7 source order: cookie pvid, cookie emid, the session's referrer). */
    getReferral: build.query<string, void>({
      query: () => '/session/referral',
      transformResponse: (body: ApiJson<order.GetReferralResponseJson>) => body.id,
    }),
    /** Refused: 400 validation.failed with errors.id. */
    setReferral: build.mutation<string, string>({
      query: (id) => ({ url: '/session/referral', method: 'PUT', body: { id } }),
      transformResponse: (body: ApiJson<order.SetReferralResponseJson>) => body.id,
    }),
    /** GET /session/cancel: clears the session's cart, customer, payment and referral (a GET that needs the CSRF token). */
    cancelSession: build.mutation<void, void>({
      query: () => {
        const token = readCookie(CSRF_COOKIE);
        return { url: '/session/cancel', headers: token ? { [CSRF_HEADER]: token } : undefined };
      },
      transformResponse: () => undefined,
      invalidatesTags: ['Cart', 'Customer', 'Payment', 'Vat'],
    }),
    createCardPayment: build.mutation<CardPaymentResult, CreateCardPaymentArgs>({
      query: ({ idempotencyKey, paymentMethod }) => ({
        url: `/${CARD_PROVIDER}/create-payment`,
        method: 'POST',
        body: { payment_method: paymentMethod },
        headers: key(idempotencyKey),
      }),
    }),
    submitPaymentDetails: build.mutation<CardPaymentResult, PaymentDetailsArgs>({
      query: ({ idempotencyKey, redirectResult }) => ({
        url: `/${CARD_PROVIDER}/payment-details`,
        method: 'POST',
        body: { redirect_result: redirectResult },
        headers: key(idempotencyKey),
      }),
    }),
    createPaypalSubscription: build.mutation<PaypalSubscription, CreatePaypalSubscriptionArgs>({
      query: ({ idempotencyKey, orderCode }) => ({
        url: '/paypal/create-subscription',
        method: 'POST',
        body: orderCode ? { order_code: orderCode } : {},
        headers: key(idempotencyKey),
      }),
    }),
    confirmPaypalSubscription: build.mutation<void, string>({
      query: (subscriptionId) => ({ url: '/paypal/confirm-subscription', method: 'POST', body: { subscription_id: subscriptionId } }),
      transformResponse: () => undefined,
      invalidatesTags: ['Payment'],
    }),
    cancelPaypalSubscription: build.mutation<void, void>({
      query: () => ({ url: '/paypal/cancel-subscription', method: 'POST', body: {} }),
      transformResponse: () => undefined,
      invalidatesTags: ['Payment'],
    }),
  }),
});

/** The approve URL of a subscription: approve_url, else the link with rel approve (spec §7). */
export function approveUrl(subscription: Partial<PaypalSubscription> | undefined): string | undefined {
  if (!subscription) return undefined;
  if (subscription.approve_url) return subscription.approve_url;
  return subscription.links?.find((l) => l.rel === 'approve')?.href || undefined;
}

export const {
  usePlaceOrderMutation,
  useGetOrderQuery,
  useValidateSmsMutation,
  useResendSmsMutation,
  useGetReferralQuery,
  useSetReferralMutation,
  useCancelSessionMutation,
  useCreateCardPaymentMutation,
  useSubmitPaymentDetailsMutation,
  useCreatePaypalSubscriptionMutation,
  useConfirmPaypalSubscriptionMutation,
  useCancelPaypalSubscriptionMutation,
} = orderApi;
