import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import type { PricedCart } from '@hostcart/shared-data-access-api';
import { maturity } from '@hostcart/shared-testing';
import { brand, cartPresentation, catalogProduct, domain, installFakeApi, item, json, line, linePresentation, nbsp, price, pricedCart, promotion, renderCart, type FakeRequest } from './test-utils';

type Layer = { dataLayer?: Array<Record<string, unknown>> };
const events = () => ((window as unknown as Layer).dataLayer ?? []).filter((e) => e['event']).map((e) => e['event']);

const hosting = catalogProduct(1001, 'Web hosting S', {
  addons: [
    { id: 1, product_id: 1001, addon_id: 1204, is_recommended: true, recommended_addon_order: 1, is_promoted: false, promoted_addon_order: 0, groups: [] },
    {
      id: 2,
      product_id: 1001,
      addon_id: 1205,
      is_recommended: false,
      recommended_addon_order: 0,
      is_promoted: false,
      promoted_addon_order: 0,
      groups: [{ id: 12, name: 'included_protection', display_name: '', display_description: '', rules: [{ type: 'autoassign' }, { type: 'non_removable' }] }],
    },
    {
      id: 3,
      product_id: 1001,
      addon_id: 1210,
      is_recommended: false,
      recommended_addon_order: 0,
      is_promoted: false,
      promoted_addon_order: 0,
      groups: [{ id: 15, name: 'internal', display_name: '', display_description: '', rules: [{ type: 'invisible' }, { type: 'autoassign' }] }],
    },
    {
      id: 4,
      product_id: 1001,
      addon_id: 1208,
      is_recommended: false,
      recommended_addon_order: 0,
      is_promoted: false,
      promoted_addon_order: 0,
      groups: [{ id: 14, name: 'services', display_name: '', display_description: '', rules: [{ type: 'autoassign' }] }],
    },
    { id: 5, product_id: 1001, addon_id: 1207, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [] },
  ],
  upsells: [{ upsell_id: 1301, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' }],
});
const addonCatalog = [
  // Its cheapest term (24 months, 1,50 €) is the catalog's from-price; offered for the item's
  // 12-month term it costs 2,00 € net, 2,38 € shown — the price the extras screen shows and the
  // cart prints once added (issue 23, finding 2).
  catalogProduct(1204, 'Daily backup', {
    type: 'addon',
    from_price: { net_cents: 150, gross_cents: 179, vat_percent: 19, maturity_months: 24, setup_fee_cents: 0 },
    payment_maturities: [maturity(12041, 12, 200, [[4, 12]]), maturity(12042, 24, 150, [[5, 24]])],
  }),
  catalogProduct(1205, 'Basic DDoS protection', { type: 'addon' }),
  // Costs nothing per month: offered as a one-time price (spec §9), or without one when the brand hides zero prices.
  catalogProduct(1207, 'Spam filter', {
    type: 'addon',
    order: 5,
    from_price: { net_cents: 0, gross_cents: 0, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 },
    payment_maturities: [maturity(12071, 12, 0, [[4, 12]])],
  }),
  catalogProduct(1208, 'Setup service', { type: 'addon' }),
  catalogProduct(1210, 'Monitoring agent', { type: 'addon', hide_in_cart: true }),
];

/** Hostwerk: gross prices, a promotion on the product, an addon, an upsell and a domain. */
function hostwerkCart(): PricedCart {
  return pricedCart(
    [
      item('row1', line(1001, 'Web hosting S', { price: price(594, { presentation: linePresentation(594, { discount_cents: 708, first_term_cents: 6420 }) }), promotion: promotion({ promoted_monthly_display_cents: 535, discount_display_cents: 708 }) }), {
        addons: [
          line(1205, 'Basic DDoS protection', { price: price(0, { one_time: true }), non_removable: true }),
          line(1210, 'Monitoring agent', { price: price(0), hide_in_cart: true }),
          line(1208, 'Setup service', { maturity_months: 0, interval_months: 0, cancelation_period: 0, price: price(5831, { one_time: true }) }),
        ],
        upsells: [line(1301, 'SSL Premium', { price: price(345), cancelation_period: 30, maturity_months: 24 })],
        domains: [domain('example.de', { inclusive: true, price: price(0) }), domain('example.com', { price: price(1414) })],
      }),
    ],
    true,
    {
      totals: {
        monthly_net_cents: 0,
        monthly_gross_cents: 939,
        monthly_display_cents: 939,
        setup_fee_net_cents: 4900,
        contract_net_cents: 0,
        discount_net_cents: 0,
        discount_display_cents: 708,
        total_net_cents: 20000,
        total_vat_cents: 3800,
        total_gross_cents: 23800,
        total_display_cents: 23800,
        presentation: cartPresentation({
          subtotal_cents: 24508,
          discount_cents: 708,
          first_term_cents: 23800,
          due_today_cents: 23800,
          renewal_monthly_cents: 939,
          renewal_yearly_cents: 1414,
          net_cents: 20000,
          vat_cents: 3800,
          gross_cents: 23800,
        }),
      },
    },
  );
}

/** Alpenhost: net prices, zero prices hidden. */
function alpenhostCart(): PricedCart {
  return pricedCart(
    [
      item('rowA', line(2001, 'Webhosting Start', { price: price(490), interval_months: 1 }), {
        addons: [line(2205, 'Basis-Schutz', { price: price(0, { show_price: false }) })],
      }),
    ],
    false,
    {
      totals: {
        monthly_net_cents: 490,
        monthly_gross_cents: 588,
        monthly_display_cents: 490,
        setup_fee_net_cents: 0,
        contract_net_cents: 5880,
        discount_net_cents: 0,
        discount_display_cents: 0,
        total_net_cents: 5880,
        total_vat_cents: 1176,
        total_gross_cents: 7056,
        total_display_cents: 5880,
        presentation: cartPresentation({ subtotal_cents: 5880, first_term_cents: 5880, due_today_cents: 490, renewal_monthly_cents: 490, net_cents: 5880, vat_cents: 1176, gross_cents: 7056 }),
      },
    },
  );
}

interface Setup {
  slug?: 'hostwerk' | 'alpenhost';
  cart?: PricedCart;
  notices?: unknown[];
  automatic?: string[];
  onMutation?: (req: FakeRequest) => Response | unknown;
  /** The session's customer (GET /session/customer); none answers 404. */
  customer?: unknown;
  /** The brand's active payment types (GET /payment-types); none answers 404. */
  paymentTypes?: { slug: string; name: string }[];
}

function setup({ slug = 'hostwerk', cart = hostwerkCart(), notices = [], automatic = [], onMutation, customer, paymentTypes }: Setup = {}) {
  const state = { cart };
  const calls = installFakeApi((req) => {
    if (req.method === 'GET') {
      if (req.path === '/brands/current') return brand(slug);
      if (req.path === '/session/cart/priced') return { priced: state.cart, notices };
      if (req.path === '/session/customer' && customer) return { customer, notices: [] };
      if (req.path === '/promotions') return { promotions: automatic.map((code) => ({ code, is_automatic: true })) };
      if (req.path === '/payment-types' && paymentTypes) return { payment_types: paymentTypes.map((t) => ({ ...t, sms_validation_required: false })) };
      if (req.path.startsWith('/products?ids=')) {
        const ids = req.path.slice('/products?ids='.length).split(',').map(Number);
        return { products: [hosting, ...addonCatalog].filter((p) => ids.includes(p.id)) };
      }
      return undefined;
    }
    return onMutation ? onMutation(req) : { cart: { items: [], version: '4' }, notices: [] };
  });
  return { calls, state };
}

const mutations = (calls: FakeRequest[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

// The machine is shared by several test runs; rendering the whole page takes its time.
jest.setTimeout(20000);

beforeEach(() => {
  delete (window as unknown as Layer).dataLayer;
});

describe('CartPage, Hostwerk (prices with VAT)', () => {
  it('shows product, addon, upsell and domain rows with the amounts of the priced view', async () => {
    setup();
    renderCart();
    const section = await screen.findByRole('region', { name: 'Web hosting S' });
    const rows = within(section).getAllByRole('row').slice(1);
    const text = rows.map((r) => nbsp(r.textContent));
    // Product (issue 23): the printed unit, the discount within the first term in display mode,
    // the first-term total and the price after it, all as the presentation sends them:
    // 12 × 5,94 € − 7,08 € = 64,20 €; no promoted monthly price that would not add up.
    expect(text[0]).toContain('Web hosting S');
    expect(text[0]).toContain('Yearly, billed yearly');
    expect(text[0]).toContain('€5.94 per month');
    expect(text[0]).toContain('10% off: −€7.08');
    expect(text[0]).toContain('First 12 months: €64.20');
    expect(text[0]).toContain('from month 13: €5.94 per month');
    expect(text[0]).not.toContain('€5.35');
    // A zero price is shown (Hostwerk does not hide them) as the one-time amount the service
    // marks it, never as 0.00 per month; the non-removable addon has no delete.
    expect(text[1]).toContain('Basic DDoS protection');
    expect(text[1]).toContain('€0.00 one-time');
    expect(text[1]).not.toContain('per month');
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    // hide_in_cart addons get no row; a one-time addon shows its setup fee.
    expect(text.join('|')).not.toContain('Monitoring agent');
    expect(text[2]).toContain('One-time');
    expect(text[2]).toContain('€58.31 one-time');
    expect(text[3]).toContain('SSL Premium');
    expect(text[3]).toContain('Every two years, billed yearly');
    // Domains: the inclusive one without price, the other over 12 months.
    expect(text[4]).toContain('example.de');
    expect(text[4]).toContain('Included');
    expect(text[4]).not.toContain('€');
    expect(text[5]).toContain('€14.14 per year (12 months)');

    const totals = screen.getByTestId('cart-totals');
    // Subtotal − discount = the total, named with the months it covers; the renewal below.
    expect(nbsp(totals.textContent)).toContain('Subtotal€245.08');
    expect(nbsp(totals.textContent)).toContain('Discount−€7.08');
    expect(nbsp(totals.textContent)).toContain('Total for the first 12 months incl. VAT€238.00');
    expect(nbsp(totals.textContent)).toContain('VAT included€38.00');
    expect(nbsp(totals.textContent)).not.toContain('Due today');
    expect(nbsp(screen.getByTestId('cart-totals-renewal').textContent)).toBe('From month 13: €9.39 per month and €14.14 per year');
    expect(screen.getByLabelText('Promo code')).toBeTruthy();
    expect(screen.getByText('Do you have a coupon? You can redeem it as a promo code.')).toBeTruthy();
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('Contract terms: yearly and every two years.');
    // Issue 23: not "Cancellation periods: monthly and quarterly"; a visitor (a consumer until known
    // otherwise) is held to one month, as the confirm page says.
    expect(nbsp(screen.getByTestId('cart-footnote-notice').textContent)).toBe(
      "Notice period: 1 month to the end of the minimum term; after that the contracts can be cancelled at any time with one month's notice.",
    );
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).not.toContain('quarterly');
    // Spec §9: billing in advance, in months and days.
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('Recurring prices are billed in advance for each billing period: 12 months (365 days).');
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('All prices include VAT.');
  });

  it('pushes view_cart once with the total of the priced view', async () => {
    setup();
    renderCart();
    await screen.findByRole('region', { name: 'Web hosting S' });
    await waitFor(() => expect(events()).toEqual(['view_cart']));
    const event = (window as unknown as Layer).dataLayer?.find((e) => e['event'] === 'view_cart') as { ecommerce: { value: number; items: unknown[] } };
    expect(event.ecommerce.value).toBe(238);
    // The rows the cart shows: the hide_in_cart addon (Monitoring agent) is left out.
    expect(event.ecommerce.items).toHaveLength(6);
    expect(event.ecommerce.items).not.toContainEqual(expect.objectContaining({ item_id: '1210' }));
  });

  it('shows the notices of the priced view as notifications', async () => {
    setup({ notices: [{ key: 'cart.promotion_removed', message: 'cart.promotion_no_longer_available', type: 'warning', params: { code: 'OLD' } }] });
    const { store } = renderCart();
    await screen.findByRole('region', { name: 'Web hosting S' });
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([
        expect.objectContaining({ type: 'warning', title: 'cart.promotion_removed', message: 'cart.promotion_no_longer_available', params: { code: 'OLD' } }),
      ]),
    );
  });

  it('removes a product after confirmation and reports it', async () => {
    const { calls } = setup({ onMutation: () => ({ cart: { items: [], version: '4' }, notices: [{ key: 'cart.domain_moved', params: { domain: 'example.com' } }] }) });
    const { store } = renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Web hosting S' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from the cart?' });
    expect(dialog.textContent).toContain('Its extras and domains are removed with it.');
    expect(mutations(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Web hosting S' }));
    await waitFor(() => expect(mutations(calls)).toEqual(['DELETE /session/cart/items/row1']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // One event per removal: the store's cart-analytics listener reports it, the page does not.
    await waitFor(() => expect(events().filter((e) => e === 'remove_from_cart')).toHaveLength(1));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toContain('cart.domain_moved');
  });

  it('keeps the row when the removal is cancelled', async () => {
    const { calls } = setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove SSL Premium' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mutations(calls)).toEqual([]);
  });

  it('removes an auto-assigned addon with cascade after warning about its product', async () => {
    const { calls } = setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Setup service' }));
    expect(screen.getByRole('dialog').textContent).toContain('the whole product is removed with it');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Setup service' }));
    await waitFor(() => expect(mutations(calls)).toEqual(['DELETE /session/cart/items/row1/addons/1208?cascade=true']));
  });

  it.each([
    ['SSL Premium', 'DELETE /session/cart/items/row1/upsells/1301'],
    ['example.com', 'DELETE /session/cart/domains/example.com'],
  ])('removes %s after confirmation', async (name, call) => {
    const { calls } = setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: `Remove ${name}` }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: `Remove ${name}` }));
    await waitFor(() => expect(mutations(calls)).toEqual([call]));
  });

  it('prices offered addons per month, and one that costs nothing as one-time, never "from 0.00 per month"', async () => {
    setup();
    renderCart();
    const backup = await screen.findByRole('button', { name: 'Add Daily backup to Web hosting S' });
    expect(nbsp(backup.closest('li')?.textContent ?? '')).toContain('€2.38 per month');
    expect(nbsp(backup.closest('li')?.textContent ?? '')).not.toContain('from');
    const spam = screen.getByRole('button', { name: 'Add Spam filter to Web hosting S' });
    const offer = nbsp(spam.closest('li')?.textContent ?? '');
    expect(offer).toContain('€0.00 one-time');
    expect(offer).not.toContain('per month');
  });

  it('shows no price for an offered addon that costs nothing when the brand hides zero prices', async () => {
    setup({ cart: { ...hostwerkCart(), hide_zero_prices: true } });
    renderCart({ locale: 'de-DE' });
    const spam = await screen.findByRole('button', { name: 'Spam filter hinzufügen (zu Web hosting S)' });
    expect(within(spam.closest('li') as HTMLElement).queryByTestId('offer-price')).toBeNull();
    const backup = screen.getByRole('button', { name: 'Daily backup hinzufügen (zu Web hosting S)' });
    // WCAG 2.5.3 (axe label-content-name-mismatch): the name starts with the visible label.
    expect(backup.getAttribute('aria-label')?.startsWith(backup.textContent ?? '-')).toBe(true);
    expect(nbsp(backup.closest('li')?.textContent ?? '')).toContain('2,38 € pro Monat');
    // German nouns keep their capital inside the term text (issue 14: "alle 24 monate").
    const rows = within(screen.getByRole('region', { name: 'Web hosting S' })).getAllByRole('row').slice(1);
    expect(nbsp(rows[0].textContent)).toContain('Jährlich, Abrechnung jährlich');
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('Laufzeiten: jährlich und zweijährlich.');
    expect(nbsp(screen.getByTestId('cart-footnote-notice').textContent)).toBe(
      'Kündigungsfrist: 1 Monat zum Ende der Mindestlaufzeit; danach sind die Verträge jederzeit mit einer Frist von einem Monat kündbar.',
    );
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('Wiederkehrende Preise werden für jeden Abrechnungszeitraum im Voraus berechnet: 12 Monate (365 Tage).');
  });

  it('writes a billing interval of N months with a capital noun', async () => {
    const cart = hostwerkCart();
    cart.items[0].upsells[0] = { ...cart.items[0].upsells[0], interval_months: 24 };
    setup({ cart });
    renderCart({ locale: 'de-DE' });
    const rows = within(await screen.findByRole('region', { name: 'Web hosting S' })).getAllByRole('row').slice(1);
    expect(nbsp(rows[3].textContent)).toContain('Zweijährlich, Abrechnung alle 24 Monate');
  });

  it('adds an offered addon with one click and leaves the period to the service', async () => {
    // The service answers the cart with the addon on the item; the store's analytics listener reports it.
    const answered = hostwerkCart().cart;
    answered.items[0].addons.push({ id: 1204, maturity_id: 120402, interval_id: 4, promotion: '', additional_fields: [] });
    const { calls } = setup({ onMutation: () => ({ cart: answered, notices: [] }) });
    renderCart();
    const add = await screen.findByRole('button', { name: 'Add Daily backup to Web hosting S' });
    // Invisible, non-removable and in-cart addons are not offered.
    expect(screen.queryByRole('button', { name: /Add Monitoring agent/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add Basic DDoS protection/ })).toBeNull();
    await userEvent.click(add);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 1204 } }]));
    await waitFor(() => expect(events()).toContain('add_to_cart'));
    expect(events().filter((e) => e === 'add_to_cart')).toHaveLength(1);
  });

  it('reports a refused call as an error notification', async () => {
    setup({ onMutation: () => json({ error: 'cart.addon_not_available', params: { addon: 'Daily backup' } }, 422) });
    const { store } = renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Daily backup to Web hosting S' }));
    await waitFor(() =>
      expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ type: 'error', message: 'cart.addon_not_available', params: { addon: 'Daily backup' } })]),
    );
  });

  it('shows the contract details from the priced view', async () => {
    setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Details: contract of Web hosting S' }));
    const details = within(screen.getByRole('dialog', { name: 'Contract details: Web hosting S' })).getByTestId('contract-details');
    const text = nbsp(details.textContent);
    expect(text).toContain('Contract termYearly');
    expect(text).toContain('Billing intervalYearly');
    expect(text).toContain('Billed in advance12 months (365 days)');
    expect(text).toContain('Contract total€71.28');
    // The catalog's three months are a business's notice; a consumer's is one month (the confirm page's rule).
    expect(nbsp(screen.getByTestId('contract-notice').textContent)).toBe("1 month to the end of the minimum term; after that at any time with one month's notice");
    expect(text).toContain('Price for the minimum term of 12 months€71.28');
  });

  it('tells a business the catalog notice periods to the end of each term, in the footnote and the contract details', async () => {
    setup({ customer: { customer_no: '', basic_info: { group: 0, gender: 0, first_name: 'Eva', last_name: 'Berger', company_name: 'Berger GmbH', company_vat_id: '', email: 'eva@example.org' }, address: null, validated: false, panel: null } });
    renderCart({ locale: 'de-DE' });
    await waitFor(() =>
      expect(nbsp(screen.getByTestId('cart-footnote-notice').textContent)).toBe(
        'Kündigungsfristen: 1 Monat und 3 Monate zum Ende der jeweiligen Laufzeit; ohne Kündigung verlängert sich ein Vertrag um seine Laufzeit.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details: Vertrag von Web hosting S' }));
    expect(nbsp(screen.getByTestId('contract-notice').textContent)).toBe('3 Monate zum Ende der Laufzeit; der Vertrag verlängert sich sonst um die gleiche Laufzeit');
  });

  it('navigates to customise, change addons and add domain of the item', async () => {
    setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Customise Web hosting S with popular extras' }));
    expect(screen.getByTestId('location').textContent).toBe('/popular-addons?id=row1');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ returnToCart: true, browseAllUpsells: true });
  });

  it('navigates to the addons and the domain lookup of the item', async () => {
    setup();
    const first = renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Change extras: Web hosting S' }));
    expect(screen.getByTestId('location').textContent).toBe('/addons?id=row1');
    first.unmount();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Add domain: Web hosting S' }));
    expect(screen.getByTestId('location').textContent).toBe('/domains/lookup?id=row1');
    // The chosen domain completes the item: the lookup goes back to the cart, not through term and extras.
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ returnToCart: true });
  });

  it('opens the period modal it is given for "change term", else goes to the periods route', async () => {
    setup();
    const seen: string[] = [];
    function FakePeriodModal({ rowId, onClose }: { rowId: string; onClose: () => void }) {
      seen.push(rowId);
      return (
        <div role="dialog" aria-label="Period">
          <button type="button" onClick={onClose}>
            close period
          </button>
        </div>
      );
    }
    const first = renderCart({ props: { PeriodModal: FakePeriodModal } });
    await userEvent.click(await screen.findByRole('button', { name: 'Change term: Web hosting S' }));
    expect(screen.getByRole('dialog', { name: 'Period' })).toBeTruthy();
    expect(seen).toContain('row1');
    await userEvent.click(screen.getByRole('button', { name: 'close period' }));
    expect(screen.queryByRole('dialog', { name: 'Period' })).toBeNull();
    first.unmount();

    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Change term: Web hosting S' }));
    expect(screen.getByTestId('location').textContent).toBe('/periods?id=row1');
  });

  it('goes to login-or-register with begin_checkout when nothing blocks', async () => {
    setup();
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'To checkout' }));
    expect(screen.getByTestId('location').textContent).toBe('/customer/login-or-register');
    expect(events()).toEqual(['view_cart', 'begin_checkout']);
  });

  it('shows the breadcrumbs with the cart as the current of 4 steps', async () => {
    setup();
    renderCart();
    const nav = await screen.findByRole('navigation', { name: 'Order steps' });
    const steps = within(nav).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['present', 'future', 'future', 'future']);
    expect(steps[0].getAttribute('aria-current')).toBe('step');
    expect(nbsp(steps[3].textContent)).toContain('Order overview');
  });
});

