import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { reportFailedCall } from '@hostcart/shared-util-reporting';
import { CSRF_COOKIE, CSRF_HEADER, needsCsrfToken, readCookie } from './csrf';
import { LOADING_DECREMENT_DELAY_MS, requestFinished, requestStarted } from './loading';

export const API_BASE_URL = '/api/v2';

/** extraOptions of an endpoint; skipLoading keeps a call out of the loading indicator. */
export interface ApiExtraOptions {
  skipLoading?: boolean;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include' });

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (needsCsrfToken(request.method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      headers.set(CSRF_HEADER, token);
      request.headers = headers;
    }
  }
  const counted = !extraOptions?.skipLoading;
  if (counted) api.dispatch(requestStarted());
  try {
    const result = await rawBaseQuery(request, api, extraOptions ?? {});
    if (result.error) reportFailedCall({ method: request.method ?? 'GET', url: request.url, status: result.error.status });
    return result;
  } finally {
    if (counted) {
      setTimeout(() => api.dispatch(requestFinished()), LOADING_DECREMENT_DELAY_MS);
    }
  }
};

/** The one API slice for /api/v2; features add endpoints with api.injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Cart: the session cart and its priced view; every cart mutation invalidates it. Customer: the
  // session's customer; its forms, login and logout invalidate it (and the cart, whose prices follow
  // the customer's VAT).
  tagTypes: ['Locale', 'Cart', 'Customer', 'Vat', 'Payment', 'Admin', 'Draft'],
  endpoints: () => ({}),
});
