// The customer routes (docs/api.md "Customer routes"): the session's customer, its two forms, and
// the login of existing customers through the brand's OpenID authority.
import type { ApiJson, customer } from '@hostcart/shared-api-types';
import { api } from './api';

export type BasicInfo = ApiJson<customer.BasicInfoJson>;
export type Address = ApiJson<customer.AddressJson>;
/** customer_no is set for an existing customer; basic_info and address are null until saved. */
export type SessionCustomer = ApiJson<customer.CustomerJson>;
export type CustomerNotice = ApiJson<customer.NoticeJson>;

/**
 * Every customer route answers the customer with what the visitor should learn about it (the
 * generated GetSessionCustomerResponse; SetBasicInfo and SetAddress answer the same two fields).
 * The customer is never null on these answers: the service always has the session's.
 */
export type CustomerResponse = Omit<ApiJson<customer.GetSessionCustomerResponseJson>, 'customer'> & { customer: SessionCustomer };

export interface LoginRequest {
  authorization_code: string;
  state: string;
  subscription_id?: string;
  use_cp_2?: boolean;
  clear_cart?: boolean;
}

/** The generated CompleteLoginResponse; a completed login always carries the customer. */
export type LoginResponse = Omit<ApiJson<customer.CompleteLoginResponseJson>, 'customer'> & { customer: SessionCustomer };

/** The generated LogoutResponse: the customer left behind and, for a panel user, where the panel is. */
export type LogoutResponse = Omit<ApiJson<customer.LogoutResponseJson>, 'customer'> & { customer: SessionCustomer };

/** group 0 is a company, 1 a private person (spec §3); gender 0 Mr, 1 Ms. */
export const GROUP_COMPANY = 0;
export const GROUP_PRIVATE = 1;

/**
 * Puts a saved customer into the cached GET /session/customer answer. A customer screen dispatches
 * and awaits it before it navigates on, so the next screen's guard reads the saved customer, not
 * the one from before (the address screen sends a visitor without basic info back). The
 * mutation's own onQueryStarted stores it too, but without anyone waiting for it.
 */
export function rememberSessionCustomer(customer: SessionCustomer) {
  return customerApi.util.upsertQueryData('getSessionCustomer', undefined, { customer, notices: [] });
}

/**
 * Puts a route's answer into the cached session customer as soon as it arrives: the
 * onQueryStarted of every mutation that answers the session's customer (here and the panel's
 * sign-in in agent/feature-oauth).
 */
export async function storeCustomerAnswer(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { customer: SessionCustomer; notices?: CustomerNotice[] } }> },
) {
  try {
    const { data } = await queryFulfilled;
    // The caller shows the route's own notices; the cache keeps only those a GET answered, so a
    // screen showing the cached customer's notices does not repeat a save's.
    dispatch(rememberSessionCustomer(data.customer));
  } catch {
    // A refused form changed nothing: the cached customer stays right.
  }
}

/**
 * GET /session/vat: the rate the session's customer pays and why (domestic, destination,
 * reverse_charge, export), and whether the session signed in from the panel. Generated from the
 * contract (issue 24: the hand-written copy had drifted, lacking panel_sign_in).
 */
export type SessionVat = ApiJson<customer.GetSessionVatResponseJson>;

export const customerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionVat: build.query<SessionVat, void>({
      query: () => '/session/vat',
      providesTags: ['Vat'],
      // Prices show with the brand's rate until it answers: nothing waits for it.
      extraOptions: { skipLoading: true },
    }),
    getSessionCustomer: build.query<CustomerResponse, void>({
      query: () => '/session/customer',
      providesTags: ['Customer'],
    }),
    saveBasicInfo: build.mutation<CustomerResponse, BasicInfo>({
      query: (body) => ({ url: '/session/basic-info', method: 'PUT', body }),
      // The answer is the stored customer: the next screen must not see the one from before
      // (the address screen sends a visitor without basic info back). VAT and prices may follow
      // the customer (spec §4 "Basic info Forward").
      onQueryStarted: storeCustomerAnswer,
      invalidatesTags: ['Cart', 'Vat'],
    }),
    saveAddress: build.mutation<CustomerResponse, Address>({
      query: (body) => ({ url: '/session/address-info', method: 'PUT', body }),
      onQueryStarted: storeCustomerAnswer,
      invalidatesTags: ['Cart', 'Vat'],
    }),
    getAuthorizationUrl: build.mutation<{ url: string }, void>({
      // A mutation, not a query: every login needs a fresh state and nonce, never a cached URL.
      query: () => ({ url: '/customer/authorization-url', method: 'POST' }),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/customer/login', method: 'POST', body }),
      onQueryStarted: storeCustomerAnswer,
      invalidatesTags: ['Cart', 'Vat'],
    }),
    logout: build.mutation<LogoutResponse, void>({
      query: () => ({ url: '/customer/logout', method: 'POST' }),
      onQueryStarted: storeCustomerAnswer,
      invalidatesTags: ['Cart', 'Vat'],
    }),
  }),
});

export const {
  useGetSessionVatQuery,
  useGetSessionCustomerQuery,
  useSaveBasicInfoMutation,
  useSaveAddressMutation,
  useGetAuthorizationUrlMutation,
  useLoginMutation,
  useLogoutMutation,
} = customerApi;

/**
 * Login is offered only when the brand has an oauth authority and allows CRM customers
 * (spec §2 "Login or register").
 */
export function loginOffered(brand: { properties?: Record<string, string> } | undefined): boolean {
  return !!brand?.properties?.['oauth_authority_url'] && brand.properties['allow_crm'] === 'true';
}

/** The panel's order type of a domains order from the cloud panel (spec §2, §4 "Breadcrumb sets"). */
export const CLOUD_DOMAINS_ORDER = 'cloudpit_domains';

/**
 * The order type the cloud panel signed the session's customer in with (the external sign-in,
 * spec §6 "Panel (oauth) user"); undefined for everybody else.
 */
export function panelOrderType(customer: SessionCustomer | null | undefined): string | undefined {
  return customer?.panel ? customer.panel.order_type || 'panel' : undefined;
}

/** An existing customer has a customer number (spec §3, §6). */
export function isExistingCustomer(customer: SessionCustomer | null | undefined): boolean {
  return !!customer?.customer_no;
}

/** The first message key per field of a refused form (spec §8: the first one is shown at the field). */
export function firstFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
    if (errors && typeof errors === 'object') {
      for (const [field, keys] of Object.entries(errors as Record<string, unknown>)) {
        if (Array.isArray(keys) && typeof keys[0] === 'string') out[field] = keys[0];
      }
    }
  }
  return out;
}

/**
 * The rate prices are shown with when the session's customer pays another one than the brand's
 * (spec §3 session value vat, §4 "Address Forward ... refresh VAT"); undefined while the brand's
 * own rates apply, or while the answer is not there.
 */
export function useSessionVatPercent(): number | undefined {
  const { data } = customerApi.useGetSessionVatQuery();
  return data && data.reason && data.reason !== 'domestic' ? data.vat_percent : undefined;
}
