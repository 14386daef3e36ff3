import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isItemConfigured } from '@hostcart/flow-data-access-flow';
import { cartLine, hostItem, installFakeShop, renderScreen, shopCatalog } from './test-utils';

const tiles = () => screen.getAllByTestId('period-tile');

describe('periods screens', () => {
  // Spec §6: preconfigured items are non-interactive except for sales agents.
  it('sends a customer who opens the term choice of a preconfigured item by URL to the cart', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem({ is_preconfigured: true })], {
      respond: (req) => (req.path.endsWith('/admins/me') ? new Response(null, { status: 204 }) : undefined),
    });
    renderScreen('/periods/maturity?id=row1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(screen.queryAllByTestId('period-tile')).toHaveLength(0);
    expect(shop.mutations()).toEqual([]);
  });

  it('lets a sales agent change the term of a preconfigured item', async () => {
    installFakeShop(shopCatalog(), [hostItem({ is_preconfigured: true })], {
      respond: (req) => (req.path.endsWith('/admins/me') ? new Response(JSON.stringify({ id: 'agent-7', is_sales_agent: true }), { status: 200, headers: { 'Content-Type': 'application/json' } }) : undefined),
    });
    renderScreen('/periods/maturity?id=row1');
    expect(await screen.findAllByTestId('period-tile')).toHaveLength(2);
  });

  it('/periods opens the term choice when there are several terms', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/periods?id=row1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/maturity?id=row1'));
  });

  it('/periods opens the interval choice when there is one term', async () => {
    const catalog = shopCatalog();
    catalog[0].payment_maturities = catalog[0].payment_maturities.filter((m) => m.months === 12);
    installFakeShop(catalog, [hostItem()]);
    renderScreen('/periods?id=row1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/interval?id=row1'));
  });

  it('shows a tile per term with its label and price per month, the current one pressed', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/periods/maturity?id=row1');
    await screen.findAllByTestId('period-tile');
    expect(tiles().map((t) => t.textContent)).toEqual([
      // 999 and 799 cents net at 19 %.
      'Monthly€11.89 per monthincl. VAT',
      'Yearly€9.51 per monthincl. VATCurrent choice',
    ]);
    expect(tiles()[1]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows net prices for a brand without VAT display', async () => {
    installFakeShop(shopCatalog(), [hostItem()], { withVat: false });
    renderScreen('/periods/maturity?id=row1', { locale: 'de-DE' });
    await screen.findAllByTestId('period-tile');
    expect(tiles()[0]).toHaveTextContent(/Monatlich.*9,99\s€ pro Monat.*zzgl\. MwSt\./);
  });

  it('saves a new term and goes on to the interval choice', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem({ product: cartLine(1001, 11, 21) })]);
    renderScreen('/periods/maturity?id=row1');
    fireEvent.click((await screen.findAllByTestId('period-tile'))[1]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/interval?id=row1'));
    expect(shop.mutations()).toEqual([{ method: 'PUT', path: '/session/cart/items/row1/period', body: { maturity_id: 12, interval_id: 0 } }]);
  });

  it('notes the item as configured once a term is chosen: a domain chosen later keeps it (issue 23)', async () => {
    sessionStorage.clear();
    installFakeShop(shopCatalog(), [hostItem({ product: cartLine(1001, 11, 21) })]);
    renderScreen('/periods/maturity?id=row1');
    const tile = (await screen.findAllByTestId('period-tile'))[1];
    expect(isItemConfigured('row1')).toBe(false);
    fireEvent.click(tile);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/interval?id=row1'));
    expect(isItemConfigured('row1')).toBe(true);
  });

  it('asks before a term that drops an addon; cancelling keeps everything', async () => {
    const catalog = shopCatalog();
    // Support is only offered on the yearly term.
    const support = catalog.find((p) => p.id === 2031);
    if (support) support.payment_maturities = support.payment_maturities.filter((m) => m.months === 12);
    const shop = installFakeShop(catalog, [hostItem({ addons: [cartLine(2031, 20312, 203102)] })]);
    renderScreen('/periods/maturity?id=row1');
    fireEvent.click((await screen.findAllByTestId('period-tile'))[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the term?' });
    expect(dialog).toHaveTextContent('These extras do not support this choice and will be removed: Support.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my choice' }));
    expect(await screen.findAllByTestId('period-tile')).toHaveLength(2);
    expect(shop.mutations()).toEqual([]);
  });

  it('warns when a manual promotion would be stripped, and changes after confirmation', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem({ product: cartLine(1001, 12, 22, { promotion: 'YEAR10' }) })], {
      promotions: [
        {
          id: 1, code: 'YEAR10', type: 'product', value_type: 'percentage', percent: 10, percent_label: 10, value_cents: 0, requires: [], is_recurring: false, recurs_for: 0,
          is_automatic: false, discount_label: '', applies_to: null, supported: { maturity_months: [12], interval_months: [], for_addon: false, for_upsell: false }, valid_from: '', valid_until: '',
        },
      ],
    });
    const { store } = renderScreen('/periods/maturity?id=row1');
    await screen.findAllByTestId('period-tile');
    await waitFor(() => expect(shop.calls.some((c) => c.path === '/promotions/YEAR10')).toBe(true));
    // The warning needs the promotion's answer in the cache, not just its request sent: under load
    // a click between the two went on without a warning.
    await waitFor(() => {
      const queries = Object.values((store.getState() as { api: { queries: Record<string, { status?: string } | undefined> } }).api.queries);
      expect(queries.some((q) => q?.status === 'pending')).toBe(false);
    });
    fireEvent.click(tiles()[0]);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The promo code YEAR10 does not apply to this choice and will be removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change anyway' }));
    // The monthly term has one interval: the flow skips the interval choice and goes to the addons.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addons?id=row1'));
    expect(shop.mutations()).toEqual([{ method: 'PUT', path: '/session/cart/items/row1/period', body: { maturity_id: 11, interval_id: 0 } }]);
  });

  it('does not look up an automatic promotion by code: changing the term sends no failing request (issue 23)', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem({ product: cartLine(1001, 12, 22, { promotion: 'AUTO-WEB12-20EUR' }) })], {
      promotions: [
        {
          id: 2, code: 'AUTO-WEB12-20EUR', type: 'product', value_type: 'fixed', percent: 0, percent_label: 0, value_cents: 2000, requires: [], is_recurring: false, recurs_for: 0,
          is_automatic: true, discount_label: '20 € Rabatt im ersten Jahr', applies_to: null, supported: { maturity_months: [12], interval_months: [], for_addon: false, for_upsell: false }, valid_from: '', valid_until: '',
        },
      ],
    });
    renderScreen('/periods/maturity?id=row1');
    await screen.findAllByTestId('period-tile');
    await waitFor(() => expect(shop.calls.some((c) => c.path === '/promotions')).toBe(true));
    fireEvent.click(tiles()[0]);
    // No warning: the service recomputes automatic promotions.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addons?id=row1'));
    expect(shop.calls.filter((c) => c.path.startsWith('/promotions/'))).toEqual([]);
  });

  it('keeping the current interval saves nothing and goes on', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/periods/interval?id=row1');
    const current = (await screen.findAllByTestId('period-tile')).find((t) => t.getAttribute('aria-pressed') === 'true');
    expect(current).toHaveTextContent('Yearly');
    if (current) fireEvent.click(current);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addons?id=row1'));
    expect(shop.mutations()).toEqual([]);
  });
  it("'Next' (the phone bar's action, issue 23) keeps the current term: nothing saved, on to the interval choice, the item configured", async () => {
    sessionStorage.clear();
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/periods/maturity?id=row1');
    await screen.findAllByTestId('period-tile');
    const bar = screen.getByTestId('action-bar');
    fireEvent.click(within(bar).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/interval?id=row1'));
    expect(shop.mutations()).toEqual([]);
    expect(isItemConfigured('row1')).toBe(true);
  });
});
