import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { brand, category, installFakeApi, renderFlow } from './test-utils';

const categories = { categories: [category(2, 'vserver', 'vServer'), category(1, 'webhosting', 'Webhosting'), category(3, 'addons', 'Addons', { is_addon: true })] };

describe('CategoriesPage', () => {
  it('shows category tiles from the API in order, without addon categories', async () => {
    installFakeApi({ '/categories': categories });
    renderFlow('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    const names = within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Webhosting', 'vServer']);
    expect(within(list).getByRole('link', { name: /Webhosting/ }).getAttribute('href')).toBe('/products/webhosting');
    expect(screen.getByRole('heading', { level: 1, name: 'What would you like to order?' })).toBeTruthy();
  });

  it('shows the domain search bar and opens the lookup with the typed domain', async () => {
    installFakeApi({ '/categories': categories });
    renderFlow('/categories');
    await screen.findByRole('list', { name: 'Categories' });
    await userEvent.type(screen.getByLabelText('Domain name'), 'My-Shop.de');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/domains/lookup?d=my-shop.de'));
  });

  it.each([
    ['DE', 'ihr-name.de'],
    ['AT', 'ihr-name.at'],
  ])("shows an example domain in the brand country's TLD (%s, issue 23)", async (country, example) => {
    const b = brand(true);
    installFakeApi({ '/categories': categories, '/brands/current': { ...b, properties: { ...b.properties, country_code: country } } });
    renderFlow('/categories', 'de-DE');
    await screen.findByRole('list', { name: 'Kategorien' });
    await waitFor(() => expect((screen.getByLabelText('Domainname') as HTMLInputElement).placeholder).toBe(example));
  });

  it('rejects an invalid domain with a translated message', async () => {
    installFakeApi({ '/categories': categories });
    renderFlow('/categories');
    await screen.findByRole('list', { name: 'Categories' });
    await userEvent.type(screen.getByLabelText('Domain name'), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter at least 2 characters.');
    expect(screen.getByTestId('location').textContent).toBe('/categories');
  });

  it('focuses the rejected field and checks it again as the visitor corrects it', async () => {
    installFakeApi({ '/categories': categories });
    renderFlow('/categories');
    await screen.findByRole('list', { name: 'Categories' });
    const field = screen.getByLabelText('Domain name');
    await userEvent.type(field, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(field, 'b');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/domains/lookup?d=ab'));
  });

  it('with a domain search hides the bar and lists only domain-capable categories', async () => {
    const calls = installFakeApi({ '/categories?d=example.de': { categories: [category(1, 'webhosting', 'Webhosting')] } });
    renderFlow('/categories?d=example.de');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(calls).toContain('/categories?d=example.de');
    expect(within(list).getByRole('link', { name: /Webhosting/ }).getAttribute('href')).toBe('/products/webhosting?d=example.de');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Products for example.de');
  });

  it('shows a loading state, then a translated error with retry', async () => {
    installFakeApi({ '/categories': new Response(JSON.stringify({ error: 'catalog.unavailable' }), { status: 503, headers: { 'Content-Type': 'application/json' } }) });
    renderFlow('/categories', 'de-DE');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Der Produktkatalog ist vorübergehend nicht erreichbar');
    installFakeApi({ '/categories': categories });
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('list', { name: 'Kategorien' })).toBeTruthy();
  });
});
