import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { errorMessageKey, type Cart, type CartItem, type Product } from '@hostcart/shared-data-access-api';
import { createAppStore } from '@hostcart/shared-store';
import { catalogProduct } from '@hostcart/shared-testing';
import { useFlowItem } from './use-flow-item';
import { useGoNext } from './use-go-next';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function maturity(id: number, months: number, intervals: [number, number][]) {
  return {
    id,
    months,
    price_cents: 100,
    setup_fee_cents: 0,
    cancelation_period: 30,
    is_active: true,
    is_default: false,
    product_id: 0,
    payment_intervals: intervals.map(([iid, m]) => ({ id: iid, months: m, interval_vat: 19, is_active: true, is_default: false })),
  };
}

function product(id: number, extra: Partial<Product> = {}): Product {
  return catalogProduct(id, `P${id}`, {
    category_name: '',
    category_slug: '',
    domain_capable: true,
    order: 0,
    payment_maturities: [maturity(id * 10, 12, [[id * 100, 1]])],
    ...extra,
  });
}

function item(rowId: string, productId: number, extra: Partial<CartItem> = {}): CartItem {
  return {
    row_id: rowId,
    product: { id: productId, maturity_id: productId * 10, interval_id: productId * 100, promotion: '', additional_fields: [] },
    addons: [],
    upsells: [],
    domains: [],
    is_preconfigured: false,
    ...extra,
  };
}

const hosting = product(1001, {
  upsells: [{ upsell_id: 1301, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' }],
  addons: [{ id: 1, product_id: 1001, addon_id: 1201, is_recommended: true, recommended_addon_order: 1, is_promoted: false, promoted_addon_order: 0, groups: [] }],
});
const plain = product(1002);
const catalog = [hosting, plain, product(1201, { type: 'addon' }), product(1301, { type: 'upsell' }), product(1202, { type: 'addon' })];

let cart: Cart;
let requests: string[];

beforeEach(() => {
  requests = [];
  cart = {
    version: 3,
    items: [item('r1', 1001, { addons: [{ id: 1202, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: [] }] }), item('r2', 1002)],
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const req = input instanceof Request ? input : new Request(String(input));
    const url = new URL(req.url);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/v2/session/cart') return json({ cart: { ...cart, version: String(cart.version) }, notices: [] });
    if (url.pathname === '/api/v2/products') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ products: catalog.filter((p) => ids.includes(p.id)) });
    }
    return json({ error: 'error.not_found' }, 404);
  }) as unknown as typeof fetch;
});

function Location({ onChange }: { onChange: (path: string) => void }) {
  const location = useLocation();
  onChange(location.pathname + location.search);
  return null;
}

function setup() {
  const store = createAppStore();
  let path = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={['/start']}>
        {children}
        <Location onChange={(p) => (path = p)} />
      </MemoryRouter>
    </Provider>
  );
  return { store, wrapper, path: () => path };
}

describe('useFlowItem', () => {
  it('loads the item, its product and the products of its links and lines as a flow context', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useFlowItem('r1'), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.context).toBeDefined());
    expect(result.current.isLoading).toBe(false);
    expect(result.current.item?.row_id).toBe('r1');
    expect(result.current.product?.id).toBe(1001);
    expect(result.current.lineProducts.map((p) => p.id).sort()).toEqual([1201, 1202, 1301]);
    expect(result.current.context).toMatchObject({ item: { row_id: 'r1' }, product: { id: 1001 } });
    expect(result.current.context?.flags).toBeUndefined();
    expect(requests).toContain('GET /api/v2/products?ids=1001&include_hidden=true');
    expect(requests).toContain(`GET /api/v2/products?ids=${encodeURIComponent('1201,1202,1301')}&include_hidden=true`);
  });

  it('needs no line products for a bare product', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useFlowItem('r2'), { wrapper });
    await waitFor(() => expect(result.current.context).toBeDefined());
    expect(result.current.lineProducts).toEqual([]);
    expect(requests.filter((r) => r.includes('/products'))).toHaveLength(1);
  });

  it('reports an unknown row and a product gone from the catalog', async () => {
    const { wrapper } = setup();
    const unknown = renderHook(() => useFlowItem('nope'), { wrapper });
    await waitFor(() => expect(unknown.result.current.isLoading).toBe(false));
    expect(errorMessageKey(unknown.result.current.error as never)).toBe('cart.item_not_found');

    cart.items.push(item('r3', 9999));
    const gone = renderHook(() => useFlowItem('r3'), { wrapper: setup().wrapper });
    await waitFor(() => expect(gone.result.current.error).toBeDefined());
    expect(errorMessageKey(gone.result.current.error as never)).toBe('cart.product_not_available');
    expect(gone.result.current.item?.row_id).toBe('r3');
  });

  it('passes a failing cart call on as the error', async () => {
    globalThis.fetch = jest.fn(async () => json({ error: 'cart.unavailable' }, 503)) as unknown as typeof fetch;
    const { wrapper } = setup();
    const { result } = renderHook(() => useFlowItem('r1'), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(errorMessageKey(result.current.error as never)).toBe('cart.unavailable');
  });
});

describe('useGoNext', () => {
  it('decides on the cart a mutation answered and navigates with nextStep', async () => {
    const s = setup();
    const { result } = renderHook(() => useGoNext(), { wrapper: s.wrapper });
    await act(() => result.current({ rowId: 'r1', from: 'products', cart }));
    // The product has upsells: step 2 of the guided flow.
    expect(s.path()).toBe('/popular-addons?id=r1');
    expect(requests.some((r) => r.startsWith('GET /api/v2/session/cart'))).toBe(false);
  });

  it('fetches the cart when none is given and ends at the cart when nothing applies', async () => {
    const s = setup();
    const { result } = renderHook(() => useGoNext(), { wrapper: s.wrapper });
    await act(() => result.current({ rowId: 'r2', from: 'products' }));
    expect(requests).toContain('GET /api/v2/session/cart');
    expect(s.path()).toBe('/cart');
  });

  it('honours the flags (returnToCart skips the guided choices)', async () => {
    const s = setup();
    const { result } = renderHook(() => useGoNext(), { wrapper: s.wrapper });
    await act(() => result.current({ rowId: 'r1', from: 'products', cart, flags: { returnToCart: true } }));
    expect(s.path()).toBe('/cart');
  });

  it('goes to the cart when the item is gone', async () => {
    const s = setup();
    const { result } = renderHook(() => useGoNext(), { wrapper: s.wrapper });
    await act(() => result.current({ rowId: 'gone', from: 'popular-addons', cart }));
    expect(s.path()).toBe('/cart');
  });
});
