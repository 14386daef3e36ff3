import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { cartPresentation, installFetch, renderWithApp } from '@hostcart/shared-testing';
import { PaymentPage } from './payment-page';

jest.mock('@adyen/adyen-web', () => ({}));
jest.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));

// Issue 23: the payment step shows the cart total (as the cart summary prints it), a compact box
// on desktop and the phone's action bar, with the step's actions. Alpenhost shows net prices:
// the total is the gross one, what is due today net, as the summary names them.
function install() {
  return installFetch((req) => {
    switch (req.path) {
      case '/brands/current':
        return { id: 2, name: 'Alpenhost', slug: 'alpenhost', fqdn: 'x', is_visible: true, locales: [], properties: { country_code: 'AT' } };
      case '/session/cart':
        return { cart: { items: [{ row_id: 'r1', product: { id: 1 }, addons: [], upsells: [], domains: [] }], version: 1 }, notices: [] };
      case '/session/cart/priced':
        return {
          priced: {
            cart: { items: [], version: 1 },
            items: [{ row_id: 'r1' }],
            item_count: 1,
            prices_with_vat: false,
            totals: { presentation: cartPresentation({ first_term_cents: 7525, due_today_cents: 1254, net_cents: 7525, gross_cents: 9030, first_term_months: 12 }) },
          },
          notices: [],
        };
      case '/session/customer':
        return {
          customer: {
            customer_no: '',
            basic_info: { group: 1, gender: 0, first_name: 'Max', last_name: 'M', company_name: '', company_vat_id: '', email: 'm@example.com' },
            address: { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' },
            validated: true,
            vat_id_check: null,
          },
          notices: [],
        };
      case '/payment-types':
        return { payment_types: [{ slug: 'paypal', name: 'PayPal', sms_validation_required: false }] };
      case '/session/payment':
        return { payment: null };
    }
    return undefined;
  });
}

describe('the cart total on the payment step (issue 23)', () => {
  it('shows the first-term total and what is due today beside Back and Next', async () => {
    install();
    renderWithApp(
      <Routes>
        <Route path="/payment" element={<PaymentPage />} />
      </Routes>,
      { path: '/payment', locale: 'de-DE' },
    );
    const total = await screen.findByTestId('action-bar-total');
    expect(within(total).getByText('Gesamt für die ersten 12 Monate inkl. MwSt.')).toBeTruthy();
    expect(within(total).getByText(/90,30\s€/)).toBeTruthy();
    expect(within(total).getByText('Heute fällig (zzgl. MwSt.)')).toBeTruthy();
    expect(within(total).getByText(/12,54\s€/)).toBeTruthy();
    const bar = screen.getByTestId('action-bar');
    expect(bar.classList.contains('hc-action-bar--summary')).toBe(true);
    expect(within(bar).getByRole('button', { name: 'Weiter' })).toBeTruthy();
  });
});
