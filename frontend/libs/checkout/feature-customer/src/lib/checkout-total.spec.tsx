import { screen, within } from '@testing-library/react';
import { cartPresentation } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, privatePerson, renderCustomer } from './test-utils';

// Issue 23: every checkout step shows the cart total (as the cart summary prints it), a compact
// box on desktop and the phone's action bar, with the step's actions.
const priced = {
  priced: {
    cart: { items: [], version: 1 },
    items: [{ row_id: 'r0' }],
    item_count: 1,
    prices_with_vat: true,
    totals: { presentation: cartPresentation({ first_term_cents: 9030, due_today_cents: 9030, gross_cents: 9030, first_term_months: 12 }) },
  },
  notices: [],
};

describe('the cart total on the customer steps (issue 23)', () => {
  it('basic info shows the first-term total beside its actions', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1, priced });
    renderCustomer('/customer/basic-info', { locale: 'de-DE' });
    await screen.findByRole('heading', { name: 'Ihre Angaben' });
    const total = await screen.findByTestId('action-bar-total');
    expect(within(total).getByText('Gesamt für die ersten 12 Monate inkl. MwSt.')).toBeTruthy();
    expect(within(total).getByText(/90,30\s€/)).toBeTruthy();
    const bar = screen.getByTestId('action-bar');
    expect(bar.classList.contains('hc-action-bar--summary')).toBe(true);
    expect(within(bar).getByRole('button', { name: 'Weiter' })).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Zurück' })).toBeTruthy();
  });

  it('the address step shows it too', async () => {
    installCustomerApi({ brand: brand('alpenhost'), customer: customer({ basic_info: privatePerson }), cartItems: 1, priced });
    renderCustomer('/customer/address');
    await screen.findByRole('heading', { name: 'Your address' });
    const total = await screen.findByTestId('action-bar-total');
    expect(within(total).getByText('Total for the first 12 months incl. VAT')).toBeTruthy();
    expect(within(total).getByText('€90.30')).toBeTruthy();
    expect(within(screen.getByTestId('action-bar')).getByRole('button', { name: 'Next' })).toBeTruthy();
  });
});
