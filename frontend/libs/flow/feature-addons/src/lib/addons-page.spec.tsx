import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isItemConfigured } from '@hostcart/flow-data-access-flow';
import { installFetch } from '@hostcart/shared-testing';
import { cartLine, hostItem, installFakeShop, product, renderScreen, shopCatalog, maturity } from './test-utils';

const names = (section: HTMLElement) => within(section).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('AddonsPage', () => {
  // Each test starts without kept note items (the loading page draws them, see below).
  beforeEach(() => localStorage.clear());

  it('lists recommended addons first, then regular ones, each by its order', async () => {
    installFakeShop(shopCatalog(), [hostItem({ addons: [cartLine(2032, 20322, 203202)] })]);
    renderScreen('/addons?id=row1');
    const recommended = await screen.findByRole('region', { name: 'Recommended' });
    expect(names(recommended)).toEqual(['Extra storage', 'Mail archive']);
    // Regular: by the addon's order field; promoted, variant, module and invisible ones are not here.
    expect(names(screen.getByRole('region', { name: 'More extras' }))).toEqual(['Support', 'Protection']);
  });

  it('shows the note box with the item\'s chosen lines', async () => {
    // The invisible (internal) addon 2050 is in the item but not named.
    installFakeShop(shopCatalog(), [
      hostItem({ addons: [cartLine(2032, 20322, 203202), cartLine(2050, 20502, 203202)], domains: [{ id: 1, name: 'mine.de', inclusive: true, auth_code: '', promotion_code: '', additional_fields: [] }] }),
    ]);
    renderScreen('/addons?id=row1');
    const note = await screen.findByRole('complementary', { name: 'Your selection' });
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Web hosting M', 'Protection', 'mine.de']);
    // Spec §3: kept as note items (id, name, rowId, type) under note_items.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('note_items') ?? 'null')).toEqual([
        expect.objectContaining({ name: 'Web hosting M', rowId: 'row1', type: 'product' }),
        expect.objectContaining({ id: 2032, name: 'Protection', rowId: 'row1', type: 'addon' }),
        { id: 1, name: 'mine.de', rowId: 'row1', type: 'domain' },
      ]),
    );
  });

  it('draws the kept note items of the item while the screen loads again (a reload)', async () => {
    localStorage.setItem(
      'note_items',
      JSON.stringify([
        { id: 1001, name: 'Web hosting M', rowId: 'row1', type: 'product' },
        { id: 2032, name: 'Protection', rowId: 'row1', type: 'addon' },
        { id: 7, name: 'Other item', rowId: 'row2', type: 'product' },
      ]),
    );
    // Nothing answers: the screen stays loading.
    installFetch(() => new Promise(() => undefined));
    renderScreen('/addons?id=row1');
    const note = await screen.findByRole('complementary', { name: 'Your selection' });
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Web hosting M', 'Protection']);
    expect(screen.getByRole('heading', { level: 1, name: 'Extras' })).toBeTruthy();
  });

  it('offers no add or remove for a non-removable addon', async () => {
    installFakeShop(shopCatalog(), [hostItem({ addons: [cartLine(2032, 20322, 203202)] })]);
    renderScreen('/addons?id=row1');
    const protection = await screen.findByRole('article', { name: 'Protection' });
    expect(within(protection).queryByRole('button')).not.toBeInTheDocument();
    expect(within(protection).getByText('Included')).toBeInTheDocument();
  });

  it('shows an addon term that costs nothing as its one-time setup fee, never as 0.00 per month', async () => {
    const catalog = shopCatalog();
    const support = catalog.find((p) => p.id === 2031);
    if (support) support.payment_maturities = [maturity(9001, 12, 0, [[9101, 12]], { setup_fee_cents: 1000 })];
    installFakeShop(catalog, [hostItem()]);
    renderScreen('/addons?id=row1');
    const price = within(await screen.findByRole('article', { name: 'Support' })).getByTestId('addon-price');
    expect(price).toHaveTextContent('€11.90 one-time');
    expect(price).not.toHaveTextContent('per month');
  });

  it('toggles an addon with the parent\'s matching term, or a one-time term', async () => {
    const catalog = shopCatalog();
    const support = catalog.find((p) => p.id === 2031);
    if (support) support.payment_maturities = [maturity(9001, 0, 0, [[9101, 0]], { setup_fee_cents: 4900 })];
    const shop = installFakeShop(catalog, [hostItem()]);
    renderScreen('/addons?id=row1');
    fireEvent.click(within(await screen.findByRole('article', { name: 'Support' })).getByRole('button', { name: 'Select' }));
    const storage = screen.getByRole('article', { name: 'Extra storage' });
    await within(screen.getByRole('article', { name: 'Support' })).findByRole('button', { name: 'Selected' });
    expect(within(screen.getByRole('article', { name: 'Support' })).getByTestId('addon-price')).toHaveTextContent('€58.31 one-time');
    fireEvent.click(within(storage).getByRole('button', { name: 'Select' }));
    fireEvent.click(await within(storage).findByRole('button', { name: 'Selected' }));
    await within(storage).findByRole('button', { name: 'Select' });
    expect(shop.mutations()).toEqual([
      { method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2031, maturity_id: 9001, interval_id: 9101 } },
      { method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2022, maturity_id: 20222, interval_id: 202202 } },
      { method: 'DELETE', path: '/session/cart/items/row1/addons/2022', body: undefined },
    ]);
  });

  it('selects a module and removes it again with None (no cascade)', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addons?id=row1');
    const group = await screen.findByRole('group', { name: 'Website builder' });
    expect(within(group).getByRole('radio', { name: 'None' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: /Builder pro/ }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Website builder' })).getByRole('radio', { name: /Builder pro/ })).toBeChecked());
    fireEvent.click(within(screen.getByRole('group', { name: 'Website builder' })).getByRole('radio', { name: 'None' }));
    await waitFor(() => expect(shop.mutations()).toHaveLength(2));
    expect(shop.mutations()).toEqual([
      { method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2042, maturity_id: 20422, interval_id: 204202 } },
      { method: 'DELETE', path: '/session/cart/items/row1/addons/2042', body: undefined },
    ]);
  });

  it('confirm goes to the fields of an addon that still needs them', async () => {
    installFakeShop(shopCatalog(), [hostItem({ addons: [cartLine(2012, 20122, 201202)] })]);
    renderScreen('/addons?id=row1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/additional-addon-fields?id=row1&addonId=2012'));
  });

  it('confirm goes to the cart when nothing is missing', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addons?id=row1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
  });

  it("asks for the required domain in the 'no required domain' modal instead of going on, and leads to the item's lookup (spec §2)", async () => {
    const catalog = shopCatalog();
    const host = catalog.find((p) => p.id === 1001);
    if (host) host.is_domainrequired = 1;
    installFakeShop(catalog, [hostItem()]);
    renderScreen('/addons?id=row1');
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    const dialog = await screen.findByRole('dialog', { name: 'Domain required' });
    expect(dialog.textContent).toContain('Please choose at least one domain for Web hosting M to proceed.');
    expect(screen.getByTestId('location').textContent).toBe('/addons?id=row1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a domain' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/domains/lookup?id=row1'));
  });

  it('notes the item as configured when leaving, also for the domain question: a domain chosen then keeps term and extras (issue 23)', async () => {
    sessionStorage.clear();
    const catalog = shopCatalog();
    const host = catalog.find((p) => p.id === 1001);
    if (host) host.is_domainrequired = 1;
    installFakeShop(catalog, [hostItem()]);
    renderScreen('/addons?id=row1');
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(isItemConfigured('row1')).toBe(false);
    fireEvent.click(confirm);
    await screen.findByRole('dialog', { name: 'Domain required' });
    expect(isItemConfigured('row1')).toBe(true);
  });

  it('lays the cards out in the main column with the selection beside them', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addons?id=row1');
    const note = await screen.findByRole('complementary', { name: 'Your selection' });
    const main = screen.getByTestId('addons-main');
    // Heading and alert above; cards and selection side by side in their own grid (addons.css).
    expect(main.parentElement).toBe(note.parentElement);
    expect(main.parentElement?.className).toBe('hc-addons-layout');
    expect(main.parentElement?.previousElementSibling?.tagName).toBe('H1');
    expect(within(main).getAllByRole('article').length).toBeGreaterThan(0);
  });

  it('is skipped when the product offers no standard addons', async () => {
    installFakeShop([product(1001, 'Web hosting M', [maturity(12, 12, 799, [[22, 12]])])], [hostItem()]);
    renderScreen('/addons?id=row1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
  });
});

describe('adding items on an order draft (spec §2 global, §6)', () => {
  const draftPriced = (req: { path: string }) =>
    req.path === '/session/cart/priced'
      ? new Response(JSON.stringify({ priced: { cart: { items: [], version: '2', is_draft: true }, items: [], item_count: 0 }, notices: [] }), { headers: { 'Content-Type': 'application/json' } })
      : req.path === '/admins/me'
        ? new Response(null, { status: 204 })
        : undefined;

  it.each(['/addons?id=row1', '/promoted-addons?id=row1', '/addon-variants?id=row1'])('sends a customer on a draft from %s to the cart', async (path) => {
    installFakeShop(shopCatalog(), [hostItem()], { respond: draftPriced });
    renderScreen(path);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('keeps the periods screens (they add nothing) for a customer on a draft', async () => {
    installFakeShop(shopCatalog(), [hostItem()], { respond: draftPriced });
    renderScreen('/periods/maturity?id=row1');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/periods/maturity?id=row1');
  });
});
