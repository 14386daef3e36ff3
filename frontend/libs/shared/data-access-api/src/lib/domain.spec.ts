import { jsonResponse, makeStore } from './test-store';
import { domainApi } from './domain';
import { selectRunningRequests } from './loading';
import { errorMessageKey } from './errors';
import { isTooManyRequests, retryAfterSeconds } from './retry-after';

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.cookie = 'XSRF-TOKEN=tok; path=/';
});

describe('domain endpoints', () => {
  it('posts a batch of names with the product and the CSRF token, outside the loading counter', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    const store = makeStore();
    const pending = store.dispatch(domainApi.endpoints.checkDomainAvailability.initiate({ domains: ['a.de', 'a.com'], productId: 1002 }));
    await Promise.resolve();
    expect(selectRunningRequests(store.getState())).toBe(0);
    const request = fetchMock.mock.calls[0][0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v2/domain-availability');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('tok');
    expect(await request.clone().json()).toEqual({ domains: ['a.de', 'a.com'], product_id: 1002 });
    release(jsonResponse({ results: [{ domain: 'a.de', status: 0 }] }));
    expect((await pending).data).toEqual([{ domain: 'a.de', status: 0 }]);
  });

  it('keeps the Retry-After of a 429 with the error', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'domain.too_many_requests', errors: {} }, 429, { 'Retry-After': '12' }));
    const store = makeStore();
    const { error } = await store.dispatch(domainApi.endpoints.checkDomainAvailability.initiate({ domains: ['a.de'] }));
    expect(isTooManyRequests(error)).toBe(true);
    expect(retryAfterSeconds(error)).toBe(12);
    expect(errorMessageKey(error)).toBe('domain.too_many_requests');
  });

  it('builds the search URLs with the input as typed', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ search: null, recommendations: [], result: null, valid: true, error: null }));
    const store = makeStore();
    await store.dispatch(domainApi.endpoints.normalizeDomainSearch.initiate('WWW.Müller.DE.'));
    await store.dispatch(domainApi.endpoints.getDomainRecommendations.initiate({ d: 'müller', productId: 7, limit: 6 }));
    await store.dispatch(domainApi.endpoints.searchFullDomain.initiate({ d: 'müller' }));
    const urls = fetchMock.mock.calls.map((c) => new URL(c[0].url));
    expect(urls[0].pathname).toBe('/api/v2/domains/normalize');
    expect(urls[0].searchParams.get('d')).toBe('WWW.Müller.DE.');
    expect(decodeURIComponent(urls[1].pathname)).toBe('/api/v2/domain-recommendations/müller');
    expect(urls[1].search).toBe('?limit=6&product_id=7');
    expect(urls[2].search).toBe(`?d=${encodeURIComponent('müller')}`);
  });

  it('unwraps TLDs and groups', async () => {
    fetchMock.mockImplementation(async (req: Request) =>
      jsonResponse(new URL(req.url).search ? { domain_groups: [{ id: 1 }] } : { tlds: [{ id: 2 }] }),
    );
    const store = makeStore();
    expect((await store.dispatch(domainApi.endpoints.getTlds.initiate())).data).toEqual([{ id: 2 }]);
    expect((await store.dispatch(domainApi.endpoints.getDomainGroups.initiate())).data).toEqual([{ id: 1 }]);
  });
});
