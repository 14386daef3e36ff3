import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetch } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, renderCustomer, shownLocation } from './test-utils';
import { LOGIN_POLL_MS } from './login-or-register-page';

describe('login or register (spec §2, §4 "Login popup")', () => {
  afterEach(() => jest.useRealTimers());

  it('sends a brand without login straight to basic info', async () => {
    installCustomerApi({ brand: brand('alpenhost'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/login-or-register');
    await waitFor(() => expect(shownLocation()).toBe('/customer/basic-info'));
  });

  it('opens the authority in a 400x600 popup and, once it closes, takes an existing customer on to post-fill', async () => {
    const state = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    const api = installCustomerApi(state);
    const fake = globalThis.fetch;
    installFetch(async (req) => {
      if (req.path === '/customer/authorization-url') return { url: 'https://login.example/authorize?state=s' };
      return (await fake(new Request(`http://localhost/api/v2${req.path}`, { method: req.method }))) as Response;
    });
    const popup = { closed: false };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderCustomer('/customer/login-or-register');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://login.example/authorize?state=s', 'hostcart-login', 'popup,width=400,height=600'));
    expect(screen.getByRole('status').textContent).toBe('Please log in in the window that has opened.');

    // The visitor logs in inside the popup; the session becomes the customer's; the popup closes.
    state.customer = customer({ customer_no: '100001', validated: true });
    jest.useFakeTimers();
    popup.closed = true;
    await act(async () => {
      jest.advanceTimersByTime(LOGIN_POLL_MS);
    });
    jest.useRealTimers();
    await waitFor(() => expect(shownLocation()).toBe('/postfill'));
    expect(api.length).toBeGreaterThan(0);
    open.mockRestore();
  });

  it('leads a new customer to basic info and back to the cart', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/login-or-register');
    expect((await screen.findByRole('link', { name: 'Continue as a new customer' })).getAttribute('href')).toBe('/customer/basic-info');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/cart');
  });
});
