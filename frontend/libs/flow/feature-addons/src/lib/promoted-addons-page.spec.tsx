import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { maturity } from '@hostcart/shared-testing';
import { cartLine, hostItem, installFakeShop, renderScreen, shopCatalog } from './test-utils';

describe('PromotedAddonsPage', () => {
  it('shows one promoted addon at a time in promoted order, with previous and next', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2012');
    expect(await screen.findByRole('article', { name: 'SSL pro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Backup plus' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('addonId=2011');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('toggles an addon without fields: add with the matching term, then remove', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2011');
    const card = await screen.findByRole('article', { name: 'Backup plus' });
    fireEvent.click(within(card).getByRole('button', { name: 'Select' }));
    const selected = await within(card).findByRole('button', { name: 'Selected' });
    expect(selected).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(selected);
    await within(card).findByRole('button', { name: 'Select' });
    expect(shop.mutations()).toEqual([
      { method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2011, maturity_id: 20112, interval_id: 201102 } },
      { method: 'DELETE', path: '/session/cart/items/row1/addons/2011', body: undefined },
    ]);
  });

  it('prices the term the addon is added with: the yearly one for the yearly host, 0,90 € net → 1,07 € shown', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2011');
    const card = await screen.findByRole('article', { name: 'Backup plus' });
    expect(within(card).getByTestId('addon-price').textContent?.replace(/\u00a0/g, ' ')).toContain('€1.07');
  });

  it('shows the price of a setup service whose only term is one-time (issue 23: it showed none)', async () => {
    const catalog = shopCatalog();
    const setup = catalog.find((p) => p.id === 2011);
    if (setup) setup.payment_maturities = [{ ...maturity(20110, 0, 0, [[201100, 0]]), setup_fee_cents: 4900 }];
    installFakeShop(catalog, [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2011');
    const card = await screen.findByRole('article', { name: 'Backup plus' });
    // 49,00 € × 1.19 = 58,31 €, once: the figure the cart prints for the line.
    expect(within(card).getByTestId('addon-price').textContent?.replace(/\u00a0/g, ' ')).toContain('€58.31');
  });

  it('leaves the term to the service when no addon term matches the parent', async () => {
    const catalog = shopCatalog();
    // The host on its monthly term; Backup plus offered yearly only (exempt from matching).
    const backup = catalog.find((p) => p.id === 2011);
    if (backup) backup.payment_maturities = backup.payment_maturities.filter((m) => m.months === 12);
    const host = catalog[0];
    host.addons = (host.addons ?? []).map((l) => (l.addon_id === 2011 ? { ...l, groups: [{ id: 14, name: 's', display_name: 'S', display_description: '', rules: [{ type: 'maturities_need_not_match' }, { type: 'intervals_need_not_match' }] }] } : l));
    const shop = installFakeShop(catalog, [hostItem({ product: cartLine(1001, 11, 21) })]);
    renderScreen('/promoted-addons?id=row1&addonId=2011');
    fireEvent.click(within(await screen.findByRole('article', { name: 'Backup plus' })).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(shop.mutations()).toHaveLength(1));
    expect(shop.mutations()[0].body).toEqual({ addon_id: 2011 });
  });

  it('asks for the fields of an addon first; add to cart is disabled until they are valid', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2012');
    fireEvent.click(within(await screen.findByRole('article', { name: 'SSL pro' })).getByRole('button', { name: 'Select' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Details for SSL pro' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Add to cart' });
    expect(save).toBeDisabled();
    // The fake clock runs the field check's delay (500 ms).
    jest.useFakeTimers();
    try {
      fireEvent.input(screen.getByLabelText(/Common name/), { target: { value: ' shop.example.de ' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(600);
      });
    } finally {
      jest.useRealTimers();
    }
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await screen.findByRole('article', { name: 'SSL pro' });
    const posts = shop.mutations().filter((c) => c.path.endsWith('/addons'));
    expect(posts).toEqual([
      { method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2012, maturity_id: 20122, interval_id: 201202, additional_fields: [{ field_id: 501, value: 'shop.example.de' }] } },
    ]);
    expect(shop.calls.some((c) => c.path === '/additional-fields/validate')).toBe(true);
  });

  it('cancel on the fields stage adds nothing', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/promoted-addons?id=row1&addonId=2012');
    fireEvent.click(within(await screen.findByRole('article', { name: 'SSL pro' })).getByRole('button', { name: 'Select' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('article', { name: 'SSL pro' })).toBeInTheDocument();
    expect(shop.mutations()).toEqual([]);
  });

  it('continue goes on with the guided flow (term choice next)', async () => {
    installFakeShop(shopCatalog(), [hostItem({ addons: [cartLine(2011, 20112, 201102)] })]);
    renderScreen('/promoted-addons?id=row1&addonId=2011');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/periods/maturity?id=row1'));
  });
});
