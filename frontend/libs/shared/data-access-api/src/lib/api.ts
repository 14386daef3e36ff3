import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { reportFailedCall } from '@hostcart/shared-util-reporting';
import { CSRF_COOKIE, CSRF_HEADER, needsCsrfToken, readCookie } from './csrf';
import { withRequestId } from './errors';
import { LOADING_DECREMENT_DELAY_MS, requestFinished, requestStarted } from './loading';

export const API_BASE_URL = '/api/v2';

/** extraOptions of an endpoint; skipLoading keeps a call out of the loading indicator. */
export interface ApiExtraOptions {
  skipLoading?: boolean;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include' });

/**
 * The gateway's answer to a request sent with a session cookie that a login, logout or draft
 * adoption replaced while the request was on its way: the browser holds the new cookie by now.
 */
const SESSION_ROTATED = 'session.rotated';

function withCsrfToken(args: string | FetchArgs): FetchArgs {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (needsCsrfToken(request.method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      headers.set(CSRF_HEADER, token);
      request.headers = headers;
    }
  }
  return request;
}

function isSessionRotated(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 409 && (error.data as { error?: unknown } | undefined)?.error === SESSION_ROTATED;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const request = withCsrfToken(args);
  const counted = !extraOptions?.skipLoading;
  if (counted) api.dispatch(requestStarted());
  try {
    let result = await rawBaseQuery(request, api, extraOptions ?? {});
    // Asked once more with the cookies of now (session and CSRF token): the gateway did nothing
    // with the first request.
    if (isSessionRotated(result.error)) result = await rawBaseQuery(withCsrfToken(args), api, extraOptions ?? {});
    if (result.error) {
      reportFailedCall({ method: request.method ?? 'GET', url: request.url, status: result.error.status });
      result = { ...result, error: withRequestId(result.error, result.meta?.response) };
    }
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
