import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import { apiError, brand, cartItem, cartOf, category, installFakeApi, product, renderFlow, type FakeCalls } from './test-utils';
import { selectChosenProductId } from './catalog-flow.slice';
import type { Product } from '@hostcart/shared-data-access-api';

const nbsp = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

const routes: Record<string, unknown> = {};

function api(withVat: boolean, products: unknown[], query = '/products?category=webhosting', extra: Record<string, unknown> = {}): FakeCalls {
  for (const k of Object.keys(routes)) delete routes[k];
  Object.assign(routes, {
    '/brands/current': brand(withVat),
    '/categories': { categories: [category(1, 'webhosting', 'Webhosting')] },
    [query]: { products },
    // An empty priced view, so the store's analytics listener of one test never waits into the next.
    '/session/cart/priced': { priced: { cart: { items: [], version: 1 }, items: [], item_count: 0 }, notices: [] },
    ...extra,
  });
  return installFakeApi(routes);
}

/** The cart routes of one new item r1 holding `ordered`, and the catalog lookups of the guided flow. */
function addCartRoutes(_calls: FakeCalls, ordered: Product, extra: Record<string, unknown> = {}) {
  Object.assign(routes, {
    'POST /session/cart/items': { cart: cartOf(cartItem('r1', ordered.id)), notices: [], row_id: 'r1' },
    [`/products?ids=${ordered.id}&include_hidden=true`]: { products: [ordered] },
    ...Object.fromEntries(
      (ordered.upsells ?? []).map((u) => [`/products?ids=${u.upsell_id}&include_hidden=true`, { products: [product(u.upsell_id, 'Upsell', 100, 119)] }]),
    ),
    ...extra,
  });
}

function field(id: number, postponed: boolean) {
  return { id, key: `f${id}`, label: `Field ${id}`, order: id, validation_rules: 'required', input_component: 'text', is_postponed: postponed, prefilled_with: '', headline: '', is_secret: false };
}

function upsellLink(id: number) {
  return { upsell_id: id, upsell_headline: 'Better', disadvantages_headline: 'Without', disadvantages: [], disadvantages_button_text: '' };
}

function maturity(id: number, months: number, intervals: [number, number][], isDefault = false) {
  return {
    id,
    months,
    price_cents: 500,
    setup_fee_cents: 0,
    cancelation_period: 30,
    is_active: true,
    is_default: isDefault,
    product_id: 1,
    payment_intervals: intervals.map(([iid, m]) => ({ id: iid, months: m, interval_vat: 19, is_active: true, is_default: false })),
  };
}

async function orderSecond() {
  const list = await screen.findByRole('list', { name: 'Products' });
  await userEvent.click(within(within(list).getAllByRole('article')[1]).getByRole('button', { name: 'Order now' }));
}

beforeEach(() => {
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});

const several = [
  product(2, 'Webhosting M', 899, 1070),
  product(1, 'Webhosting S', 499, 594, { is_highlight: true }),
  product(3, 'Secret', 100, 119, { is_hidden: true }),
];

