import '@testing-library/jest-dom';
import { Route, Routes } from 'react-router-dom';
import type { Cart, CartItem, CartLine, PaymentMaturity, Product, ProductAddonLink, Promotion } from '@hostcart/shared-data-access-api';
import { catalogProduct, installFetch, json, maturity, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { AddonVariantsPage } from './addon-variants-page';
import { AddonsPage } from './addons-page';
import { IntervalPage, MaturityPage, PeriodsPage } from './periods-pages';
import { PromotedAddonsPage } from './promoted-addons-page';

export { maturity } from '@hostcart/shared-testing';

export function product(id: number, name: string, maturities: PaymentMaturity[], extra: Partial<Product> = {}): Product {
  return catalogProduct(id, name, { description: `${name} description`, payment_maturities: maturities, ...extra });
}

let linkId = 1;
export function link(addonId: number, groups: { id: number; rules: string[]; name?: string }[] = [], extra: Partial<ProductAddonLink> = {}): ProductAddonLink {
  return {
    id: linkId++,
    product_id: 1001,
    addon_id: addonId,
    is_recommended: false,
    recommended_addon_order: 0,
    is_promoted: false,
    promoted_addon_order: 0,
    groups: groups.map((g) => ({ id: g.id, name: g.name ?? `group${g.id}`, display_name: g.name ?? `Group ${g.id}`, display_description: '', rules: g.rules.map((type) => ({ type })) })),
    ...extra,
  };
}

// Addon terms: monthly and yearly (matching the host), and a one-time one.
const addonTerms = (id: number) => [maturity(id * 10 + 1, 1, 100, [[id * 100 + 1, 1]]), maturity(id * 10 + 2, 12, 90, [[id * 100 + 2, 12]])];
export const addon = (id: number, name: string, extra: Partial<Product> = {}) => product(id, name, addonTerms(id), extra);

/**
 * The host product 1001: terms 1 month (interval 1) and 12 months (intervals 1 and 12), with
 * variants, promoted, recommended, regular, non-removable and module addons.
 */
export function shopCatalog(): Product[] {
  const host = product(1001, 'Web hosting M', [maturity(11, 1, 999, [[21, 1]]), maturity(12, 12, 799, [[21, 1], [22, 12]], { is_default: true })], {
    addons: [
      link(2001, [{ id: 17, rules: ['variants', 'mutually_exclusive'], name: 'Customer type' }]),
      link(2002, [{ id: 17, rules: ['variants', 'mutually_exclusive'], name: 'Customer type' }]),
      link(2003, [{ id: 18, rules: ['variants'], name: 'Location' }]),
      link(2011, [], { is_promoted: true, promoted_addon_order: 2 }),
      link(2012, [], { is_promoted: true, promoted_addon_order: 1 }),
      link(2021, [], { is_recommended: true, recommended_addon_order: 2 }),
      link(2022, [], { is_recommended: true, recommended_addon_order: 1 }),
      link(2031, []),
      link(2032, [{ id: 12, rules: ['autoassign', 'non_removable'] }]),
      link(2041, [{ id: 16, rules: ['modules', 'allow_empty', 'mutually_exclusive'], name: 'Website builder' }]),
      link(2042, [{ id: 16, rules: ['modules', 'allow_empty', 'mutually_exclusive'], name: 'Website builder' }]),
      link(2050, [{ id: 15, rules: ['invisible'] }]),
      // Only a 24-month term: not available for this host.
    ],
  });
  return [
    host,
    addon(2001, 'Private person'),
    addon(2002, 'Company'),
    addon(2003, 'Berlin'),
    addon(2011, 'Backup plus', { order: 5 }),
    addon(2012, 'SSL pro', {
      additional_fields: [
        { id: 501, key: 'common_name', label: 'Common name', order: 1, validation_rules: 'required|string|max:20', input_component: 'text', is_postponed: false, prefilled_with: '', headline: '', is_secret: false },
      ],
    }),
    addon(2021, 'Mail archive', { order: 9 }),
    addon(2022, 'Extra storage', { order: 8 }),
    addon(2031, 'Support', { order: 1 }),
    addon(2032, 'Protection'),
    addon(2041, 'Builder basic', { order: 1 }),
    addon(2042, 'Builder pro', { order: 2 }),
    addon(2050, 'Internal'),
  ];
}

export function cartLine(id: number, maturityId: number, intervalId: number, extra: Partial<CartLine> = {}): CartLine {
  return { id, maturity_id: maturityId, interval_id: intervalId, promotion: '', additional_fields: [], ...extra };
}

export function hostItem(extra: Partial<CartItem> = {}): CartItem {
  return { row_id: 'row1', product: cartLine(1001, 12, 22), addons: [], upsells: [], domains: [], is_preconfigured: false, ...extra };
}

export type FakeRequest = SeenRequest;

/**
 * A stateful fake of the API these screens use: brand, countries, catalog, the session cart and
 * its addon and period mutations. `respond` may answer a request first (an error, a notice).
 */
export function installFakeShop(
  catalog: Product[],
  items: CartItem[],
  { withVat = true, promotions = [] as Promotion[], respond = (() => undefined) as (req: FakeRequest) => Response | undefined } = {},
) {
  const cart: Cart = { items, version: 1 };
  const answer = () => ({ cart: structuredClone(cart), notices: [] });
  const calls = installFetch((req: FakeRequest) => {
    const url = new URL(req.path, 'http://localhost');
    const special = respond(req);
    if (special) return special;
    const p = url.pathname.replace('/api/v2', '');
    const body = req.body ?? {};
    if (p === '/countries') return json({ countries: [{ id: 1, code: 'DE', name: 'Germany', phone_prefix: '+49', order: 1 }] });
    if (p === '/brands/current')
      return json({ id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: '', is_visible: true, locales: [], properties: { country_code: 'DE', display_prices_with_vat: String(withVat) } });
    if (p === '/products') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ products: catalog.filter((pr) => ids.includes(pr.id)) });
    }
    // The brand's automatic promotions; by code only the manual ones (as the promotion service).
    if (p === '/promotions') return json({ promotions: promotions.filter((x) => x.is_automatic) });
    const promo = p.match(/^\/promotions\/([\w-]+)$/);
    if (promo) {
      const found = promotions.find((x) => x.code === promo[1] && !x.is_automatic);
      return found ? json({ promotion: found }) : json({ error: 'promotion.not_found' }, 404);
    }
    if (p === '/domains') return json({ tlds: [] });
    if (p === '/additional-fields/validate') return json({});
    if (p === '/session/cart' && req.method === 'GET') return json(answer());
    const m = p.match(/^\/session\/cart\/items\/(\w+)(\/.*)?$/);
    const item = m ? cart.items.find((i) => i.row_id === m[1]) : undefined;
    if (m && !item) return json({ error: 'cart.item_not_found' }, 404);
    if (item && m) {
      const rest = m[2] ?? '';
      if (rest === '/addons' && req.method === 'POST') {
        item.addons.push(cartLine(body['addon_id'] as number, (body['maturity_id'] as number) ?? 0, (body['interval_id'] as number) ?? 0, { additional_fields: (body['additional_fields'] as never) ?? [] }));
        return json(answer());
      }
      const del = rest.match(/^\/addons\/(\d+)$/);
      if (del && req.method === 'DELETE') {
        item.addons = item.addons.filter((a) => a.id !== Number(del[1]));
        return json(answer());
      }
      if (rest === '/period' && req.method === 'PUT') {
        item.product = { ...item.product, maturity_id: body['maturity_id'] as number, interval_id: (body['interval_id'] as number) || 0 };
        return json(answer());
      }
    }
    return json({ error: 'error.not_found', errors: {} }, 404);
  });
  return { calls, cart, mutations: () => calls.filter((c) => c.method !== 'GET') };
}

export function renderScreen(path: string, { state, locale = 'en-GB' }: { state?: unknown; locale?: string } = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/addon-variants" element={<AddonVariantsPage />} />
      <Route path="/promoted-addons" element={<PromotedAddonsPage />} />
      <Route path="/addons" element={<AddonsPage />} />
      <Route path="/periods" element={<PeriodsPage />} />
      <Route path="/periods/maturity" element={<MaturityPage />} />
      <Route path="/periods/interval" element={<IntervalPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, state, locale },
  );
}