describe('CartPage, trust box (spec §2 "/cart loads payment types", §9; issue 22 gap 10)', () => {
  const methods = () => within(screen.getByTestId('trust-box-methods')).getAllByRole('listitem');

  it('names the methods Hostwerk offers, one per icon family, in the order and words of the payment service', async () => {
    const { calls } = setup({
      paymentTypes: [
        { slug: 'sepa', name: 'SEPA direct debit' },
        { slug: 'adyen-scheme', name: 'Credit card' },
        { slug: 'adyen-googlepay', name: 'Google Pay' },
        { slug: 'paypal-integration', name: 'PayPal' },
      ],
    });
    renderCart();
    await waitFor(() => expect(screen.getByTestId('trust-box-methods')).toBeTruthy());
    expect(methods().map((m) => [m.getAttribute('data-method'), m.textContent])).toEqual([
      ['sepa', 'SEPA direct debit'],
      ['card', 'Credit card'],
      ['paypal', 'PayPal'],
    ]);
    expect(screen.getByRole('list', { name: 'Pay securely with' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/payment-types')).toBe(true);
  });

  it('shows no card for Alpenhost, which offers none, and its bank transfer', async () => {
    setup({ slug: 'alpenhost', cart: alpenhostCart(), paymentTypes: [{ slug: 'sepa', name: 'SEPA-Lastschrift' }, { slug: 'paypal', name: 'PayPal' }, { slug: 'bank-transfer', name: 'Überweisung' }] });
    renderCart({ locale: 'de-DE' });
    await waitFor(() => expect(screen.getByTestId('trust-box-methods')).toBeTruthy());
    expect(methods().map((m) => m.textContent)).toEqual(['SEPA-Lastschrift', 'PayPal', 'Überweisung']);
    expect(screen.queryByText('Kreditkarte')).toBeNull();
  });

  it('names no methods when the payment types cannot be read', async () => {
    setup();
    renderCart();
    await screen.findByRole('heading', { name: 'Order with confidence' });
    expect(screen.queryByTestId('trust-box-methods')).toBeNull();
    expect(screen.queryByText('Pay securely with')).toBeNull();
  });
});

describe('CartPage, Alpenhost (net prices)', () => {
  it('shows net amounts, hides zero prices, shows no promo input or coupon hint', async () => {
    setup({ slug: 'alpenhost', cart: alpenhostCart() });
    renderCart({ locale: 'de-DE' });
    const section = await screen.findByRole('region', { name: 'Webhosting Start' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(nbsp(rows[0].textContent)).toContain('4,90 € pro Monat');
    // Without display_interval_with_maturity the interval is not shown.
    expect(nbsp(rows[0].textContent)).not.toContain('Abrechnung');
    expect(within(rows[1]).queryByTestId('line-price')).toBeNull();
    const totals = nbsp(screen.getByTestId('cart-totals').textContent);
    expect(totals).toContain('Gesamt für die ersten 12 Monate zzgl. MwSt.58,80 €');
    expect(totals).toContain('MwSt.11,76 €');
    expect(totals).toContain('Gesamt für die ersten 12 Monate inkl. MwSt.70,56 €');
    // Billed monthly: the first month is due today.
    expect(totals).toContain('Heute fällig (zzgl. MwSt.)4,90 €');
    expect(nbsp(screen.getByTestId('cart-totals-renewal').textContent)).toBe('Ab Monat 13: 4,90 € pro Monat');
    expect(screen.queryByLabelText('Aktionscode')).toBeNull();
    expect(screen.queryByText(/Gutschein/)).toBeNull();
    expect(nbsp(screen.getByTestId('cart-footnote').textContent)).toContain('Alle Preise zzgl. MwSt.');
    expect(screen.getByRole('button', { name: 'Zur Kasse' })).toBeTruthy();
  });

  it('goes to basic info when the brand offers no login', async () => {
    setup({ slug: 'alpenhost', cart: alpenhostCart() });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'To checkout' }));
    expect(screen.getByTestId('location').textContent).toBe('/customer/basic-info');
  });
});

describe('CartPage, checkout blocks', () => {
  it('disables the checkout while a product needing a domain has none, names it and links to its lookup (spec §2; no modal on the cart)', async () => {
    const cart = hostwerkCart();
    cart.items[0] = { ...cart.items[0], domains: [], missing_domain: true };
    cart.checkout_blocked = true;
    setup({ cart });
    renderCart();
    const button = await screen.findByRole('button', { name: 'To checkout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Please choose at least one domain for Web hosting S to proceed.');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(hint as HTMLElement).getByRole('link', { name: 'Choose a domain' }));
    expect(screen.getByTestId('location').textContent).toBe('/domains/lookup?id=row1');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ returnToCart: true });
    expect(events()).not.toContain('begin_checkout');
  });

  it('names the item with missing information and leads to its fields with returnToCart', async () => {
    const cart = hostwerkCart();
    cart.items[0].upsells[0] = { ...cart.items[0].upsells[0], missing_field_ids: [7] };
    cart.checkout_blocked = true;
    setup({ cart });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'To checkout' }));
    const dialog = screen.getByRole('dialog', { name: 'Details missing' });
    expect(dialog.textContent).toContain('SSL Premium still needs some details.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete the details' }));
    expect(screen.getByTestId('location').textContent).toBe('/additional-popularaddon-fields?id=row1&addonId=1301');
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ returnToCart: true });
  });

  it('disables the checkout for an invalid item and says why', async () => {
    const cart = hostwerkCart();
    cart.items[0].invalid = true;
    cart.checkout_blocked = true;
    setup({ cart });
    renderCart();
    const button = await screen.findByRole('button', { name: 'To checkout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('hc-cart-blocked');
    expect(screen.getByText('Some extras do not support the chosen contract term.')).toBeTruthy();
  });

  it('shows a preconfigured item without any action', async () => {
    const cart = hostwerkCart();
    cart.items[0].is_preconfigured = true;
    setup({ cart });
    renderCart();
    const section = await screen.findByRole('region', { name: 'Web hosting S' });
    expect(within(section).queryAllByRole('button')).toEqual([]);
    expect(section.textContent).toContain('This product was prepared for you and cannot be changed.');
  });
});

