import { waitFor } from '@testing-library/react';
import { cartApi, type Cart, type CartItem, type PricedCart } from '@hostcart/shared-data-access-api';
import { createAppStore } from './store';
import { cartChanges, pricedCartLines } from './cart-analytics';

function item(rowId: string, productId: number, addons: number[] = [], domains: string[] = []): CartItem {
  const line = (id: number) => ({ id, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: [] });
  return {
    row_id: rowId,
    product: line(productId),
    addons: addons.map(line),
    upsells: [],
    domains: domains.map((name) => ({ id: 1, name, inclusive: false, auth_code: '', promotion_code: '', additional_fields: [] })),
    is_preconfigured: false,
  };
}

const price = (cents: number) => ({ display_cents: cents }) as never;
const pricedLine = (id: number, name: string, cents: number, extra = {}) =>
  ({ id, name, price: price(cents), promotion: null, hide_in_cart: false, ...extra }) as never;

function priced(cart: Cart, lines: Record<string, { product: unknown; addons?: unknown[]; domains?: unknown[] }>): PricedCart {
  return {
    cart,
    items: cart.items.map((i) => ({ row_id: i.row_id, product: lines[i.row_id]?.product, addons: lines[i.row_id]?.addons ?? [], upsells: [], domains: lines[i.row_id]?.domains ?? [] })),
    item_count: cart.items.length,
  } as unknown as PricedCart;
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

type Layer = { dataLayer?: unknown[] };

let server: { cart: Cart; priced: PricedCart };

beforeEach(() => {
  (window as unknown as Layer).dataLayer = [];
  document.cookie = 'XSRF-TOKEN=tok; path=/';
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/priced')) return json({ priced: server.priced, notices: [] });
    return json({ cart: server.cart, notices: [], row_id: 'r2' });
  }) as unknown as typeof fetch;
});

const events = () => ((window as unknown as Layer).dataLayer ?? []).filter((e) => (e as { event?: string }).event);

describe('cartChanges', () => {
  it('finds added and removed lines; a domain moving between items is neither', () => {
    const before: Cart = { version: 1, items: [item('r1', 1001, [1201], ['a.de'])] };
    const after: Cart = { version: 2, items: [item('r1', 1001, [1202]), item('r2', 1002, [], ['a.de'])] };
    const { added, removed } = cartChanges(before, after);
    expect(added).toEqual([
      { kind: 'addon', rowId: 'r1', id: 1202 },
      { kind: 'product', rowId: 'r2', id: 1002 },
    ]);
    expect(removed).toEqual([{ kind: 'addon', rowId: 'r1', id: 1201 }]);
  });
});

describe('pricedCartLines', () => {
  it('lists the visible lines with the amounts the rows show and applied coupons', () => {
    const cart: Cart = { version: 1, items: [item('r1', 1001, [1201, 1203], ['a.de'])] };
    const p = priced(cart, {
      r1: {
        product: pricedLine(1001, 'Webhosting M', 799, { promotion: { code: 'WELCOME10', applied: true, discount_display_cents: 80 } }),
        addons: [pricedLine(1201, 'Backup', 199), pricedLine(1203, 'Setup', 0, { hide_in_cart: true })],
        domains: [{ name: 'a.de', price: price(1190), promotion: null }],
      },
    });
    expect(pricedCartLines(p)).toEqual([
      { kind: 'product', id: 1001, name: 'Webhosting M', priceCents: 799, coupon: 'WELCOME10', discountCents: 80 },
      { kind: 'addon', id: 1201, name: 'Backup', priceCents: 199 },
      { kind: 'domain', id: 'a.de', name: 'a.de', priceCents: 1190 },
    ]);
  });
});

describe('cart analytics listener', () => {
  it('pushes add_to_cart with the name and price of the refetched priced view', async () => {
    const before: Cart = { version: 1, items: [item('r1', 1001)] };
    const after: Cart = { version: 2, items: [item('r1', 1001), item('r2', 1002, [1201])] };
    server = { cart: before, priced: priced(before, { r1: { product: pricedLine(1001, 'Webhosting M', 799) } }) };
    const store = createAppStore();
    const sub = store.dispatch(cartApi.endpoints.getPricedCart.initiate());
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    await sub;
    server = {
      cart: after,
      priced: priced(after, {
        r1: { product: pricedLine(1001, 'Webhosting M', 799) },
        r2: { product: pricedLine(1002, 'Webhosting L', 1299), addons: [pricedLine(1201, 'Backup', 199)] },
      }),
    };
    await store.dispatch(cartApi.endpoints.addProduct.initiate({ product_id: 1002 }));
    // The event waits for the priced view's refetch, which starts after the mutation resolves.
    await waitFor(() =>
      expect(events()).toEqual([
        {
          event: 'add_to_cart',
          ecommerce: {
            currency: 'EUR',
            value: 14.98,
            items: [
              { item_id: '1002', item_name: 'Webhosting L', item_category: 'product', price: 12.99, quantity: 1 },
              { item_id: '1201', item_name: 'Backup', item_category: 'addon', price: 1.99, quantity: 1 },
            ],
          },
        },
      ]),
    );
    sub.unsubscribe();
  });

  it('pushes remove_from_cart with the priced view before the change', async () => {
    const before: Cart = { version: 1, items: [item('r1', 1001, [1201])] };
    const after: Cart = { version: 2, items: [item('r1', 1001)] };
    server = { cart: before, priced: priced(before, { r1: { product: pricedLine(1001, 'Webhosting M', 799), addons: [pricedLine(1201, 'Backup', 199)] } }) };
    const store = createAppStore();
    await store.dispatch(cartApi.endpoints.getPricedCart.initiate());
    server = { cart: after, priced: priced(after, { r1: { product: pricedLine(1001, 'Webhosting M', 799) } }) };
    await store.dispatch(cartApi.endpoints.removeAddon.initiate({ rowId: 'r1', addonId: 1201 }));
    expect(events()).toEqual([
      {
        event: 'remove_from_cart',
        ecommerce: { currency: 'EUR', value: 1.99, items: [{ item_id: '1201', item_name: 'Backup', item_category: 'addon', price: 1.99, quantity: 1 }] },
      },
    ]);
  });

  it('falls back to the mutation’s argument when no cart was loaded before', async () => {
    const after: Cart = { version: 2, items: [item('r1', 1001, [], ['shop.de'])] };
    server = { cart: after, priced: priced(after, { r1: { product: pricedLine(1001, 'Webhosting M', 799), domains: [{ name: 'shop.de', price: price(1190), promotion: null }] } }) };
    const store = createAppStore();
    const sub = store.dispatch(cartApi.endpoints.getPricedCart.initiate());
    await sub;
    // The cart before is known through the priced view; the answer still holds the domain: no event.
    await store.dispatch(cartApi.endpoints.removeDomain.initiate('shop.de'));
    expect(events()).toEqual([]);
    sub.unsubscribe();

    const fresh = createAppStore();
    await fresh.dispatch(cartApi.endpoints.removeUpsell.initiate({ rowId: 'r1', upsellId: 1301 }));
    expect(events()).toEqual([
      { event: 'remove_from_cart', ecommerce: { currency: 'EUR', value: 0, items: [{ item_id: '1301', item_name: '', item_category: 'upsell', price: 0, quantity: 1 }] } },
    ]);
  });
});
