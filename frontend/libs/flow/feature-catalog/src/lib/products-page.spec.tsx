import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import { brand, category, installFakeApi, product, renderFlow } from './test-utils';
import { selectChosenProductId } from './catalog-flow.slice';

const nbsp = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

function api(withVat: boolean, products: unknown[], query = '/products?category=webhosting') {
  return installFakeApi({
    '/brands/current': brand(withVat),
    '/categories': { categories: [category(1, 'webhosting', 'Webhosting')] },
    [query]: { products },
  });
}

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
    expect(price.textContent).toContain('excl. 19 % VAT');
  });

  it('never shows hidden products and shows no promotion line without promotion data', async () => {
    api(true, several);
    renderFlow('/products/webhosting');
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByText('Secret')).toBeNull();
    expect(document.querySelector('.hc-card__promo')).toBeNull();
    expect(document.querySelector('.hc-price__old')).toBeNull();
  });

  it('orders a product: goes to its additional fields, carrying the promo code', async () => {
    api(true, several, '/products?category=webhosting');
    const { store } = renderFlow('/products/webhosting?promocode=SUMMER');
    const list = await screen.findByRole('list', { name: 'Products' });
    await userEvent.click(within(within(list).getAllByRole('article')[1]).getByRole('button', { name: 'Order now' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/additional-product-fields?id=2&promocode=SUMMER'));
    expect(selectChosenProductId(store.getState())).toBe(2);
  });

  it('selects the only product of a category automatically', async () => {
    api(true, [product(7, 'Only', 100, 119), product(8, 'Hidden', 1, 1, { is_hidden: true })]);
    renderFlow('/products/webhosting');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/additional-product-fields?id=7'));
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
});