describe('ProductsPage', () => {
  it('shows product cards with the gross from-price when the brand displays VAT', async () => {
    api(true, several);
    renderFlow('/products/webhosting', 'de-DE');
    const list = await screen.findByRole('list', { name: 'Produkte' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Webhosting S', 'Webhosting M']);
    const price = within(cards[0]).getByTestId('product-price');
    expect(nbsp(price.textContent)).toContain('ab 5,94 € pro Monat');
    expect(nbsp(price.textContent)).toContain('inkl. 19 % MwSt.');
    expect(within(cards[0]).getByText('Webhosting S tagline')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webhosting');
  });

  it('shows the net from-price when the brand displays prices without VAT', async () => {
    api(false, several);
    renderFlow('/products/webhosting', 'en-GB');
    const list = await screen.findByRole('list', { name: 'Products' });
    const price = within(within(list).getAllByRole('article')[0]).getByTestId('product-price');
    expect(price.textContent).toContain('from €4.99 per month');
    expect(price.textContent).toContain('excl. 19% VAT');
  });

  it('never shows hidden products and shows no promotion line without promotion data', async () => {
    api(true, several);
    renderFlow('/products/webhosting');
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByText('Secret')).toBeNull();
    expect(document.querySelector('.hc-card__promo')).toBeNull();
    expect(document.querySelector('.hc-price__old')).toBeNull();
  });

  describe('automatic promotions on the cards (spec §2 "Categories and products", issue 22 gap 2)', () => {
    const promotion = (extra: Record<string, unknown>) => ({
      id: 101, code: 'AUTO', type: 'product', value_type: 'percentage', percent: 50, percent_label: 0, value_cents: 0, requires: [],
      is_recurring: false, recurs_for: 0, is_automatic: true, discount_label: '50 % off the first billing period',
      applies_to: { type: 'ids', ids: [1], tlds: [] }, supported: { maturity_months: [12], interval_months: [], for_addon: false, for_upsell: false },
      valid_from: '', valid_until: '', ...extra,
    });

    it('strikes the regular price through, says "previously" to screen readers and prints the promoted price and label', async () => {
      api(true, several, '/products?category=webhosting', { '/promotions': { promotions: [promotion({})] } });
      renderFlow('/products/webhosting');
      const list = await screen.findByRole('list', { name: 'Products' });
      const card = within(list).getAllByRole('article')[0];
      await waitFor(() => expect(within(card).getByTestId('product-old-price')).toBeTruthy());
      const old = within(card).getByTestId('product-old-price');
      expect(nbsp(old.querySelector('s')?.textContent ?? '')).toBe('€5.94');
      expect(old.querySelector('s')?.getAttribute('aria-hidden')).toBe('true');
      expect(nbsp(old.querySelector('.hc-visually-hidden')?.textContent ?? '')).toBe('previously €5.94');
      // 50 % of the printed 5,94 € month, as the presentation rule prints it.
      expect(nbsp(within(card).getByTestId('product-price').textContent)).toContain('from €2.97 per month');
      expect(within(card).getByText('50 % off the first billing period')).toBeTruthy();
      // The other product is not in the promotion.
      expect(within(within(list).getAllByRole('article')[1]).queryByTestId('product-old-price')).toBeNull();
    });

    it('prints a fixed promotion\'s monthly share in the brand\'s net mode, in German', async () => {
      api(false, several, '/products?category=webhosting', {
        '/promotions': { promotions: [promotion({ value_type: 'fixed', percent: 0, value_cents: 1200, discount_label: '12 € Rabatt im ersten Jahr', supported: { maturity_months: [12], interval_months: [12], for_addon: false, for_upsell: false } })] },
      });
      renderFlow('/products/webhosting', 'de-DE');
      const card = within(await screen.findByRole('list', { name: 'Produkte' })).getAllByRole('article')[0];
      await waitFor(() => expect(within(card).getByTestId('product-old-price')).toBeTruthy());
      expect(nbsp(within(card).getByTestId('product-old-price').textContent)).toContain('bisher 4,99 €');
      expect(nbsp(within(card).getByTestId('product-price').textContent)).toContain('ab 3,99 € pro Monat');
      expect(within(card).getByText('12 € Rabatt im ersten Jahr')).toBeTruthy();
    });

    it('shows no promotion of another term, a manual code or another product', async () => {
      api(true, several, '/products?category=webhosting', {
        '/promotions': {
          promotions: [
            promotion({ supported: { maturity_months: [24], interval_months: [], for_addon: false, for_upsell: false } }),
            promotion({ is_automatic: false, code: 'MANUAL' }),
            promotion({ applies_to: { type: 'ids', ids: [7], tlds: [] } }),
          ],
        },
      });
      renderFlow('/products/webhosting');
      await screen.findByRole('list', { name: 'Products' });
      await waitFor(() => expect(document.querySelector('[data-testid="product-price"]')).toBeTruthy());
      expect(document.querySelector('.hc-price__old')).toBeNull();
      expect(document.querySelector('.hc-card__promo')).toBeNull();
    });
  });

  it('orders a product with fields of the main flow: goes to its additional fields, carrying the URL extras', async () => {
    const withFields = [product(2, 'Webhosting M', 899, 1070, { additional_fields: [field(5, false)] }), product(1, 'Webhosting S', 499, 594)];
    const calls = api(true, withFields, '/products?category=webhosting');
    const { store } = renderFlow('/products/webhosting?promocode=SUMMER&addons=55&referrer=partner');
    const list = await screen.findByRole('list', { name: 'Products' });
    await userEvent.click(within(within(list).getAllByRole('article')[1]).getByRole('button', { name: 'Order now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/additional-product-fields?id=2&addons=55&promocode=SUMMER'));
    expect(selectChosenProductId(store.getState())).toBe(2);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('orders the only product of a category automatically and goes on along the guided flow', async () => {
    const only = product(7, 'Only', 100, 119, { upsells: [upsellLink(1301)] });
    const calls = api(true, [only, product(8, 'Hidden', 1, 1, { is_hidden: true })]);
    addCartRoutes(calls, only);
    renderFlow('/products/webhosting');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/popular-addons?id=r1'));
    expect(calls.sent('POST /session/cart/items')).toEqual([{ product_id: 7 }]);
  });

  it('asks only for domain-capable products during a domain search', async () => {
    const calls = api(true, several, '/products?category=webhosting&d=example.de');
    renderFlow('/products/webhosting?d=example.de');
    await screen.findByRole('list', { name: 'Products' });
    expect(calls).toContain('/products?category=webhosting&d=example.de');
  });

  it('selects ?chooseProduct and reports an unknown one on the categories page', async () => {
    api(true, several);
    const { store } = renderFlow('/products/webhosting?chooseProduct=99');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/categories'));
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ type: 'error', message: 'cart.product_not_available', preserveRouteChange: true }),
    ]);
  });

  it('shows a retryable error when products cannot be loaded', async () => {
    installFakeApi({ '/brands/current': brand(true), '/categories': { categories: [] } });
    renderFlow('/products/webhosting');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The page you are looking for could not be found.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
  it('orders a product without main-flow fields into the cart with its informations and temporary domains, then goes on', async () => {
    const ordered = product(2, 'Webhosting M', 899, 1070, { additional_fields: [field(9, true)] });
    const calls = api(true, [product(1, 'Webhosting S', 499, 594), ordered]);
    // The priced view (kept loaded by the cart counter) before and after the add: the store's
    // analytics listener names and prices the added line with it.
    let added = false;
    const pricedItem = { row_id: 'r1', product: { id: 2, name: 'Webhosting M', price: { display_cents: 1070 }, hide_in_cart: false }, addons: [], upsells: [], domains: [] };
    addCartRoutes(calls, ordered, {
      'POST /session/cart/items': () => {
        added = true;
        return { cart: cartOf(cartItem('r1', ordered.id)), notices: [], row_id: 'r1' };
      },
      '/session/cart/priced': () => ({
        priced: added ? { cart: cartOf(cartItem('r1', ordered.id)), items: [pricedItem], item_count: 1 } : { cart: { items: [], version: 1 }, items: [], item_count: 0 },
        notices: [],
      }),
    });
    renderFlow('/products/webhosting?tid=tmp1&referrer=partner&webcard_demo_reference=demo42');
    await orderSecond();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(calls.sent('POST /session/cart/items')).toEqual([
      { product_id: 2, informations: { referrer: 'partner', webcard_demo_reference: 'demo42' }, domains_from_row_id: 'tmp1' },
    ]);
    const layer = (window as unknown as { dataLayer: Array<{ event?: string; ecommerce?: { items: Array<{ item_id: string; price: number }> } }> }).dataLayer;
    // One add_to_cart, from the store's cart-analytics listener (the page pushes none of its own).
    await waitFor(() => expect(layer.filter((e) => e.event).map((e) => e.event)).toEqual(['view_item_list', 'add_to_cart']));
    expect(layer.find((e) => e.event === 'add_to_cart')?.ecommerce?.items).toEqual([expect.objectContaining({ item_id: '2', price: 10.7 })]);
    expect(layer.find((e) => e.event === 'view_item_list')?.ecommerce?.items.map((i) => i.item_id)).toEqual(['1', '2']);
  });

  it('shows the qty_max refusal of the cart service as its notice and stays', async () => {
    const ordered = product(2, 'Webhosting M', 899, 1070);
    const calls = api(true, [product(1, 'Webhosting S', 499, 594), ordered]);
    addCartRoutes(calls, ordered, { 'POST /session/cart/items': apiError(422, 'cart.max_amount_of_same_products_in_cart_reached', { name: 'Webhosting M' }) });
    const { store } = renderFlow('/products/webhosting');
    await orderSecond();
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([
        expect.objectContaining({
          type: 'error',
          title: 'cart.max_amount_of_same_products_in_cart_reached_title',
          message: 'cart.max_amount_of_same_products_in_cart_reached',
          params: { product: 'Webhosting M' },
        }),
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/products/webhosting');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('button', { name: 'Order now' })[1].hasAttribute('disabled')).toBe(false));
  });

  it('adds the addon of ?addons after the product, and says so when it is not available', async () => {
    const ordered = product(2, 'Webhosting M', 899, 1070);
    const calls = api(true, [product(1, 'Webhosting S', 499, 594), ordered]);
    addCartRoutes(calls, ordered, { 'POST /session/cart/items/r1/addons': apiError(422, 'cart.addon_not_available', { name: 'Mail Pro' }) });
    const { store } = renderFlow('/products/webhosting?addons=55');
    await orderSecond();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(calls.sent('POST /session/cart/items/r1/addons')).toEqual([{ addon_id: 55 }]);
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ title: 'cart.addon_not_available_title', message: 'cart.addon_not_available', params: { addon: 'Mail Pro' } }),
    ]);
  });

  it('attaches ?promocode after adopting the promotion\'s maturity, and keeps it when the code lands on the item', async () => {
    const ordered = product(2, 'Webhosting M', 899, 1070, {
      payment_maturities: [maturity(112, 12, [[1, 1], [12, 12]], true), maturity(124, 24, [[1, 1], [24, 24]])],
    });
    const calls = api(true, [product(1, 'Webhosting S', 499, 594), ordered]);
    addCartRoutes(calls, ordered, {
      'POST /session/cart/items': { cart: cartOf(cartItem('r1', 2, { maturity_id: 112, interval_id: 12 })), notices: [], row_id: 'r1' },
      '/promotions/LONG24': { promotion: { code: 'LONG24', supported: { maturity_months: [24], interval_months: [], for_addon: false, for_upsell: false } } },
      'PUT /session/cart/items/r1/period': (b: { maturity_id: number; interval_id: number }) => ({ cart: cartOf(cartItem('r1', 2, b)), notices: [] }),
      'POST /session/cart/promotions': { cart: cartOf(cartItem('r1', 2, { maturity_id: 124, interval_id: 1, promotion: 'LONG24' })), notices: [], code: 'LONG24' },
    });
    renderFlow('/products/webhosting?promocode=LONG24');
    await orderSecond();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/periods/maturity?id=r1'));
    expect(calls.sent('PUT /session/cart/items/r1/period')).toEqual([{ maturity_id: 124, interval_id: 1 }]);
    expect(calls.sent('POST /session/cart/promotions')).toEqual([{ code: 'LONG24' }]);
  });

  it('restores the previous period and reports the code when it cannot be applied', async () => {
    const ordered = product(2, 'Webhosting M', 899, 1070, {
      payment_maturities: [maturity(112, 12, [[12, 12]], true), maturity(124, 24, [[24, 24]])],
    });
    const calls = api(true, [product(1, 'Webhosting S', 499, 594), ordered]);
    addCartRoutes(calls, ordered, {
      'POST /session/cart/items': { cart: cartOf(cartItem('r1', 2, { maturity_id: 112, interval_id: 12 })), notices: [], row_id: 'r1' },
      '/promotions/LONG24': { promotion: { code: 'LONG24', supported: { maturity_months: [24], interval_months: [24], for_addon: false, for_upsell: false } } },
      'PUT /session/cart/items/r1/period': (b: { maturity_id: number; interval_id: number }) => ({ cart: cartOf(cartItem('r1', 2, b)), notices: [] }),
      'POST /session/cart/promotions': apiError(422, 'confirm.manual_promotion_not_applicable', { code: 'LONG24' }),
    });
    const { store } = renderFlow('/products/webhosting?promocode=LONG24');
    await orderSecond();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/periods/maturity?id=r1'));
    expect(calls.sent('PUT /session/cart/items/r1/period')).toEqual([
      { maturity_id: 124, interval_id: 24 },
      { maturity_id: 112, interval_id: 12 },
    ]);
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ type: 'error', message: 'confirm.manual_promotion_not_applicable', params: { code: 'LONG24' } }),
    ]);
  });
  it('shows the list instead of ordering again when the visitor comes back to an automatically chosen product', async () => {
    const only = product(7, 'Only', 100, 119);
    const calls = api(true, [only]);
    addCartRoutes(calls, only);
    renderFlow({ pathname: '/products/webhosting', state: { autoSelected: true } });
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getByRole('heading', { name: 'Only' })).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});

