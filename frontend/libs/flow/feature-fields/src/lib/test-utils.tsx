import { Route, Routes } from 'react-router-dom';
import type { Cart, CartItem, Product } from '@hostcart/shared-data-access-api';
import { createAppStore } from '@hostcart/shared-store';
import { catalogProduct, installFetch, json, maturity, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { AdditionalAddonFieldsPage, AdditionalUpsellFieldsPage } from './addon-fields-page';
import { ProductFieldsPage } from './product-fields-page';

export { additionalField as field } from '@hostcart/shared-testing';

export function product(id: number, extra: Partial<Product> = {}): Product {
  return catalogProduct(id, `Product ${id}`, {
    order: 0,
    payment_maturities: [maturity(id * 10, 12, 500, [[id * 100, 12]], { is_default: true, product_id: id })],
    from_price: { net_cents: 500, gross_cents: 595, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 },
    ...extra,
  });
}

export function line(id: number, values: [number, string][] = []) {
  return { id, maturity_id: id * 10, interval_id: id * 100, promotion: '', additional_fields: values.map(([field_id, value]) => ({ field_id, value })) };
}

export function cartItem(rowId: string, productId: number, extra: Partial<CartItem> = {}): CartItem {
  return { row_id: rowId, product: line(productId), addons: [], upsells: [], domains: [], is_preconfigured: false, ...extra };
}

export type FakeRequest = SeenRequest;

/**
 * A stateful fake of the API the field screens use: catalog, countries, brand, the session cart
 * and its mutations. `respond` may answer a request first (e.g. a validation error).
 */
export function installFakeShop(catalog: Product[], items: CartItem[], respond: (req: FakeRequest) => Response | undefined = () => undefined) {
  const cart: Cart = { items, version: 1 };
  const answer = () => ({ cart: structuredClone(cart), notices: [] });
  const calls = installFetch((req: FakeRequest) => {
    const url = new URL(req.path, 'http://localhost');
    const special = respond(req);
    if (special) return special;
    const body = req.body as Record<string, never>;
    if (url.pathname.endsWith('/countries'))
      return json({ countries: [{ id: 1, code: 'DE', name: 'Germany', phone_prefix: '+49', order: 1 }, { id: 2, code: 'AT', name: 'Austria', phone_prefix: '+43', order: 2 }] });
    if (url.pathname.endsWith('/brands/current')) return json({ id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: '', is_visible: true, locales: [], properties: { country_code: 'DE', display_prices_with_vat: 'true' } });
    if (url.pathname.endsWith('/products')) {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ products: catalog.filter((p) => ids.includes(p.id)) });
    }
    if (url.pathname.endsWith('/additional-fields/validate')) return json({});
    if (url.pathname.endsWith('/session/cart') && req.method === 'GET') return json(answer());
    if (url.pathname.endsWith('/session/cart/items') && req.method === 'POST') {
      const rowId = `row${cart.items.length + 1}`;
      cart.items.push(cartItem(rowId, body['product_id'], { product: { ...line(body['product_id']), additional_fields: body['additional_fields'] ?? [] } }));
      return json({ ...answer(), row_id: rowId });
    }
    const addon = url.pathname.match(/\/session\/cart\/items\/(\w+)\/addons$/);
    if (addon && req.method === 'POST') {
      cart.items.find((i) => i.row_id === addon[1])?.addons.push(line(body['addon_id']));
      return json(answer());
    }
    const fields = url.pathname.match(/\/session\/cart\/items\/(\w+)\/additional-fields$/);
    if (fields && req.method === 'PUT') {
      const it = cart.items.find((i) => i.row_id === fields[1]);
      const ref = body['line'] as { kind: string; line_id?: number };
      const target =
        ref.kind === 'LINE_KIND_PRODUCT' ? it?.product : (ref.kind === 'LINE_KIND_ADDON' ? it?.addons : it?.upsells)?.find((l) => l.id === ref.line_id);
      if (!target) return json({ error: 'cart.item_not_found' }, 404);
      target.additional_fields = body['additional_fields'];
      return json(answer());
    }
    return json({ error: 'error.not_found', errors: {} }, 404);
  });
  return { calls, cart };
}

export function renderFields(path: string, { state, store = createAppStore() }: { state?: unknown; store?: ReturnType<typeof createAppStore> } = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/additional-product-fields" element={<ProductFieldsPage />} />
      <Route path="/additional-addon-fields" element={<AdditionalAddonFieldsPage />} />
      <Route path="/additional-popularaddon-fields" element={<AdditionalUpsellFieldsPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, state, store },
  );
}
