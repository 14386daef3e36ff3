import { Route, Routes } from 'react-router-dom';
import type { Brand, Cart, LinePromotion, PricedCart, PricedDomain, PricedItem, PricedLine, Product } from '@hostcart/shared-data-access-api';
import { createAppStore } from '@hostcart/shared-store';
import { cartPresentation, catalogProduct as baseProduct, installFetch, linePresentation, linePrice, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { CartPage, type CartPageProps } from './cart-page';

export type FakeRequest = SeenRequest;

/** Answers a request: a body (200 JSON), a Response, or undefined for 404. */
export type FakeHandler = (req: FakeRequest) => unknown | Response | undefined;

export { json } from '@hostcart/shared-testing';

/** Stubs fetch with handler; returns the requests seen. */
export const installFakeApi = (handler: FakeHandler): FakeRequest[] => installFetch(handler);

export function renderCart({ locale = 'en-GB', store = createAppStore(), props = {} as CartPageProps } = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/cart" element={<CartPage {...props} />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/cart', locale, store },
  );
}

/** Hostwerk shows gross prices, promo input and coupon hint, allows login; Alpenhost the opposite. */
export function brand(slug: 'hostwerk' | 'alpenhost'): Brand {
  const hostwerk = slug === 'hostwerk';
  return {
    id: hostwerk ? 1 : 2,
    name: hostwerk ? 'Hostwerk' : 'Alpenhost',
    slug,
    fqdn: hostwerk ? 'shop.hostwerk.de' : 'shop.alpenhost.at',
    is_visible: true,
    locales: [],
    properties: {
      display_prices_with_vat: String(hostwerk),
      hide_zero_prices_in_cart: String(!hostwerk),
      display_interval_with_maturity: String(hostwerk),
      display_promocode_input_on_cart_page: String(hostwerk),
      display_coupon_code_hint_on_cart_page: String(hostwerk),
      allow_crm: String(hostwerk),
      ...(hostwerk ? { oauth_authority_url: 'https://login.hostwerk.de' } : {}),
      copyright_year: hostwerk ? '2009' : '2016',
    },
  };
}

export { linePrice as price, linePresentation, cartPresentation };

export function promotion(extra: Partial<LinePromotion> = {}): LinePromotion {
  return {
    code: 'WELCOME10',
    applied: true,
    kind: 'percentage',
    percent_label: 10,
    value_cents: 0,
    months: 12,
    promoted_monthly_net_cents: 0,
    promoted_monthly_display_cents: 0,
    discount_net_cents: 0,
    discount_display_cents: 0,
    discount_label: '',
    ...extra,
  };
}

export function line(id: number, name: string, extra: Partial<PricedLine> = {}): PricedLine {
  return {
    id,
    name,
    maturity_id: id * 100 + 2,
    maturity_months: 12,
    interval_id: 4,
    interval_months: 12,
    vat_percent: 19,
    cancelation_period: 90,
    price: linePrice(100),
    promotion: null,
    hide_in_cart: false,
    non_removable: false,
    missing_field_ids: [],
    secret_field_ids: [],
    ...extra,
  };
}

export function domain(name: string, extra: Partial<PricedDomain> = {}): PricedDomain {
  return { name, tld: name.split('.').slice(1).join('.'), inclusive: false, is_transfer: false, vat_percent: 19, price: linePrice(1414), promotion: null, missing_field_ids: [], secret_field_ids: [], ...extra };
}

export function item(rowId: string, product: PricedLine, extra: Partial<PricedItem> = {}): PricedItem {
  return {
    row_id: rowId,
    is_preconfigured: false,
    product,
    addons: [],
    upsells: [],
    domains: [],
    missing_domain: false,
    invalid: false,
    total_net_cents: 0,
    total_gross_cents: 0,
    total_display_cents: 0,
    ...extra,
  };
}

const cartLine = (l: PricedLine) => ({ id: l.id, maturity_id: l.maturity_id, interval_id: l.interval_id, promotion: l.promotion?.code ?? '', additional_fields: [] });

/** The stored cart a priced view was computed from (the service sends it along as priced.cart). */
function cartOf(items: PricedItem[]): Cart {
  return {
    version: 3,
    items: items.map((i) => ({
      row_id: i.row_id,
      is_preconfigured: i.is_preconfigured,
      product: i.product ? cartLine(i.product) : { id: 0, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] },
      addons: i.addons.map(cartLine),
      upsells: i.upsells.map(cartLine),
      domains: i.domains.map((d, n) => ({ id: n + 1, name: d.name, inclusive: d.inclusive, auth_code: '', promotion_code: d.promotion?.code ?? '', additional_fields: [] })),
    })),
  };
}

export function pricedCart(items: PricedItem[], withVat: boolean, extra: Partial<PricedCart> = {}): PricedCart {
  return {
    cart: cartOf(items),
    items,
    totals: {
      monthly_net_cents: 0,
      monthly_gross_cents: 0,
      monthly_display_cents: 0,
      setup_fee_net_cents: 0,
      contract_net_cents: 0,
      discount_net_cents: 0,
      discount_display_cents: 0,
      total_net_cents: 0,
      total_vat_cents: 0,
      total_gross_cents: 0,
      total_display_cents: 0,
      presentation: cartPresentation(),
    },
    prices_with_vat: withVat,
    hide_zero_prices: !withVat,
    promotions_unavailable: false,
    required_agreements: [],
    sms_validation: false,
    checkout_blocked: items.length === 0,
    item_count: items.length,
    vat_reason: '',
    session_vat_percent: 0,
    vat_unavailable: false,
    ...extra,
  };
}

export function catalogProduct(id: number, name: string, extra: Partial<Product> = {}): Product {
  return baseProduct(id, name, {
    category_name: 'Web hosting',
    category_slug: 'webhosting',
    category_id: 101,
    domain_capable: true,
    qty_max: 10,
    order: 1,
    is_domainrequired: 2,
    ...extra,
  });
}

export const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');
