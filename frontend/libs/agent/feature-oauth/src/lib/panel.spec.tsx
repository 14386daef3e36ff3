import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { apiError, catalogProduct, installFetch, renderWithApp, shownLocation, type SeenRequest } from '@hostcart/shared-testing';
import { OAuthCallbackPage } from './oauth-callback-page';
import { OAuthReadyPage, panelDestination } from './oauth-ready-page';
import { BackToPanel } from './back-to-panel';
import { decodeOAuthData } from './panel-storage';

const b64 = (o: unknown) => btoa(JSON.stringify(o));
const customer = (panel: unknown = { order_type: 'redirect' }) => ({ customer_no: '100001', basic_info: null, address: null, validated: true, panel });
const WEB_S = catalogProduct(1001, 'Web S', { external_product_id: 'HW-WEB-S', type: 'hosting' });
const DOMAINS = catalogProduct(1043, 'Domains only', { type: 'domain-only', is_hidden: true });
const brand = { id: 1, name: 'Hostwerk', slug: 'hostwerk', properties: { oauth_authority_url: 'https://login.hostwerk.de', oauth_authority_url_2: 'https://cloud.hostwerk.de/login' }, locales: [] };

function renderOAuth(path: string, redirect = jest.fn()) {
  renderWithApp(
    <Routes>
      <Route path="/oauth/callback" element={<OAuthCallbackPage redirect={redirect} />} />
      <Route path="/oauth/ready" element={<OAuthReadyPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
  return redirect;
}

/** The fake API of a signed-in panel user; added products go into row r1. */
function panelApi(extra: (req: SeenRequest) => unknown = () => undefined) {
  return installFetch((req) => {
    const answer = extra(req);
    if (answer !== undefined) return answer;
    if (req.path === '/customer/login') return { customer: customer(req.body.oauth_data), external_product_id: '' };
    if (req.path === '/session/customer') return { customer: customer(), notices: [] };
    if (req.path.startsWith('/products')) return { products: [WEB_S, DOMAINS] };
    if (req.path.startsWith('/categories')) return { categories: [{ id: 1, name: 'Webhosting', slug: 'webhosting' }] };
    if (req.path === '/session/cart/items') return { cart: { items: [{ row_id: 'r1', product: { id: req.body.product_id }, addons: [], upsells: [], domains: [] }], version: 1 }, notices: [], row_id: 'r1' };
    if (req.path === '/brands/current') return brand;
    return undefined;
  });
}

describe('panel sign-in (spec §4 "OAuth")', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => jest.restoreAllMocks());

  it('decodes base64 JSON with or without padding and refuses anything else', () => {
    const raw = b64({ order_type: 'cloudpit_domains', use_cp_2: true, webhosting_id: 7 });
    expect(decodeOAuthData(raw.replace(/=+$/, ''))).toEqual({ order_type: 'cloudpit_domains', use_cp_2: true, webhosting_id: '7', category_slug: '', external_product_id: '' });
    expect(decodeOAuthData('not base64 at all!')).toBeNull();
    expect(decodeOAuthData(btoa('[1,2]'))).toBeNull();
  });

  it('with data and no code starts the login at the authority, carrying the data', async () => {
    const seen = installFetch((req) => (req.path.startsWith('/customer/authorization-url') ? { url: 'https://authority.example/auth?state=s' } : undefined));
    const data = b64({ order_type: 'redirect', use_cp_2: true });
    const redirect = renderOAuth(`/oauth/callback?data=${encodeURIComponent(data)}`);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://authority.example/auth?state=s'));
    expect(seen.find((r) => r.path.startsWith('/customer/authorization-url'))?.path).toBe(`/customer/authorization-url?data=${data}&use_cp_2=true`);
  });

  it('logs in with clear_cart and the oauth data, stores them and replaces itself with the ready view', async () => {
    localStorage.setItem('note_items', '[{"id":1}]');
    const seen = panelApi();
    const data = { order_type: 'redirect', external_product_id: 'HW-WEB-S', webhosting_id: 'wh1' };
    renderOAuth(`/oauth/callback?code=c1&state=s1&data=${encodeURIComponent(b64(data))}`);
    await waitFor(() => expect(shownLocation()).toBe('/domains/lookup?id=r1'));
    const login = seen.find((r) => r.path === '/customer/login');
    expect(login?.body).toEqual({
      authorization_code: 'c1', state: 's1', use_cp_2: false, clear_cart: true,
      oauth_data: { order_type: 'redirect', use_cp_2: false, webhosting_id: 'wh1', category_slug: '', external_product_id: 'HW-WEB-S' },
    });
    expect(localStorage.getItem('order_type')).toBe('redirect');
    expect(localStorage.getItem('external_product_id')).toBe('HW-WEB-S');
    expect(JSON.parse(localStorage.getItem('cloud_pit_data') ?? '{}').webhosting_id).toBe('wh1');
    expect(localStorage.getItem('note_items')).toBeNull();
    expect(seen.filter((r) => r.path === '/session/cart/items').map((r) => r.body)).toEqual([{ product_id: 1001 }]);
  });

  it('cloudpit_domains adds the domain-only product and goes to the lookup', async () => {
    const seen = panelApi();
    renderOAuth(`/oauth/callback?code=c&state=s&data=${encodeURIComponent(b64({ order_type: 'cloudpit_domains' }))}`);
    await waitFor(() => expect(shownLocation()).toBe('/domains/lookup?id=r1'));
    expect(seen.filter((r) => r.path === '/session/cart/items').map((r) => r.body)).toEqual([{ product_id: 1043 }]);
  });

  it('redirect_product_category goes to the known category, else to the categories', async () => {
    panelApi();
    renderOAuth(`/oauth/callback?code=c&state=s&data=${encodeURIComponent(b64({ order_type: 'redirect_product_category', category_slug: 'webhosting' }))}`);
    await waitFor(() => expect(shownLocation()).toBe('/products/webhosting'));
    expect(panelDestination('redirect_product_category', '', 'nope', [], ['webhosting']).to).toBe('categories');
    expect(panelDestination('redirect', 'UNKNOWN', '', [WEB_S, DOMAINS], []).add?.id).toBe(1043);
    expect(panelDestination('', '', '', [WEB_S], []).to).toBe('categories');
  });

  it('without a customer notifies the failed login and goes to the categories', async () => {
    sessionStorage.setItem('oauth_panel_pending', 'true');
    installFetch((req) => (req.path === '/session/customer' ? { customer: { customer_no: '', basic_info: null, address: null, validated: false }, notices: [] } : undefined));
    const { store } = renderWithApp(
      <Routes>
        <Route path="/oauth/ready" element={<OAuthReadyPage />} />
        <Route path="*" element={null} />
      </Routes>,
      { path: '/oauth/ready' },
    );
    await waitFor(() => expect(shownLocation()).toBe('/categories'));
    expect(JSON.stringify(store.getState())).toContain('login.unable_to_authenticate');
  });

  it('a failed panel login shows the login-failed message', async () => {
    installFetch(() => apiError(401, 'customer.login_failed'));
    renderOAuth(`/oauth/callback?code=c&state=forged&data=${encodeURIComponent(b64({ order_type: 'redirect' }))}`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(localStorage.getItem('order_type')).toBeNull();
  });

  it('visited again, the ready view offers the way back to the panel, which logs out, clears state and leaves', async () => {
    localStorage.setItem('order_type', 'redirect');
    localStorage.setItem('customer_number', '100001');
    sessionStorage.setItem('cart', 'x');
    const seen = panelApi((req) => (req.path === '/customer/logout' ? { customer: { customer_no: '', basic_info: null, address: null, validated: false }, panel_url: 'https://cloud.hostwerk.de/login' } : undefined));
    const redirect = jest.fn();
    renderWithApp(<BackToPanel redirect={redirect} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the cloud panel' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://cloud.hostwerk.de/login'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/customer/logout')).toBe(true);
    expect(localStorage.getItem('order_type')).toBeNull();
    expect(localStorage.getItem('customer_number')).toBeNull();
    expect(sessionStorage.getItem('cart')).toBeNull();
  });

  it('the ready view without a pending sign-in stays and shows the back-to-panel button in German too', async () => {
    panelApi();
    renderWithApp(
      <Routes>
        <Route path="/oauth/ready" element={<OAuthReadyPage />} />
      </Routes>,
      { path: '/oauth/ready', locale: 'de-DE' },
    );
    expect(await screen.findByRole('button', { name: 'Zurück zum Cloud-Panel' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Willkommen aus dem Cloud-Panel' })).toBeTruthy();
    expect(shownLocation()).toBe('/oauth/ready');
  });

  it('a failed logout keeps the user here with a message', async () => {
    panelApi((req) => (req.path === '/customer/logout' ? apiError(503, 'customer.unavailable') : undefined));
    const redirect = jest.fn();
    renderWithApp(<BackToPanel redirect={redirect} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the cloud panel' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });
});
