import '@testing-library/jest-dom';
import type { Cart, CartItem, CartLine, CartNotice, PaymentMaturity, Product } from '@hostcart/shared-data-access-api';
import { catalogProduct, installFetch, json, maturity, type SeenRequest } from '@hostcart/shared-testing';

export { maturity } from '@hostcart/shared-testing';

export function product(id: number, name: string, maturities: PaymentMaturity[], extra: Partial<Product> = {}): Product {
  return catalogProduct(id, name, { category_name: '', category_slug: '', payment_maturities: maturities, ...extra });
}

export function cartLine(id: number, maturityId: number, intervalId: number, extra: Partial<CartLine> = {}): CartLine {
  return { id, maturity_id: maturityId, interval_id: intervalId, promotion: '', additional_fields: [], ...extra };
}

/**
 * Host 1001 with terms 1 month (interval 1) and 12 months (intervals 1 and 12); addon 2031
 * (1 and 12 months) linked plainly; upsell 3001 offered yearly only.
 */
export function catalog(): Product[] {
  const plainLink = (addonId: number) => ({ id: addonId, product_id: 1001, addon_id: addonId, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [] });
  return [
    product(1001, 'Web hosting M', [maturity(11, 1, 999, [[21, 1]]), maturity(12, 12, 799, [[21, 1], [22, 12]])], {
      addons: [plainLink(2031)],
      upsells: [{ upsell_id: 3001, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' }],
    }),
    product(2031, 'Support', [maturity(311, 1, 100, [[411, 1]]), maturity(312, 12, 90, [[412, 12]])]),
    product(3001, 'Mail pro', [maturity(321, 12, 300, [[422, 12]])]),
  ];
}

export function item(extra: Partial<CartItem> = {}): CartItem {
  return { row_id: 'row1', product: cartLine(1001, 12, 22), addons: [], upsells: [], domains: [], is_preconfigured: false, ...extra };
}

export type FakeRequest = SeenRequest;

/** A stateful fake of the brand, catalog, cart and period routes. */
export function installFakeShop(products: Product[], items: CartItem[], { notices = [] as CartNotice[], fail = false } = {}) {
  const cart: Cart = { items, version: 1 };
  const calls = installFetch((req: FakeRequest) => {
    const url = new URL(req.path, 'http://localhost');
    const p = url.pathname;
    if (p === '/brands/current') return json({ id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: '', is_visible: true, locales: [], properties: { display_prices_with_vat: 'true' } });
    if (p === '/products') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ products: products.filter((pr) => ids.includes(pr.id)) });
    }
    if (p === '/session/cart' && req.method === 'GET') return json({ cart, notices: [] });
    const m = p.match(/^\/session\/cart\/items\/(\w+)(?:\/(addons|upsells)\/(\d+))?\/period$/);
    if (m && req.method === 'PUT') {
      if (fail) return json({ error: 'cart.addon_not_available' }, 422);
      const it = cart.items.find((i) => i.row_id === m[1]);
      const body = req.body ?? {};
      const target = m[2] ? (m[2] === 'addons' ? it?.addons : it?.upsells)?.find((l) => l.id === Number(m[3])) : it?.product;
      if (target) {
        target.maturity_id = body['maturity_id'] as number;
        target.interval_id = body['interval_id'] as number;
      }
      return json({ cart, notices });
    }
    return json({ error: 'error.not_found' }, 404);
  });
  return { calls, mutations: () => calls.filter((c) => c.method !== 'GET') };
}