describe('CartPage, promo codes', () => {
  it('keeps the redeem button disabled while the input is empty and explains unknown and unfitting codes', async () => {
    let status = 404;
    setup({ onMutation: (req) => json({ error: 'x', params: { code: (req.body as { code: string }).code } }, status) });
    renderCart();
    const input = await screen.findByLabelText('Promo code');
    const button = screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(input, '   ');
    expect(button.disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, 'NOPE');
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('The promo code NOPE does not exist.');
    status = 422;
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The promo code NOPE cannot be applied to your order.'));
    status = 429;
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests. Please wait a moment and try again.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('redeems a code and removes a redeemed manual one, never an automatic one', async () => {
    const cart = hostwerkCart();
    cart.items[0].upsells[0] = { ...cart.items[0].upsells[0], promotion: promotion({ code: 'SSL50' }) };
    const { calls } = setup({
      cart,
      automatic: ['WELCOME10'],
      onMutation: (req) => (req.method === 'POST' ? { cart: { items: [], version: '5' }, notices: [], code: 'SUMMER' } : { cart: { items: [], version: '6' }, notices: [] }),
    });
    renderCart();
    await userEvent.type(await screen.findByLabelText('Promo code'), ' summer ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect((await screen.findByText(/has been applied/)).textContent).toBe('The promo code SUMMER has been applied.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/session/cart/promotions', body: { code: 'summer' } }]);
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');

    expect(screen.queryByRole('button', { name: 'Remove promo code WELCOME10' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove promo code SSL50' }));
    await waitFor(() => expect(mutations(calls)).toContain('DELETE /session/cart/promotions/SSL50'));
  });
});

describe('CartPage, states', () => {
  it('shows the empty cart with a way to the products', async () => {
    setup({ cart: pricedCart([], true) });
    renderCart();
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add another product' }).getAttribute('href')).toBe('/categories');
    expect((screen.getByRole('button', { name: 'To checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an error with retry when the priced view fails', async () => {
    let fail = true;
    installFakeApi((req) => {
      if (req.path === '/brands/current') return brand('hostwerk');
      if (req.path === '/session/cart/priced') return fail ? json({ error: 'cart.unavailable' }, 503) : { priced: pricedCart([], true), notices: [] };
      return undefined;
    });
    renderCart();
    expect((await screen.findByRole('alert')).textContent).toContain('An error has occurred');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
  });

  it('announces loading', async () => {
    setup();
    renderCart();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('region', { name: 'Web hosting S' });
  });
});

describe('CartPage, panel user (spec §2 "customers from the external sign-in see no prices")', () => {
  it('shows the rows without any amount, totals or offered addon prices', async () => {
    setup({ customer: { customer_no: '100001', basic_info: null, address: null, validated: true, panel: { order_type: 'redirect' } } });
    renderCart();
    const section = await screen.findByRole('region', { name: 'Web hosting S' });
    // The server sends no amounts for a panel session; the page shows none even if it got some.
    await screen.findByRole('button', { name: 'Add Daily backup to Web hosting S' });
    await waitFor(() => expect(screen.queryByTestId('cart-totals')).toBeNull());
    expect(nbsp(section.textContent)).toContain('Web hosting S');
    expect(nbsp(section.textContent)).toContain('example.de');
    expect(nbsp(section.textContent)).not.toContain('€');
  });
});
