import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { createAppStore, selectNotifications } from '@hostcart/shared-store';
import { useNavigationEffects } from './use-navigation-effects';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const fetchMock = jest.fn();

async function calls(): Promise<Call[]> {
  return Promise.all(
    fetchMock.mock.calls.map(async ([req]: [Request]) => {
      const text = await req.clone().text();
      return { method: req.method, path: new URL(req.url).pathname, body: text ? JSON.parse(text) : undefined };
    }),
  );
}

const referralCalls = async () => (await calls()).filter((c) => c.path === '/api/v2/session/referral');

/** Runs the effects at path; then navigates to next, as a click inside the shop would. */
function Effects({ next }: { next?: string }) {
  useNavigationEffects();
  const navigate = useNavigate();
  useEffect(() => {
    if (next) setTimeout(() => navigate(next), 0);
  }, [navigate, next]);
  return null;
}

function renderAt(path: string, next?: string) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Effects next={next} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** The priced cart's answers in turn: the landing read, then each validation's. */
let pricedAnswers: unknown[] = [];
const emptyPriced = { priced: { cart: { items: [] }, items: [] }, notices: [] };

/** The session customer's answers in turn (spec §4 "Customer validation"). */
let customerAnswers: unknown[] = [];
const plainCustomer = { customer: { customer_no: '' }, notices: [] };

function answer(path: string): unknown {
  if (path === '/api/v2/session/referral') return { id: 'partner-1', source: 'referrer' };
  if (path === '/api/v2/session/cart/priced') return pricedAnswers.shift() ?? emptyPriced;
  if (path === '/api/v2/session/customer') return customerAnswers.shift() ?? plainCustomer;
  return {};
}

beforeEach(() => {
  pricedAnswers = [];
  customerAnswers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (req: Request) =>
    new Response(JSON.stringify(answer(new URL(req.url).pathname)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.cookie = 'XSRF-TOKEN=tok; path=/';
});

describe('useNavigationEffects: the referrer (spec §7)', () => {
  it('stores the landing link\'s ?referrer for the session once, then reads the session\'s referral', async () => {
    renderAt('/categories?referrer=partner-1', '/categories?d=example.de');
    await waitFor(async () => expect((await referralCalls()).map((c) => c.method)).toEqual(['PUT', 'GET']));
    expect((await referralCalls())[0].body).toEqual({ id: 'partner-1' });
    // The later navigation (its categories are asked for with its d) stores nothing again.
    await waitFor(() => expect(fetchMock.mock.calls.some(([req]: [Request]) => req.url.includes('d=example.de'))).toBe(true));
    expect((await referralCalls()).filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('stores the ?referrer of a later visit to the products or the lookup (spec §2), not of other screens', async () => {
    renderAt('/categories', '/cart?referrer=other-1');
    // The navigation's validation has run (the landing's read and its own).
    await waitFor(async () => expect(await count('/api/v2/session/customer')).toBe(2));
    expect((await referralCalls()).filter((c) => c.method === 'PUT')).toEqual([]);
    fetchMock.mockClear();
    renderAt('/categories', '/products/webhosting?referrer=partner-2');
    await waitFor(async () => expect((await referralCalls()).filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ id: 'partner-2' }]));
    fetchMock.mockClear();
    renderAt('/categories', '/domains/lookup?d=mine.de&referrer=partner-3');
    await waitFor(async () => expect((await referralCalls()).filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ id: 'partner-3' }]));
  });

  it('reads the referral without storing anything when the link has no valid referrer', async () => {
    renderAt('/categories?referrer=x');
    await waitFor(async () => expect((await referralCalls()).map((c) => c.method)).toEqual(['GET']));
  });
});

const paths = async () => (await calls()).map((c) => c.path);
const count = async (path: string) => (await paths()).filter((p) => p === path).length;

describe('useNavigationEffects: loading before each route and validation after it (spec §2)', () => {
  it('loads stage 1 (admin and promotions among it), then stage 2 (VAT and the cart), then validates the customer', async () => {
    renderAt('/categories');
    await waitFor(async () => expect(await count('/api/v2/session/customer')).toBe(1));
    const seen = await paths();
    for (const p of ['/api/v2/countries', '/api/v2/admins/me', '/api/v2/categories', '/api/v2/promotions', '/api/v2/session/locale', '/api/v2/payment-intervals']) {
      expect(seen).toContain(p);
    }
    // Stage 2 starts once stage 1 has answered.
    expect(seen.indexOf('/api/v2/session/vat')).toBeGreaterThan(seen.indexOf('/api/v2/promotions'));
    expect(seen.indexOf('/api/v2/session/cart/priced')).toBeGreaterThan(seen.indexOf('/api/v2/admins/me'));
    // The customer after the cart: no first paint waits for it.
    expect(seen.indexOf('/api/v2/session/customer')).toBeGreaterThan(seen.indexOf('/api/v2/session/cart/priced'));
    expect(await count('/api/v2/session/cart/priced')).toBe(1);
  });

  it('validates the landing too: what the landing read removed becomes a notification', async () => {
    pricedAnswers = [
      { ...emptyPriced, notices: [{ key: 'cart.addon_removed', type: 'warning', message: '', params: { name: 'Backup', reason: 'cart.no_longer_available' } }] },
    ];
    const store = renderAt('/products/webhosting');
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([
        expect.objectContaining({ type: 'warning', title: 'cart.addon_removed', message: 'cart.no_longer_available' }),
      ]),
    );
  });

  it('shows the customer\'s country reset on the screen whose read got it, the landing one included', async () => {
    customerAnswers = [{ customer: { customer_no: '' }, notices: [{ key: 'customer.country_not_supported', type: 'warning', params: {} }] }];
    const store = renderAt('/categories');
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ type: 'warning', message: 'customer.country_not_supported' })]),
    );
  });

  it('validates the cart and the customer after a navigation; what the revalidation removed becomes a notification', async () => {
    pricedAnswers = [
      emptyPriced,
      {
        ...emptyPriced,
        notices: [{ key: 'cart.product_removed', type: 'warning', message: '', params: { name: 'Webhosting S', reason: 'cart.no_longer_available' } }],
      },
    ];
    const store = renderAt('/categories', '/products/webhosting');
    await waitFor(async () => expect(await count('/api/v2/session/cart/priced')).toBe(2));
    // The landing's read and the navigation's.
    await waitFor(async () => expect(await count('/api/v2/session/customer')).toBe(2));
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([
        expect.objectContaining({ type: 'warning', title: 'cart.product_removed', message: 'cart.no_longer_available' }),
      ]),
    );
  });

  it('leaves the cart screen its own notices: the validation on /cart adds none', async () => {
    pricedAnswers = [
      emptyPriced,
      { ...emptyPriced, notices: [{ key: 'cart.domain_removed', type: 'warning', message: '', params: { domain: 'a.de', reason: 'cart.no_longer_available' } }] },
    ];
    const store = renderAt('/categories', '/cart');
    await waitFor(async () => expect(await count('/api/v2/session/customer')).toBe(2));
    expect(await count('/api/v2/session/cart/priced')).toBe(2);
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});
