// The panel sign-in's calls (docs/api.md "Customer routes"): the authorization URL carrying the
// panel's data, the login with the oauth data, and the logout answering where the panel is.
import { api, storeCustomerAnswer, type LoginResponse, type LogoutResponse } from '@hostcart/shared-data-access-api';
import type { OAuthData } from './panel-storage';

export interface PanelLoginRequest {
  authorization_code: string;
  state: string;
  use_cp_2: boolean;
  clear_cart: boolean;
  oauth_data: OAuthData;
}

/** The generated LogoutResponse: panel_url is the brand's authority (the second one after a use_cp_2 sign-in), empty when it has none. */
export type PanelLogoutResponse = LogoutResponse;

export const panelApi = api.injectEndpoints({
  endpoints: (build) => ({
    panelAuthorizationUrl: build.mutation<{ url: string }, { data: string; useCp2: boolean }>({
      // The data comes back with the code in the callback URL (the authority keeps it in the redirect URI).
      query: ({ data, useCp2 }) => ({ url: `/customer/authorization-url?${new URLSearchParams({ data, ...(useCp2 ? { use_cp_2: 'true' } : {}) })}`, method: 'POST' }),
    }),
    panelLogin: build.mutation<LoginResponse, PanelLoginRequest>({
      query: (body) => ({ url: '/customer/login', method: 'POST', body }),
      onQueryStarted: storeCustomerAnswer,
      invalidatesTags: ['Cart', 'Vat', 'Payment'],
    }),
    panelLogout: build.mutation<PanelLogoutResponse, void>({
      query: () => ({ url: '/customer/logout', method: 'POST' }),
      onQueryStarted: storeCustomerAnswer,
    }),
  }),
});

export const { usePanelAuthorizationUrlMutation, usePanelLoginMutation, usePanelLogoutMutation } = panelApi;