describe('adding items on an order draft (spec §2 global, §6)', () => {
  const draftCart = { priced: { cart: { items: [], version: '4', is_draft: true }, items: [], item_count: 0 }, notices: [] };

  it('sends a customer on a draft from a single-product category to the cart without ordering it', async () => {
    const calls = api(true, [product(1, 'Only', 499, 594)], '/products?category=webhosting', { '/session/cart/priced': draftCart, '/admins/me': () => new Response(null, { status: 204 }) });
    renderFlow('/products/webhosting');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('sends a customer on a draft from the categories to the cart', async () => {
    api(true, [], '/products?category=webhosting', { '/session/cart/priced': draftCart, '/admins/me': () => new Response(null, { status: 204 }) });
    renderFlow('/categories');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
  });

  it('lets a sales agent order on a draft', async () => {
    const agent = { id: 'a-7', name: 'Ada', roles: [{ name: 'sales-agent' }], is_sales_agent: true, expires_at: '2026-11-25T12:00:00Z' };
    api(true, [product(1, 'Webhosting S', 499, 594), product(2, 'Webhosting M', 899, 1070)], '/products?category=webhosting', { '/session/cart/priced': draftCart, '/admins/me': agent });
    renderFlow('/products/webhosting');
    expect(await screen.findByRole('list', { name: 'Products' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/products/webhosting');
  });
});
