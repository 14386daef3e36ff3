import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import { hostItem, installFakeShop, renderScreens, shop } from './test-utils';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');
const location = () => screen.getByTestId('location').textContent;
type Layer = Array<{ event?: string; ecommerce?: { items: Array<{ item_id: string; item_category: string }> } }>;
const dataLayer = () => (window as unknown as { dataLayer: Layer }).dataLayer;

beforeEach(() => {
  (window as unknown as { dataLayer: Layer }).dataLayer = [];
});

describe('PopularAddonsPage', () => {
  it('shows the upsell offer: headline, advantages with the price of the term it joins with, disadvantages and a pass button', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/popular-addons?id=r1');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { level: 1, name: 'More with SSL Premium' })).toBeTruthy();
    const advantages = screen.getByRole('region', { name: 'With SSL Premium' });
    expect(within(advantages).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SSL Premium benefit one', 'SSL Premium benefit two']);
    // The price of the term it joins with (the item's 12 months: 5,00 € net), which the cart prints
    // once it is added, not the catalog's cheapest 'from' price (2,90 € net; issue 23).
    expect(nbsp(within(advantages).getByTestId('upsell-price').textContent)).toContain('€5.95 per month');
    expect(nbsp(within(advantages).getByTestId('upsell-price').textContent)).not.toContain('from');
    expect(nbsp(within(advantages).getByTestId('upsell-price').textContent)).toContain('incl. 19% VAT');
    expect(within(advantages).getByRole('button', { name: 'Add SSL Premium' })).toBeTruthy();
    const disadvantages = screen.getByRole('region', { name: 'Without SSL Premium' });
    expect(within(disadvantages).getByRole('listitem').textContent).toBe('No SSL Premium benefit');
    expect(within(disadvantages).getByRole('button', { name: 'Continue without SSL Premium' })).toBeTruthy();
    // Only one upsell without browseAllUpsells, and no way back to the cart outside of it.
    expect(screen.queryByText(/Extra 1 of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proceed without changes' })).toBeNull();
  });

  it('adds an upsell without fields and goes on along the guided flow', async () => {
    const fake = installFakeShop(shop(), [hostItem()]);
    renderScreens('/popular-addons?id=r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add SSL Premium' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(fake.mutations()).toEqual(['POST /session/cart/items/r1/upsells']);
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ upsell_id: 1301 });
    expect(fake.cart.items[0].upsells.map((u) => u.id)).toEqual([1301]);
    // Pushed once, by the store's cart-analytics listener (named by the priced cart).
    await waitFor(() => expect(dataLayer().filter((e) => e.event === 'add_to_cart')).toHaveLength(1));
    const added = dataLayer().find((e) => e.event === 'add_to_cart');
    expect(added?.ecommerce?.items).toEqual([expect.objectContaining({ item_id: '1301', item_category: 'upsell' })]);
  });

  it('passes without touching the cart when the upsell was not added', async () => {
    const fake = installFakeShop(shop(), [hostItem()]);
    renderScreens('/popular-addons?id=r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue without SSL Premium' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(fake.mutations()).toEqual([]);
  });

  it('passing removes an upsell that was added, with its price from the priced cart', async () => {
    const fake = installFakeShop(shop(), [hostItem({ upsells: [{ id: 1301, maturity_id: 1301, interval_id: 13010, promotion: '', additional_fields: [] }] })], {
      upsellMonthlyCents: 412,
    });
    renderScreens('/popular-addons?id=r1');
    const advantages = await screen.findByRole('region', { name: 'With SSL Premium' });
    await waitFor(() => expect(nbsp(within(advantages).getByTestId('upsell-price').textContent)).toContain('€4.12 per month'));
    expect(within(advantages).getByRole('status').textContent).toBe('SSL Premium is in your cart.');
    expect(within(advantages).queryByRole('button', { name: 'Add SSL Premium' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue without SSL Premium' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(fake.mutations()).toEqual(['DELETE /session/cart/items/r1/upsells/1301']);
    expect(dataLayer().filter((e) => e.event === 'remove_from_cart')).toHaveLength(1);
  });

  it('after adding an upsell with required fields shows the fields form; save validates, stores and proceeds', async () => {
    const fake = installFakeShop(shop(), [hostItem()]);
    renderScreens('/popular-addons?id=r1&upsellProductId=1302');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Backup Plus' }));
    const form = await screen.findByRole('region', { name: 'Details for Backup Plus' });
    expect(location()).toBe('/popular-addons?id=r1&upsellProductId=1302');
    const save = within(form).getByRole('button', { name: 'Save and proceed' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(form).getByLabelText(/Backup e-mail/), 'ops@example.de');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await userEvent.click(save);
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(fake.mutations()).toEqual(['POST /session/cart/items/r1/upsells', 'POST /additional-fields/validate', 'PUT /session/cart/items/r1/additional-fields']);
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ line: { kind: 'LINE_KIND_UPSELL', line_id: 1302 }, additional_fields: [{ field_id: 77, value: 'ops@example.de' }] });
    expect(fake.calls.find((c) => c.path === '/additional-fields/validate')?.body).toEqual({ fields: [{ id: 77, value: 'ops@example.de', type: 'upsell' }] });
  });

  it('keeps the fields form when the server rejects a value', async () => {
    const fake = installFakeShop(shop(), [hostItem({ upsells: [{ id: 1302, maturity_id: 1302, interval_id: 13020, promotion: '', additional_fields: [] }] })], {
      // The gateway's answer (docs/api.md "Field validation"): 200, the map under error and errors.
      respond: (req) =>
        req.path === '/additional-fields/validate'
          ? new Response(JSON.stringify({ error: { '77': ['validation.email'] }, errors: { '77': ['validation.email'] } }), { status: 200, headers: { 'Content-Type': 'application/json' } })
          : undefined,
    });
    renderScreens('/popular-addons?id=r1&upsellProductId=1302');
    const form = await screen.findByRole('region', { name: 'Details for Backup Plus' });
    await userEvent.type(within(form).getByLabelText(/Backup e-mail/), 'not-an-address');
    const save = within(form).getByRole('button', { name: 'Save and proceed' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await userEvent.click(save);
    await waitFor(() => expect(fake.mutations()).toEqual(['POST /additional-fields/validate']));
    expect(location()).toBe('/popular-addons?id=r1&upsellProductId=1302');
    expect(screen.getByRole('region', { name: 'Details for Backup Plus' })).toBeTruthy();
  });

  it('removing from the fields form takes the upsell out and offers it again', async () => {
    const fake = installFakeShop(shop(), [hostItem({ upsells: [{ id: 1302, maturity_id: 1302, interval_id: 13020, promotion: '', additional_fields: [] }] })]);
    renderScreens('/popular-addons?id=r1&upsellProductId=1302');
    const form = await screen.findByRole('region', { name: 'Details for Backup Plus' });
    await userEvent.click(within(form).getByRole('button', { name: 'Remove Backup Plus' }));
    expect(await screen.findByRole('button', { name: 'Add Backup Plus' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Details for Backup Plus' })).toBeNull();
    expect(fake.mutations()).toEqual(['DELETE /session/cart/items/r1/upsells/1302']);
    expect(location()).toBe('/popular-addons?id=r1&upsellProductId=1302');
  });

  it('from the cart walks all upsells one at a time and can leave without changes', async () => {
    const fake = installFakeShop(shop(), [hostItem()]);
    renderScreens({ pathname: '/popular-addons', search: '?id=r1', state: { returnToCart: true, browseAllUpsells: true } });
    expect(await screen.findByText('Extra 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue without SSL Premium' }));
    const second = await screen.findByRole('heading', { level: 1, name: 'More with Backup Plus' });
    expect(screen.getByText('Extra 2 of 2')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(second));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed without changes' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(fake.mutations()).toEqual([]);
  });

  it('goes on to the upsell fields screen when returning to the cart with the required fields still empty', async () => {
    installFakeShop(shop(), [hostItem({ upsells: [{ id: 1302, maturity_id: 1302, interval_id: 13020, promotion: '', additional_fields: [] }] })]);
    renderScreens({ pathname: '/popular-addons', search: '?id=r1', state: { returnToCart: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue without SSL Premium' }));
    await waitFor(() => expect(location()).toBe('/additional-popularaddon-fields?id=r1&addonId=1302'));
  });

  it('shows the failure of adding as a notification and stays', async () => {
    installFakeShop(shop(), [hostItem()], {
      respond: (req) =>
        req.method === 'POST'
          ? new Response(JSON.stringify({ error: 'cart.addon_not_available' }), { status: 422, headers: { 'Content-Type': 'application/json' } })
          : undefined,
    });
    const { store } = renderScreens('/popular-addons?id=r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add SSL Premium' }));
    await waitFor(() => expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ type: 'error', message: 'cart.addon_not_available' })]));
    expect(location()).toBe('/popular-addons?id=r1');
    expect(screen.getByRole('button', { name: 'Add SSL Premium' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends an id matching no cart item to the categories', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/popular-addons?id=nope');
    await waitFor(() => expect(location()).toBe('/categories'));
  });

  it('is in German for de-DE', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens({ pathname: '/popular-addons', search: '?id=r1', state: { returnToCart: true, browseAllUpsells: true } }, 'de-DE');
    expect(await screen.findByText('Extra 1 von 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ohne Änderungen fortfahren' })).toBeTruthy();
    expect(nbsp(screen.getByTestId('upsell-price').textContent)).toContain('5,95 € pro Monat');
    expect(nbsp(screen.getByTestId('upsell-price').textContent)).not.toContain('ab ');
  });
});

describe('adding items on an order draft (spec §2 global, §6)', () => {
  it('sends a customer on a draft from the upsell offer to the cart', async () => {
    installFakeShop(shop(), [hostItem()], {
      respond: (req) =>
        req.path === '/session/cart/priced'
          ? new Response(JSON.stringify({ priced: { cart: { items: [], version: '2', is_draft: true }, items: [], item_count: 0 }, notices: [] }), { headers: { 'Content-Type': 'application/json' } })
          : req.path === '/admins/me'
            ? new Response(null, { status: 204 })
            : undefined,
    });
    renderScreens('/popular-addons?id=r1');
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(screen.queryByRole('button', { name: 'Add SSL Premium' })).toBeNull();
  });
});
