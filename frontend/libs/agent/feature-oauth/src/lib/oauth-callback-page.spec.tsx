import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { apiError, installFetch, renderWithApp, shownLocation } from '@hostcart/shared-testing';
import { OAuthCallbackPage } from './oauth-callback-page';

function renderCallback(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/oauth/callback" element={<OAuthCallbackPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

describe('OAuth callback (spec §4 "OAuth")', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
    jest.restoreAllMocks();
  });

  it('logs in with code and state once and closes the login popup', async () => {
    Object.defineProperty(window, 'opener', { value: {}, configurable: true });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    const seen = installFetch(() => ({ customer: { customer_no: '100001', basic_info: null, address: null, validated: true }, external_product_id: '' }));
    renderCallback('/oauth/callback?code=abc-123_x&state=st-9');
    await waitFor(() => expect(close).toHaveBeenCalled());
    const logins = seen.filter((r) => r.path === '/customer/login');
    expect(logins).toHaveLength(1);
    expect(logins[0].body).toEqual({ authorization_code: 'abc-123_x', state: 'st-9', clear_cart: false });
    expect(localStorage.getItem('customer_number')).toBe('100001');
  });

  it('goes on to post-fill in the shop window itself (blocked popup)', async () => {
    installFetch(() => ({ customer: { customer_no: '100001', basic_info: null, address: null, validated: true }, external_product_id: '' }));
    renderCallback('/oauth/callback?code=c&state=s');
    await waitFor(() => expect(shownLocation()).toBe('/postfill'));
  });

  it('explains a failed login and offers to start a new order', async () => {
    installFetch(() => apiError(401, 'customer.login_failed'));
    renderCallback('/oauth/callback?code=c&state=forged');
    expect(await screen.findByRole('heading', { name: 'Login failed.' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('We were unable to authenticate you.');
    expect(screen.getByRole('link', { name: 'Start a new order and log in later' }).getAttribute('href')).toBe('/categories');
  });
});
