// The panel sign-in's calls (docs/api.md "Customer routes"): the authorization URL carrying the
// panel's data, the login with the oauth data, and the logout answering where the panel is.
import { api, rememberSessionCustomer, type LoginResponse, type SessionCustomer } from '@hostcart/shared-data-access-api';
import type { OAuthData } from './panel-storage';

export interface PanelLoginRequest {
  authorization_code: string;
  state: string;
  use_cp_2: boolean;
  clear_cart: boolean;
  oauth_data: OAuthData;
}

export interface PanelLogoutResponse {
  customer: SessionCustomer;
  /** The brand's authority (the second one after a use_cp_2 sign-in); empty when it has none. */
  panel_url: string;
}

async function storeCustomer(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { customer: SessionCustomer } }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(rememberSessionCustomer(data.customer));
  } catch {
    // A refused call changed nothing.
  }
}

export const panelApi = api.injectEndpoints({
  endpoints: (build) => ({
    panelAuthorizationUrl: build.mutation<{ url: string }, { data: string; useCp2: boolean }>({
      // The data comes back with the code in the callback URL (the authority keeps it in the redirect URI).
      query: ({ data, useCp2 }) => ({ url: `/customer/authorization-url?${new URLSearchParams({ data, ...(useCp2 ? { use_cp_2: 'true' } : {}) })}`, method: 'GET' }),
    }),
    panelLogin: build.mutation<LoginResponse, PanelLoginRequest>({
      query: (body) => ({ url: '/customer/login', method: 'POST', body }),
      onQueryStarted: storeCustomer,
      invalidatesTags: ['Cart', 'Vat', 'Payment'],
    }),
    panelLogout: build.mutation<PanelLogoutResponse, void>({
      query: () => ({ url: '/customer/logout', method: 'POST' }),
      onQueryStarted: storeCustomer,
    }),
  }),
});

export const { usePanelAuthorizationUrlMutation, usePanelLoginMutation, usePanelLogoutMutation } = panelApi;
