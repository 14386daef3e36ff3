import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AddingItemsGate } from './adding-allowed';
import { createAppStore } from './store';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const agent = { id: 'a-7', name: 'Ada Agent', roles: [{ name: 'sales-agent' }], is_sales_agent: true, expires_at: '2026-11-25T12:00:00Z' };

/** The session: a draft's cart or not, an admin (204 when null), or a failing cart call. */
function installSession({ draft, admin = null, cartFails = false }: { draft: boolean; admin?: object | null; cartFails?: boolean }) {
  const seen: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname.replace('/api/v2', '');
    seen.push(path);
    if (path === '/session/cart/priced')
      return cartFails ? json({ error: 'error.unexpected' }, 500) : json({ priced: { cart: { items: [], version: '3', is_draft: draft }, items: [], item_count: 0 }, notices: [] });
    if (path === '/admins/me') return admin ? json(admin) : new Response(null, { status: 204 });
    return json({ error: 'error.not_found' }, 404);
  }) as unknown as typeof fetch;
  return seen;
}

function renderGate(optimistic = false) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={['/addons?id=row1']}>
        <Routes>
          <Route
            path="/addons"
            element={
              <AddingItemsGate optimistic={optimistic} fallback={<p>asking the cart</p>}>
                <p>add screen</p>
              </AddingItemsGate>
            }
          />
          <Route path="/cart" element={<p>cart page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('AddingItemsGate (spec §2 global, §6)', () => {
  it('redirects a customer on an order draft to the cart', async () => {
    installSession({ draft: true });
    renderGate();
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(screen.queryByText('add screen')).toBeNull();
  });

  it('redirects an optimistic screen too once the draft is known', async () => {
    installSession({ draft: true });
    renderGate(true);
    expect(screen.getByText('add screen')).toBeTruthy();
    expect(await screen.findByText('cart page')).toBeTruthy();
  });

  it('lets a sales agent add items to a draft', async () => {
    const seen = installSession({ draft: true, admin: agent });
    renderGate();
    expect(screen.getByText('asking the cart')).toBeTruthy();
    expect(await screen.findByText('add screen')).toBeTruthy();
    expect(seen).toContain('/admins/me');
  });

  it('lets anybody add items without a draft, without asking for the admin', async () => {
    const seen = installSession({ draft: false });
    renderGate();
    expect(await screen.findByText('add screen')).toBeTruthy();
    expect(seen).not.toContain('/admins/me');
  });

  it('leaves a failed cart call to the server (it refuses new items of a draft itself)', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installSession({ draft: true, cartFails: true });
    renderGate();
    expect(await screen.findByText('add screen')).toBeTruthy();
    quiet.mockRestore();
  });

  it('refuses when the admin of a draft is someone without the sales-agent role', async () => {
    installSession({ draft: true, admin: { ...agent, roles: [], is_sales_agent: false } });
    renderGate();
    await waitFor(() => expect(screen.getByText('cart page')).toBeTruthy());
  });
});
