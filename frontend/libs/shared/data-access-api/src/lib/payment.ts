// The payment routes (docs/api.md "Payment routes"): the brand's payment types and the session's
// selected payment option.
import type { ApiJson, payment } from '@hostcart/shared-api-types';
import { api } from './api';

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

/** Payment type slugs (spec §3). */
export const PAYMENT_SEPA = 'sepa';
export const CARD_PROVIDER_PREFIX = 'adyen-';

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
  }),
});

export const { useGetPaymentTypesQuery, useGetSessionPaymentQuery, useSavePaymentMutation } = paymentApi;
