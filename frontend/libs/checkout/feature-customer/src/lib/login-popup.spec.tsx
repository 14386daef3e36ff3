import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, installFetch, type SeenRequest } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, renderCustomer, shownLocation, type FakeState } from './test-utils';
import { LOGIN_POLL_MS } from './login-or-register-page';

/** test-utils' fake API plus POST /customer/authorization-url answered by `authorization`. */
function installLoginApi(state: FakeState, authorization: () => unknown): SeenRequest[] {
  installCustomerApi(state);
  const base = globalThis.fetch;
  return installFetch(async (req) => {
    if (req.path === '/customer/authorization-url') return authorization();
    return base(new Request(`http://localhost/api/v2${req.path}`, { method: req.method }));
  });
}

const customerFetches = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'GET' && r.path === '/session/customer').length;

/** Runs the fake clock by `ms` and lets the promises it released settle. */
async function tick(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

describe('login popup polling (spec §4 "Login popup", §9 "login popup poll 40 ms")', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('keeps polling while the popup is open, and a popup closed without login leaves the visitor here', async () => {
    const state: FakeState = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    const seen = installLoginApi(state, () => ({ url: 'https://login.example/authorize?state=s1' }));
    const popup = { closed: false };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    // The fake clock runs from the start: a poll started on the real clock would keep firing in
    // real time, and on a slow machine notice the closed popup before the test says so.
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderCustomer('/customer/login-or-register');
    const button = await screen.findByRole('button', { name: 'Log in' });
    await user.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][2]).toBe('popup,width=400,height=600');
    const before = customerFetches(seen);

    // Open for a while: nothing is fetched, the button waits, the visitor stays.
    await tick(LOGIN_POLL_MS * 25);
    expect(customerFetches(seen)).toBe(before);
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Please log in in the window that has opened.');

    // Closed without a login: one poll notices it within 40 ms; the customer is fetched again once.
    popup.closed = true;
    await tick(LOGIN_POLL_MS - 1);
    expect(customerFetches(seen)).toBe(before);
    await tick(1);
    await waitFor(() => expect(customerFetches(seen)).toBe(before + 1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false));
    expect(screen.queryByText('Please log in in the window that has opened.')).toBeNull();
    expect(shownLocation()).toBe('/customer/login-or-register');

    // The poll stopped with the popup: no further fetches.
    await tick(LOGIN_POLL_MS * 10);
    expect(customerFetches(seen)).toBe(before + 1);
  });

  it('opens no popup when the authorization URL is refused and says why', async () => {
    const state: FakeState = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    installLoginApi(state, () => apiError(503, 'error.service_unavailable'));
    const open = jest.spyOn(window, 'open');
    renderCustomer('/customer/login-or-register');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This service is temporarily unavailable. Please try again in a moment.');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it('stops polling when the visitor leaves the page with the popup still open', async () => {
    const state: FakeState = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    const seen = installLoginApi(state, () => ({ url: 'https://login.example/authorize?state=s2' }));
    const popup = { closed: false };
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { unmount } = renderCustomer('/customer/login-or-register');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByRole('status');
    const before = customerFetches(seen);
    unmount();
    popup.closed = true;
    await tick(LOGIN_POLL_MS * 5);
    expect(customerFetches(seen)).toBe(before);
  });
});
