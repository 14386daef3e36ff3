import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { apiError, installFetch, json, renderWithApp, shownLocation, type SeenRequest } from '@hostcart/shared-testing';
import { ContinueOrderPage } from './continue-order-page';
import { resumeTarget } from './resume';
import { SessionRestorePage } from './session-restore-page';
import { UserMenu } from './user-menu';

const agent = { id: 'a-7', name: 'Ada Agent', roles: [{ name: 'sales-agent' }], is_sales_agent: true, panel_url: 'https://admin.example', expires_at: '2026-11-25T12:00:00Z' };
const draft = { id: '01DRAFT', status: 'open', version: 1, updated_at: '2026-11-25T10:00:00Z' };
const item = { row_id: 'r1', product: { id: 1001 }, addons: [], upsells: [], domains: [], is_preconfigured: true };

function session({ admin = null as typeof agent | null, items = [item], address = null as null | { street: string }, payment = null as null | { type: string } } = {}) {
  return (req: SeenRequest) => {
    if (req.path === '/admins/me') return admin ? json(admin) : new Response(null, { status: 204 });
    if (req.path === '/session/restore' || req.path === '/order-drafts/continue') {
      return req.body && (req.body as { session_code: string }).session_code === 'goodcode' ? { draft, taken_over: !(admin && req.path.endsWith('continue')) } : apiError(404, 'order_drafts.not_found');
    }
    if (req.path === '/session/cart/priced') return { priced: { cart: { items, version: '2' }, items: items.map((i) => ({ row_id: i.row_id })), item_count: items.length }, notices: [] };
    if (req.path === '/session/customer') return { customer: { customer_no: '', basic_info: null, address, validated: !!address, vat_id_check: null, panel: null }, notices: [] };
    if (req.path === '/session/payment') return { payment };
    if (req.path === '/order-drafts/current' && req.method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  };
}

function renderAt(path: string, element: ReactElement, routePath: string) {
  return renderWithApp(
    <Routes>
      <Route path={routePath} element={element} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

describe('resume after session restore (spec §4)', () => {
  it.each([
    [{ cartEmpty: true, notified: false, addressKnown: true, paymentChosen: true }, 'cart'],
    [{ cartEmpty: false, notified: true, addressKnown: true, paymentChosen: true }, 'cart'],
    [{ cartEmpty: false, notified: false, addressKnown: true, paymentChosen: true }, 'confirm'],
    [{ cartEmpty: false, notified: false, addressKnown: true, paymentChosen: false }, 'payment'],
    [{ cartEmpty: false, notified: false, addressKnown: false, paymentChosen: true }, 'address'],
  ])('%o goes to %s', (state, target) => {
    expect(resumeTarget(state)).toBe(target);
  });
});

describe('session restore and continue (spec §2)', () => {
  beforeEach(() => localStorage.clear());

  it("restores a customer's draft, keeps its code and goes on at the last step reached", async () => {
    const seen = installFetch(session({ address: { street: 'Hauptstr. 1' } }));
    renderAt('/session-restore?session_code=goodcode', <SessionRestorePage />, '/session-restore');
    await waitFor(() => expect(shownLocation()).toBe('/payment'), { timeout: 5000 });
    expect(seen.filter((r) => r.path === '/session/restore').map((r) => r.body)).toEqual([{ session_code: 'goodcode' }]);
    expect(localStorage.getItem('order_draft_session_code')).toBe('goodcode');
  });

  it('an agent restoring does not become a customer updating the draft', async () => {
    installFetch(session({ admin: agent, address: { street: 'Hauptstr. 1' }, payment: { type: 'sepa' } }));
    renderAt('/session-restore?session_code=goodcode', <SessionRestorePage />, '/session-restore');
    await waitFor(() => expect(shownLocation()).toBe('/confirm'), { timeout: 5000 });
    expect(localStorage.getItem('order_draft_session_code')).toBeNull();
  });

  it('an unknown code explains itself and offers a new order', async () => {
    installFetch(session());
    renderAt('/session-restore?session_code=nope', <SessionRestorePage />, '/session-restore');
    expect((await screen.findByRole('alert')).textContent).toBe('The order draft does not exist.');
    expect(screen.getByRole('link', { name: 'Start a new order' }).getAttribute('href')).toBe('/categories');
  });

  it('continue stores the code for a customer and goes to the cart', async () => {
    installFetch(session());
    renderAt('/continue-preconfigured-order?session_code=goodcode', <ContinueOrderPage />, '/continue-preconfigured-order');
    await waitFor(() => expect(shownLocation()).toBe('/cart'), { timeout: 5000 });
    expect(localStorage.getItem('order_draft_session_code')).toBe('goodcode');
  });

  it('continue goes to the cart only once the draft and its cart are loaded', async () => {
    const seen = installFetch(session());
    renderAt('/continue-preconfigured-order?session_code=goodcode', <ContinueOrderPage />, '/continue-preconfigured-order');
    // The requests made before the screen left for the cart.
    const order = await waitFor(
      () => {
        expect(shownLocation()).toBe('/cart');
        return seen.map((r) => `${r.method} ${r.path}`);
      },
      { timeout: 5000 },
    );
    const continued = order.indexOf('POST /order-drafts/continue');
    expect(continued).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('GET /session/cart/priced')).toBeGreaterThan(continued);
    expect(order.indexOf('GET /order-drafts/current')).toBeGreaterThan(continued);
  });

  it('continue does not take the code over for a sales agent', async () => {
    installFetch(session({ admin: agent }));
    renderAt('/continue-preconfigured-order?session_code=goodcode', <ContinueOrderPage />, '/continue-preconfigured-order');
    await waitFor(() => expect(shownLocation()).toBe('/cart'), { timeout: 5000 });
    expect(localStorage.getItem('order_draft_session_code')).toBeNull();
  });

  it('continue with an unknown code notifies and goes to categories', async () => {
    installFetch(session());
    const { store } = renderAt('/continue-preconfigured-order?session_code=nope', <ContinueOrderPage />, '/continue-preconfigured-order');
    await waitFor(() => expect(shownLocation()).toBe('/categories'), { timeout: 5000 });
    expect(store.getState().notifications.items.map((n: { message: string }) => n.message)).toEqual(['order_drafts.not_found']);
  });
});

describe('user menu (spec §2)', () => {
  beforeEach(() => localStorage.clear());

  it('gives a sales agent the way back to the admin panel', async () => {
    installFetch(session({ admin: agent }));
    renderWithApp(<UserMenu />);
    const toggle = await screen.findByRole('button', { name: 'Sales agent: Ada Agent' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Back to the admin panel' }).getAttribute('href')).toBe('https://admin.example');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('lets a customer updating a draft cancel it and return to the cart', async () => {
    localStorage.setItem('order_draft_session_code', 'goodcode');
    localStorage.setItem('customer_number', '100001');
    const seen = installFetch(session());
    renderWithApp(<UserMenu />, { path: '/confirm' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(shownLocation()).toBe('/cart'), { timeout: 5000 });
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/order-drafts/current')).toBe(true);
    expect(localStorage.getItem('order_draft_session_code')).toBeNull();
    expect(localStorage.getItem('customer_number')).toBeNull();
  });

  it('shows nothing to other visitors', async () => {
    const seen = installFetch(session());
    const { container } = renderWithApp(<UserMenu />);
    await waitFor(() => expect(seen.some((r) => r.path === '/admins/me')).toBe(true));
    expect(container.querySelector('.hc-user-menu, .hc-user-menu__cancel')).toBeNull();
  });
});

describe('user menu for panel users (spec §6)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the back-to-panel link it is given to a panel user only', async () => {
    const PanelLink = ({ className }: { className?: string }) => <button className={className}>Back to the panel</button>;
    const panelCustomer = (req: SeenRequest) =>
      req.path === '/session/customer'
        ? { customer: { customer_no: '100001', basic_info: null, address: null, validated: true, vat_id_check: null, panel: { order_type: 'redirect' } }, notices: [] }
        : session()(req);
    installFetch(panelCustomer);
    renderWithApp(<UserMenu PanelLink={PanelLink} />);
    expect((await screen.findByRole('button', { name: 'Back to the panel' })).className).toContain('hc-user-menu__cancel');
  });
});
