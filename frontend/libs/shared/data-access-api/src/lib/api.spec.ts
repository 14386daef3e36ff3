import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { catalogApi } from './catalog';
import { LOADING_DECREMENT_DELAY_MS, loadingSlice, selectRunningRequests } from './loading';
import { localeApi } from './locale';
import { errorDetails, errorMessageKey, GENERIC_ERROR_KEY, isUnexpectedError } from './errors';
import { readCookie } from './csrf';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function makeStore() {
  const reducer = combineSlices(api, loadingSlice);
  return configureStore({ reducer, middleware: (gdm) => gdm().concat(api.middleware) });
}

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
});

afterEach(() => {
  jest.useRealTimers();
});

describe('api base query', () => {
  it('calls /api/v2 with credentials and unwraps list responses', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ categories: [{ id: 1, slug: 'webhosting' }] }));
    const store = makeStore();
    const result = await store.dispatch(catalogApi.endpoints.getCategories.initiate({ d: 'example.de' }));
    expect(result.data).toEqual([{ id: 1, slug: 'webhosting' }]);
    const request = fetchMock.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe('/api/v2/categories');
    expect(new URL(request.url).searchParams.get('d')).toBe('example.de');
    expect(request.credentials).toBe('include');
  });

  it('sends the XSRF token only on state-changing calls', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'en-GB' }));
    const store = makeStore();
    await store.dispatch(localeApi.endpoints.getSessionLocale.initiate());
    await store.dispatch(localeApi.endpoints.setSessionLocale.initiate('en-GB'));
    const [get, put] = fetchMock.mock.calls.map((c) => c[0]);
    expect(get.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(put.method).toBe('PUT');
    expect(put.headers.get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(await put.json()).toEqual({ code: 'en-GB' });
  });

  it('asks once more, with the cookies of now, when the session cookie was rotated on the way', async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        // The login's answer arrived meanwhile with a new CSRF cookie.
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return jsonResponse({ error: 'session.rotated' }, 409);
      })
      .mockImplementationOnce(async () => jsonResponse({ code: 'de-DE' }));
    const store = makeStore();
    const result = await store.dispatch(localeApi.endpoints.setSessionLocale.initiate('de-DE'));
    expect('error' in result).toBe(false);
    const [first, second] = fetchMock.mock.calls.map((c) => c[0]);
    expect(first.headers.get('X-XSRF-TOKEN')).toBe('tok+en');
    expect(second.headers.get('X-XSRF-TOKEN')).toBe('fresh');
    expect(await second.json()).toEqual({ code: 'de-DE' });
  });

  it('asks only once more: a second session.rotated is the answer', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'session.rotated' }, 409));
    const store = makeStore();
    const result = await store.dispatch(localeApi.endpoints.getSessionLocale.initiate());
    expect(result.error).toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('counts running requests and lowers the counter 10 ms after a call ends', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    const store = makeStore();
    const pending = store.dispatch(catalogApi.endpoints.getCountries.initiate());
    await Promise.resolve();
    expect(selectRunningRequests(store.getState())).toBe(1);

    jest.useFakeTimers();
    release(jsonResponse({ countries: [] }));
    await pending;
    expect(selectRunningRequests(store.getState())).toBe(1);
    jest.advanceTimersByTime(LOADING_DECREMENT_DELAY_MS);
    expect(selectRunningRequests(store.getState())).toBe(0);
  });

  it('leaves calls flagged skipLoading out of the counter', async () => {
    const quiet = api.injectEndpoints({
      endpoints: (build) => ({
        quietCall: build.query<unknown, void>({ query: () => '/domain-availability', extraOptions: { skipLoading: true } }),
      }),
    });
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    const store = makeStore();
    const pending = store.dispatch(quiet.endpoints.quietCall.initiate());
    await Promise.resolve();
    expect(selectRunningRequests(store.getState())).toBe(0);
    release(jsonResponse({}));
    await pending;
  });

  it('exposes the server message key of a failed call', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'catalog.unavailable', errors: {} }, 503));
    const store = makeStore();
    const result = await store.dispatch(catalogApi.endpoints.getPaymentIntervals.initiate());
    expect(errorMessageKey(result.error)).toBe('catalog.unavailable');
    expect(errorMessageKey({ status: 'FETCH_ERROR', error: 'offline' })).toBe(GENERIC_ERROR_KEY);
  });

  it("keeps the gateway's request id of a failed call for the error details (spec §8)", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'catalog.unavailable' }), { status: 503, headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-9' } }),
    );
    const store = makeStore();
    const result = await store.dispatch(catalogApi.endpoints.getPaymentIntervals.initiate());
    expect(errorDetails(result.error)).toEqual({ status: '503', key: 'catalog.unavailable', requestId: 'req-9' });
    expect(isUnexpectedError(result.error)).toBe(false);
    expect(isUnexpectedError({ status: 'FETCH_ERROR', error: 'offline' })).toBe(true);
    expect(isUnexpectedError({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'bad json' })).toBe(true);
    expect(errorDetails({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'bad json' })).toEqual({ status: '502' });
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%3Dy; b=2')).toBe('x=y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
  });
});
