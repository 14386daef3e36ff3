import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetch } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, renderCustomer, shownLocation } from './test-utils';

describe('logout view (spec §2 "Logout view")', () => {
  it('sends a visitor without customer number to /', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/logout');
    await waitFor(() => expect(shownLocation()).toBe('/'));
  });

  it('logs the existing customer out and forgets the stored number', async () => {
    const state = { brand: brand('hostwerk'), customer: customer({ customer_no: '100002', validated: true }), cartItems: 1 };
    installCustomerApi(state);
    const fake = globalThis.fetch;
    const seen = installFetch(async (req) => {
      if (req.method === 'POST' && req.path === '/customer/logout') {
        state.customer = customer();
        return { customer: state.customer, notices: [] };
      }
      return (await fake(new Request(`http://localhost/api/v2${req.path}`, { method: req.method }))) as Response;
    });
    renderCustomer('/customer/logout');
    expect(await screen.findByText('You are logged in as customer 100002.')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('customer_number')).toBe('100002'));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(shownLocation()).toBe('/categories'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/customer/logout')).toBe(true);
    expect(localStorage.getItem('customer_number')).toBeNull();
  });

  it('lets the existing customer go on to post-fill', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer({ customer_no: '100002', validated: true }), cartItems: 1 });
    renderCustomer('/customer/logout');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with my order' }));
    expect(shownLocation()).toBe('/postfill');
  });
});
