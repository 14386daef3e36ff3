// The payment routes (docs/api.md "Payment routes"): the brand's payment types, the session's
// selected payment option and the card provider's methods; the card component's data in memory.
import type { ApiJson, payment } from '@hostcart/shared-api-types';
import { api } from './api';
import { CARD_PROVIDER, CARD_PROVIDER_PREFIX } from './payment-types.gen';

export type PaymentType = ApiJson<payment.PaymentTypeJson>;
/** The IBAN comes back masked; references are the providers' and never sent. */
export type PaymentOption = ApiJson<payment.PaymentOptionJson>;

/** What the payment form sends (PUT /session/payment). */
export interface PaymentForm {
  type: string;
  holder?: string;
  iban?: string;
  bic?: string;
  bank?: string;
  permission?: boolean;
}

// Payment type slugs (spec §3) and the card provider's name: generated from libs/go/paymenttypes,
// the one source the services use too (issue 24).
export {
  PAYMENT_SEPA,
  PAYMENT_PAYPAL,
  PAYMENT_PAYPAL_INTEGRATION,
  PAYMENT_CREDIT_CARD,
  PAYMENT_BANK_TRANSFER,
  PAYMENT_ACCOUNT,
  CARD_PROVIDER,
  CARD_PROVIDER_PREFIX,
} from './payment-types.gen';

/** True for the card provider's methods (adyen-*), whose form is the provider's component. */
export function isCardProviderType(slug: string | undefined): boolean {
  return !!slug && slug.startsWith(CARD_PROVIDER_PREFIX) && slug.length > CARD_PROVIDER_PREFIX.length;
}

/** The card provider's method type of a slug: adyen-scheme → scheme. */
export function cardMethodType(slug: string): string {
  return slug.slice(CARD_PROVIDER_PREFIX.length);
}

/**
 * The payment modal's size (spec §2 "Payment"): large with more than 2 payment types, else medium.
 * For the confirm page's payment modal; takes the brand's types or their number.
 */
export function paymentModalSize(types: readonly unknown[] | number): 'large' | 'medium' {
  return (typeof types === 'number' ? types : types.length) > 2 ? 'large' : 'medium';
}

/**
 * The card provider's answer (spec §3 "Payment provider state"): its methods, the amount it will
 * charge (int64 cents, a JSON string), the client key and the environment the browser's component
 * starts with: 'sandbox' for the shop's own sandbox component (devstack), 'test' or 'live' for
 * the provider's component.
 */
export type CardPaymentMethods = ApiJson<payment.ListCardPaymentMethodsResponseJson>;
export type CardPaymentMethod = ApiJson<payment.CardPaymentMethodJson>;

/** The card component's paymentMethod (state.data.paymentMethod), as the component gave it. */
export type CardPaymentMethodData = { type: string } & Record<string, unknown>;

/** The card data kept for the confirm step: the payment type it was entered for and the component's data. */
export interface HeldCardPayment {
  type: string;
  paymentMethod: CardPaymentMethodData;
}

// Card data lives in this module's memory only: never in the store (whose session values are kept
// in session storage), never in session or local storage, never sent to /session/payment. A reload
// forgets it and the visitor enters the card again.
let heldCard: HeldCardPayment | null = null;
const heldCardListeners = new Set<() => void>();

/** Keeps the card component's data for the confirm step (POST /create-payment), in memory only. */
export function holdCardPayment(held: HeldCardPayment | null): void {
  heldCard = held ? { type: held.type, paymentMethod: { ...held.paymentMethod } } : null;
  heldCardListeners.forEach((l) => l());
}

/** The card data held for the confirm step, or null (not entered, or lost with a reload). */
export function heldCardPayment(): HeldCardPayment | null {
  return heldCard;
}

/** Forgets the held card data (after the payment was created, or when the visitor leaves). */
export function forgetCardPayment(): void {
  holdCardPayment(null);
}

/** For useSyncExternalStore(subscribeHeldCardPayment, heldCardPayment). */
export function subscribeHeldCardPayment(listener: () => void): () => void {
  heldCardListeners.add(listener);
  return () => heldCardListeners.delete(listener);
}

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentTypes: build.query<PaymentType[], void>({
      query: () => '/payment-types',
      transformResponse: (body: ApiJson<payment.ListPaymentTypesResponseJson>) => body.payment_types ?? [],
    }),
    getSessionPayment: build.query<PaymentOption | null, void>({
      query: () => '/session/payment',
      transformResponse: (body: ApiJson<payment.GetSessionPaymentResponseJson>) => body.payment ?? null,
      providesTags: ['Payment'],
    }),
    savePayment: build.mutation<PaymentOption | null, PaymentForm>({
      query: (body) => ({ url: '/session/payment', method: 'PUT', body }),
      transformResponse: (body: ApiJson<payment.SetSessionPaymentResponseJson>) => body.payment ?? null,
      invalidatesTags: ['Payment'],
    }),
    /**
     * POST /{card-provider}/payment-methods with the customer's country (spec §7); the server
     * answers for the session customer's country and the priced cart's total.
     */
    getCardPaymentMethods: build.query<CardPaymentMethods, string | void>({
      query: (countryCode) => ({ url: `/${CARD_PROVIDER}/payment-methods`, method: 'POST', body: { country_code: countryCode ?? '' } }),
      // The amount follows the cart: ask again whenever the payment screen shows the card.
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Puts a saved option (savePayment's answer) into the session payment's cache: dispatch and await
 * it before leaving the payment screen, so the next screen's guard (confirm needs a selected
 * payment, spec §4) never reads the option from before the save while the refetch the save's
 * invalidation started is still under way.
 */
export function rememberSessionPayment(saved: PaymentOption | null) {
  return paymentApi.util.upsertQueryData('getSessionPayment', undefined, saved);
}

export const { useGetPaymentTypesQuery, useGetSessionPaymentQuery, useSavePaymentMutation, useGetCardPaymentMethodsQuery } = paymentApi;
