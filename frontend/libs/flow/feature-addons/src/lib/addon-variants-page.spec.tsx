import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartLine, hostItem, installFakeShop, renderScreen, shopCatalog } from './test-utils';

describe('AddonVariantsPage', () => {
  it('shows the group of ?set with its variants and their prices', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addon-variants?id=row1&set=17');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer type' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Private person' });
    // 90 cents net for the 12-month term, 19 % VAT: 1.07 gross.
    expect(within(card).getByTestId('addon-price')).toHaveTextContent('€1.07 per month');
    expect(screen.getByRole('article', { name: 'Company' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Berlin' })).not.toBeInTheDocument();
  });

  it('marks the variant in the cart with a disabled In cart button', async () => {
    installFakeShop(shopCatalog(), [hostItem({ addons: [cartLine(2002, 20022, 200202)] })]);
    renderScreen('/addon-variants?id=row1&set=17');
    const company = await screen.findByRole('article', { name: 'Company' });
    expect(within(company).getByRole('button', { name: 'In cart' })).toBeDisabled();
    expect(within(screen.getByRole('article', { name: 'Private person' })).getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('adds a variant with the matching term, then moves to the next group', async () => {
    const shop = installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addon-variants?id=row1&set=17');
    fireEvent.click(within(await screen.findByRole('article', { name: 'Company' })).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addon-variants?id=row1&set=18'));
    expect(shop.mutations()).toEqual([{ method: 'POST', path: '/session/cart/items/row1/addons', body: { addon_id: 2002, maturity_id: 20022, interval_id: 200202 } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Location' })).toBeInTheDocument();
  });

  it('goes on with the guided flow after the last group (promoted addons next)', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addon-variants?id=row1&set=18');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/promoted-addons?id=row1&addonId=2012'));
  });

  it('steps back to the previous group', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addon-variants?id=row1&set=18');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer type' })).toBeInTheDocument();
  });

  it('shows a refused add and stays', async () => {
    installFakeShop(shopCatalog(), [hostItem()], {
      respond: (req) => (req.method === 'POST' ? new Response(JSON.stringify({ error: 'cart.addon_not_available' }), { status: 422, headers: { 'Content-Type': 'application/json' } }) : undefined),
    });
    renderScreen('/addon-variants?id=row1&set=17');
    fireEvent.click(within(await screen.findByRole('article', { name: 'Company' })).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The extra');
    expect(screen.getByTestId('location')).toHaveTextContent('set=17');
  });

  it('sends an unknown item id to the categories', async () => {
    installFakeShop(shopCatalog(), [hostItem()]);
    renderScreen('/addon-variants?id=nope&set=17');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/categories'));
  });
});
