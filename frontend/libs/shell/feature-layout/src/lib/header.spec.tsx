import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './header';
import { makeBrand, renderWithProviders } from './test-utils';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('Header', () => {
  it('shows the language switcher when the brand has two locales and the flag on', () => {
    renderWithProviders(<Header brand={makeBrand()} locale="de-DE" />);
    const group = screen.getByRole('group', { name: 'Choose language' });
    expect(within(group).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('hides the switcher when the flag is off', () => {
    renderWithProviders(<Header brand={makeBrand({}, { show_locale_switcher: 'false' })} locale="de-DE" />);
    expect(screen.queryByRole('group', { name: 'Choose language' })).toBeNull();
  });

  it('hides the switcher when the brand has a single locale', () => {
    const brand = makeBrand({ locales: [{ code: 'de-DE', label: 'Deutsch', fallback_code: 'en-GB', is_default: true }] });
    renderWithProviders(<Header brand={brand} locale="de-DE" />);
    expect(screen.queryByRole('group', { name: 'Choose language' })).toBeNull();
  });

  it('stores the chosen locale, then reloads the page', async () => {
    const fetchMock = jest.fn(async (req: Request) => (req.method === 'PUT' ? jsonResponse({ code: 'en-GB' }) : jsonResponse({}, 404)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const reloadPage = jest.fn();
    renderWithProviders(<Header brand={makeBrand()} locale="de-DE" reloadPage={reloadPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // The header's cart counter reads the priced cart too; the locale is the one PUT.
    const request = (fetchMock.mock.calls as unknown as Array<[Request]>).map(([r]) => r).find((r) => r.method === 'PUT') as Request;
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api/v2/session/locale');
    expect(await request.json()).toEqual({ code: 'en-GB' });
  });

  it('does not reload when storing the locale fails', async () => {
    globalThis.fetch = jest.fn(async () => jsonResponse({ error: 'locale.not_supported' }, 400)) as unknown as typeof fetch;
    const reloadPage = jest.fn();
    renderWithProviders(<Header brand={makeBrand()} locale="de-DE" reloadPage={reloadPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('opens the help modal with the brand support phone and mail', async () => {
    renderWithProviders(<Header brand={makeBrand()} locale="en-GB" />);
    await userEvent.click(screen.getByRole('button', { name: 'Help & contact' }));
    const dialog = screen.getByRole('dialog', { name: 'How can we help?' });
    expect(within(dialog).getByRole('link', { name: '+49 231 98765-0' }).getAttribute('href')).toBe('tel:+49231987650');
    expect(within(dialog).getByRole('link', { name: 'support@hostwerk.de' }).getAttribute('href')).toBe('mailto:support@hostwerk.de');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the logo popover with the website and the products overview', async () => {
    renderWithProviders(<Header brand={makeBrand()} locale="en-GB" />);
    const logo = screen.getByRole('button', { name: 'Hostwerk menu' });
    expect(logo.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(logo);
    expect(logo.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Go to the Hostwerk website' }).getAttribute('href')).toBe('https://www.hostwerk.de');
    expect(screen.getByRole('link', { name: 'Product overview' }).getAttribute('href')).toBe('/categories');
  });

  it('shows the cart counter from the store', () => {
    globalThis.fetch = jest.fn(async () => jsonResponse({ error: 'error.generic' }, 500)) as unknown as typeof fetch;
    renderWithProviders(<Header brand={makeBrand()} locale="en-GB" />);
    expect(screen.getByRole('link', { name: 'Shopping cart 0 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it('loads the priced cart itself and shows its item count', async () => {
    const fetchMock = jest.fn(async (req: Request) =>
      new URL(req.url).pathname === '/api/v2/session/cart/priced' ? jsonResponse({ priced: { cart: { items: [] }, items: [], item_count: 2 }, notices: [] }) : jsonResponse({}, 404),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderWithProviders(<Header brand={makeBrand()} locale="en-GB" />);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(screen.getByRole('link', { name: 'Shopping cart 2 items' })).toBeTruthy();
  });
});
