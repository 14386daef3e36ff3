import { cartApi } from '@hostcart/shared-data-access-api';
import { createAppStore } from './store';
import { selectCartItemCount } from './cart';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const items = [{ row_id: 'a' }, { row_id: 'b' }, { row_id: 'hidden-domain-only' }];

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/priced')) return json({ priced: { cart: { items, version: '1' }, items: [], item_count: 2 }, notices: [] });
    return json({ cart: { items, version: '1' }, notices: [] });
  }) as unknown as typeof fetch;
});

describe('selectCartItemCount', () => {
  it('counts the plain cart until the priced view is loaded, then takes its item_count', async () => {
    const store = createAppStore();
    expect(selectCartItemCount(store.getState())).toBe(0);
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(selectCartItemCount(store.getState())).toBe(3);
    // The service leaves rows of hide_in_cart products out of the counter.
    await store.dispatch(cartApi.endpoints.getPricedCart.initiate());
    expect(selectCartItemCount(store.getState())).toBe(2);
  });
});
