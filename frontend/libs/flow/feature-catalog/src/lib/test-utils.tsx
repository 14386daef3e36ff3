import { Route, Routes } from 'react-router-dom';
import type { Brand, Cart, CartItem, Category, Product } from '@hostcart/shared-data-access-api';
import { useCartItemCount } from '@hostcart/shared-store';
import { catalogProduct, installFetch, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { CategoriesPage } from './categories-page';
import { ProductsPage } from './products-page';

/**
 * Routes the fake API answers: a key is a path with query ("/categories") for GET, or
 * "METHOD /path" for any method. A value is the JSON body, a Response, or a function of the sent
 * JSON body returning either.
 */
export type FakeApi = Record<string, unknown>;

export type FakeCalls = string[] & {
  /** The JSON bodies sent to a "METHOD /path" key, in order. */
  sent: (key: string) => unknown[];
};

export { apiError } from '@hostcart/shared-testing';

export function installFakeApi(routes: FakeApi): FakeCalls {
  const keyOf = (r: SeenRequest) => (r.method === 'GET' ? r.path : `${r.method} ${r.path}`);
  const calls = Object.assign([] as string[], { sent: (key: string) => seen.filter((r) => keyOf(r) === key).map((r) => r.body) });
  const seen = installFetch((req) => {
    calls.push(keyOf(req));
    const body = routes[keyOf(req)] ?? routes[`${req.method} ${req.path}`];
    return typeof body === 'function' ? body(req.body) : body;
  });
  return calls;
}

/** The shell header's cart counter: it keeps the priced cart subscribed, as in the app. */
function CartCounter() {
  return <div data-testid="cart-count">{useCartItemCount()}</div>;
}

export function renderFlow(path: string | { pathname: string; search?: string; state?: unknown }, locale = 'en-GB') {
  return renderWithApp(
    <Routes>
      <Route path="/categories" element={<CategoriesPage />} />
      <Route path="/products/:slug" element={<ProductsPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, locale, extra: <CartCounter /> },
  );
}

export function brand(withVat: boolean): Brand {
  return {
    id: 1,
    name: 'Hostwerk',
    slug: 'hostwerk',
    fqdn: 'shop.hostwerk.de',
    is_visible: true,
    locales: [],
    properties: { display_prices_with_vat: withVat ? 'true' : 'false' },
  };
}

export function category(id: number, slug: string, name: string, extra: Partial<Category> = {}): Category {
  return { id, slug, name, description: `${name} description`, description2: '', icon: '', is_addon: false, is_visible: true, product_notice: '', domain_capable: true, order: id, ...extra };
}

export function product(id: number, name: string, net: number, gross: number, extra: Partial<Product> = {}): Product {
  return catalogProduct(id, name, {
    tagline: `${name} tagline`,
    category_name: 'Webhosting',
    category_slug: 'webhosting',
    domain_capable: true,
    qty_max: 1,
    from_price: { net_cents: net, gross_cents: gross, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 },
    ...extra,
  });
}

/** A cart item of one product as the cart service answers it. */
export function cartItem(rowId: string, productId: number, extra: Partial<CartItem['product']> = {}): CartItem {
  return {
    row_id: rowId,
    product: { id: productId, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [], ...extra },
    addons: [],
    upsells: [],
    domains: [],
    is_preconfigured: false,
  };
}

export function cartOf(...items: CartItem[]): Cart {
  return { items, version: items.length };
}
