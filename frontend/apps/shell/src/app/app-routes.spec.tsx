import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { createAppStore, notify, selectNotifications } from '@hostcart/shared-store';
import { AppRoutes } from './app-routes';

jest.mock('../remotes', () => ({
  loadRemote: jest.fn(async (id: string) =>
    id === 'flow/Routes'
      ? { screens: { categories: () => <h1>Categories screen</h1> } }
      : id === 'checkout/Routes'
        ? { screens: { confirm: () => <h1>Confirm screen</h1> } }
        : { screens: {} },
  ),
}));

function LocationDisplay() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{location.pathname + location.search}</div>
      <button type="button" onClick={() => navigate('/cart')}>
        go to cart
      </button>
      <button type="button" onClick={() => navigate('/confirm')}>
        go to confirm
      </button>
    </>
  );
}

function renderAt(path: string) {
  globalThis.fetch = jest.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })) as unknown as typeof fetch;
  const store = createAppStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('en-GB')}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes brandName="Hostwerk" />
          <LocationDisplay />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

const location = () => screen.getByTestId('location').textContent;

describe('AppRoutes', () => {
  it('redirects unknown paths to /categories', async () => {
    renderAt('/does/not/exist');
    await waitFor(() => expect(location()).toBe('/categories'));
    expect(await screen.findByRole('heading', { name: 'Categories screen' })).toBeTruthy();
  });

  it('renders a remote screen and sets the page title with the brand name', async () => {
    renderAt('/categories');
    expect(await screen.findByRole('heading', { name: 'Categories screen' })).toBeTruthy();
    expect(document.title).toBe('Products | Hostwerk');
  });

  it('rewrites the declared query parameters to their sanitised values', async () => {
    renderAt('/categories?d=my%20shop!.de&tid=a_b-c&utm_source=news');
    await waitFor(() => expect(location()).toBe('/categories?d=myshop.de&tid=abc&utm_source=news'));
  });

  it('shows "not available yet" for a route whose screen is not built', async () => {
    renderAt('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the categories' }).getAttribute('href')).toBe('/categories');
    expect(document.title).toBe('Shopping cart | Hostwerk');
  });

  it('renders the screen of the next route from its own remote (flow → checkout)', async () => {
    renderAt('/categories');
    expect(await screen.findByRole('heading', { name: 'Categories screen' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'go to confirm' }));
    expect(await screen.findByRole('heading', { name: 'Confirm screen' })).toBeTruthy();
  });

  it('forwards redirect-only routes', async () => {
    renderAt('/domain?d=example.de');
    await waitFor(() => expect(location()).toBe('/domains/lookup?d=example.de'));
    renderAt('/customer');
    await waitFor(() => expect(screen.getAllByTestId('location').map((e) => e.textContent)).toContain('/categories'));
  });

  it('renders the 404 page of the shell', async () => {
    renderAt('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('clears notifications on navigation unless flagged to persist', async () => {
    const store = renderAt('/categories');
    await screen.findByRole('heading', { name: 'Categories screen' });
    store.dispatch(notify({ type: 'info', message: 'gone' }));
    store.dispatch(notify({ type: 'error', message: 'kept', preserveRouteChange: true }));
    await userEvent.click(screen.getByRole('button', { name: 'go to cart' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['kept']);
  });
});
