import { Route, Routes } from 'react-router-dom';
import type { AdditionalField, Cart, CartItem, PaymentMaturity, PricedLine, Product, ProductUpsell } from '@hostcart/shared-data-access-api';
import { catalogProduct, installFetch, json, linePresentation, maturity, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { AddonReselectionPage, ReselectPromotedAddonsPage, ReselectStandardAddonsPage } from './addon-reselection-page';
import { PopularAddonsPage } from './popular-addons-page';
import type { UpsellProduct } from './upsell-offer';

/** A term of 12 months billed yearly (interval 12), the period every fixture shares. */
export function yearly(id: number, priceCents: number): PaymentMaturity {
  return maturity(id, 12, priceCents, [[id * 10, 12]], { is_default: true });
}

export function product(id: number, name: string, extra: Partial<UpsellProduct> = {}): UpsellProduct {
  return catalogProduct(id, name, { qty_max: 1, payment_maturities: [yearly(id, 500)], ...extra }) as UpsellProduct;
}

export function upsellLink(id: number, name: string): ProductUpsell {
  return {
    upsell_id: id,
    upsell_headline: `More with ${name}`,
    disadvantages_headline: `Without ${name}`,
    disadvantages: [`No ${name} benefit`],
    disadvantages_button_text: `Continue without ${name}`,
  };
}

export function upsell(id: number, name: string, extra: Partial<UpsellProduct> = {}): UpsellProduct {
  return product(id, name, {
    type: 'upsell',
    advantages_headline: `With ${name}`,
    advantages: [`${name} benefit one`, `${name} benefit two`],
    advantages_button_text: `Add ${name}`,
    from_price: { net_cents: 290, gross_cents: 345, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 },
    ...extra,
  });
}

export function requiredField(id: number, label: string): AdditionalField {
  return { id, key: `field${id}`, label, order: 1, validation_rules: 'required|string|max:50', input_component: 'text', is_postponed: false, prefilled_with: '', headline: '', is_secret: false };
}

/** Host 1001 with upsells 1301 (no fields) and 1302 (a required field). */
export function shop(): Product[] {
  return [
    product(1001, 'Web hosting M', { upsells: [upsellLink(1301, 'SSL Premium'), upsellLink(1302, 'Backup Plus')] }),
    upsell(1301, 'SSL Premium'),
    upsell(1302, 'Backup Plus', { additional_fields: [requiredField(77, 'Backup e-mail')] }),
  ];
}

export function hostItem(extra: Partial<CartItem> = {}): CartItem {
  return {
    row_id: 'r1',
    product: { id: 1001, maturity_id: 1001, interval_id: 10010, promotion: '', additional_fields: [] },
    addons: [],
    upsells: [],
    domains: [],
    is_preconfigured: false,
    ...extra,
  };
}

export type FakeRequest = SeenRequest;

function pricedLine(id: number, monthlyCents: number): PricedLine {
  const zero = 0;
  return {
    id,
    name: `#${id}`,
    maturity_id: id,
    maturity_months: 12,
    interval_id: id * 10,
    interval_months: 12,
    vat_percent: 19,
    cancelation_period: 30,
    price: {
      one_time: false,
      display_cents: monthlyCents,
      show_price: true,
      monthly_net_cents: zero,
      monthly_gross_cents: monthlyCents,
      monthly_display_cents: monthlyCents,
      setup_fee_net_cents: zero,
      setup_fee_gross_cents: zero,
      setup_fee_display_cents: zero,
      contract_net_cents: zero,
      contract_gross_cents: zero,
      contract_display_cents: zero,
      minimum_period_cents: zero,
      total_net_cents: zero,
      total_vat_cents: zero,
      total_gross_cents: zero,
      total_display_cents: zero,
      presentation: linePresentation(monthlyCents),
    },
    promotion: null,
    hide_in_cart: false,
    non_removable: false,
    missing_field_ids: [],
    secret_field_ids: [],
  };
}

/**
 * A stateful fake of the API of these screens: brand, countries, catalog by ids, the session cart
 * with its upsell and field mutations, and a priced view whose upsell lines cost `upsellMonthlyCents`
 * (the amount the service would compute). `respond` may answer a request first.
 */
export function installFakeShop(
  catalog: Product[],
  items: CartItem[],
  { upsellMonthlyCents = 0, respond = (() => undefined) as (req: FakeRequest) => Response | undefined } = {},
) {
  const cart: Cart = { items, version: 1 };
  const answer = () => ({ cart: structuredClone(cart), notices: [] });
  const changed = () => {
    cart.version = Number(cart.version) + 1;
    return json(answer());
  };
  const calls = installFetch((req: FakeRequest) => {
    const url = new URL(req.path, 'http://localhost');
    const p = url.pathname;
    const special = respond(req);
    if (special) return special;
    const body = req.body ?? {};
    if (p === '/countries') return json({ countries: [{ id: 1, code: 'DE', name: 'Germany', phone_prefix: '+49', order: 1 }] });
    if (p === '/brands/current')
      return json({ id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: '', is_visible: true, locales: [], properties: { country_code: 'DE', display_prices_with_vat: 'true' } });
    if (p === '/products') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ products: catalog.filter((pr) => ids.includes(pr.id)) });
    }
    if (p === '/additional-fields/validate') return json({});
    if (p === '/session/cart') return json(answer());
    if (p === '/session/cart/priced') {
      const pricedItems = cart.items.map((i) => ({ row_id: i.row_id, product: null, addons: [], upsells: i.upsells.map((u) => pricedLine(u.id, upsellMonthlyCents)), domains: [] }));
      return json({ priced: { cart: answer().cart, items: pricedItems, prices_with_vat: true }, notices: [] });
    }
    const m = p.match(/^\/session\/cart\/items\/(\w+)(\/.*)?$/);
    const item = m ? cart.items.find((i) => i.row_id === m[1]) : undefined;
    if (m && !item) return json({ error: 'cart.item_not_found' }, 404);
    if (item && m) {
      const rest = m[2] ?? '';
      if (rest === '/upsells' && req.method === 'POST') {
        const id = body['upsell_id'] as number;
        if (!item.upsells.some((u) => u.id === id)) item.upsells.push({ id, maturity_id: id, interval_id: id * 10, promotion: '', additional_fields: [] });
        return changed();
      }
      const del = rest.match(/^\/upsells\/(\d+)$/);
      if (del && req.method === 'DELETE') {
        item.upsells = item.upsells.filter((u) => u.id !== Number(del[1]));
        return changed();
      }
      if (rest === '/additional-fields' && req.method === 'PUT') {
        const line = body['line'] as { line_id: number };
        item.upsells = item.upsells.map((u) => (u.id === line.line_id ? { ...u, additional_fields: body['additional_fields'] as never } : u));
        return changed();
      }
    }
    return json({ error: 'error.not_found' }, 404);
  });
  return { calls, cart, mutations: () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`) };
}

export function renderScreens(entry: string | { pathname: string; search?: string; state?: unknown }, locale = 'en-GB') {
  return renderWithApp(
    <Routes>
      <Route path="/popular-addons" element={<PopularAddonsPage />} />
      <Route path="/addon-reselection" element={<AddonReselectionPage />} />
      <Route path="/addon-reselection/promoted-addons" element={<ReselectPromotedAddonsPage />} />
      <Route path="/addon-reselection/standard-addons" element={<ReselectStandardAddonsPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: entry, locale },
  );
}
