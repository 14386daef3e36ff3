import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Brand, Category, Product } from '@hostcart/shared-data-access-api';
import { createI18n } from '@hostcart/shared-i18n';
import { createAppStore } from '@hostcart/shared-store';
import { CategoriesPage } from './categories-page';
import { ProductsPage } from './products-page';

function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Routes the fake API answers; each entry maps a path (with query) to a JSON body. */
export type FakeApi = Record<string, unknown>;

export function installFakeApi(routes: FakeApi) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const key = url.pathname.replace('/api/v2', '') + url.search;
    calls.push(key);
    if (key in routes) {
      const body = routes[key];
      if (body instanceof Response) return body;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ error: 'error.not_found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return calls;
}

export function renderFlow(path: string, locale = 'en-GB') {
  const store = createAppStore();
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/categories" element={<CategoriesPage />} />
            <Route path="/products/:slug" element={<ProductsPage />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationDisplay />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
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
  return {
    id,
    name,
    description: '',
    tagline: `${name} tagline`,
    type: 'hosting',
    type_id: 1,
    category_name: 'Webhosting',
    category_slug: 'webhosting',
    category_id: 1,
    is_active: true,
    is_hidden: false,
    hide_in_cart: false,
    is_highlight: false,
    domain_capable: true,
    qty_max: 1,
    order: id,
    is_domainrequired: 0,
    additional_fields: [],
    payment_maturities: [],
    from_price: { net_cents: net, gross_cents: gross, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 },
    ...extra,
  };
}
