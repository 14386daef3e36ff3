import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { installFetch, json, renderWithApp, shownLocation, type SeenRequest } from '@hostcart/shared-testing';
import { PaymentPage } from './payment-page';

const basic = { group: 1, gender: 0, first_name: 'Max', last_name: 'M', company_name: '', company_vat_id: '', email: 'm@example.com' };
const address = { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' };

function install(opts: { validated?: boolean; existing?: boolean; showBank?: boolean; save?: (req: SeenRequest) => unknown } = {}) {
  return installFetch((req) => {
    switch (req.path) {
      case '/brands/current':
        return { id: 2, name: 'Alpenhost', slug: 'alpenhost', fqdn: 'x', is_visible: true, locales: [], properties: { display_bank_name_input_field: String(!!opts.showBank), country_code: 'AT' } };
      case '/session/cart':
        return { cart: { items: [{ row_id: 'r1', product: { id: 1 }, addons: [], upsells: [], domains: [] }], version: 1 }, notices: [] };
      case '/session/customer':
        return { customer: { customer_no: opts.existing ? '200001' : '', basic_info: basic, address, validated: opts.validated ?? true, vat_id_check: null }, notices: [] };
      case '/payment-types':
        return { payment_types: [
          { slug: 'sepa', name: 'SEPA direct debit', sms_validation_required: true },
          { slug: 'adyen-scheme', name: 'Credit card', sms_validation_required: false },
          { slug: 'paypal', name: 'PayPal', sms_validation_required: false },
        ] };
      case '/session/payment':
        if (req.method === 'PUT') return opts.save ? opts.save(req) : { payment: { ...req.body, iban: 'AT61••••••••••••3201' } };
        return { payment: null };
    }
    return undefined;
  });
}

function renderPayment() {
  return renderWithApp(
    <Routes>
      <Route path="/payment" element={<PaymentPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path: '/payment' },
  );
}

describe('payment (spec §2 "Payment", §5 "SEPA")', () => {
  it('keeps next disabled until a method is chosen, and for the card until its component exists', async () => {
    install();
    renderPayment();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Credit card'));
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Card payment will be available/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('PayPal'));
    expect((next as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses SEPA by §5's rules in the browser, shows the server's IBAN verdict at the field, then saves", async () => {
    let refuse = true;
    const seen = install({
      showBank: true,
      save: (req) => (refuse ? json({ error: 'validation.failed', errors: { iban: ['payment.iban_invalid'] } }, 400) : { payment: { ...req.body, iban: 'AT61••••••••••••3201' } }),
    });
    renderPayment();
    await userEvent.click(await screen.findByLabelText('SEPA direct debit'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please specify the account holder.')).toBeTruthy();
    expect(screen.getByText('Please enter your IBAN.')).toBeTruthy();
    expect(screen.getByText('Please enter the BIC.')).toBeTruthy();
    expect(screen.getByText('Please enter the name of your bank.')).toBeTruthy();
    expect(screen.getByText('Please accept the direct debit authorisation.')).toBeTruthy();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByLabelText(/Account holder/), 'Anna Berger');
    await userEvent.type(screen.getByLabelText(/IBAN/), 'AT62 1904 3002 3457 3201');
    await userEvent.type(screen.getByLabelText(/BIC/), 'bkauatww');
    await userEvent.type(screen.getByLabelText(/Bank/), 'Bank Austria');
    await userEvent.click(screen.getByLabelText(/direct debit mandate/));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid IBAN.')).toBeTruthy();
    expect(shownLocation()).toBe('/payment');

    refuse = false;
    await userEvent.clear(screen.getByLabelText(/IBAN/));
    await userEvent.type(screen.getByLabelText(/IBAN/), 'AT61 1904 3002 3457 3201');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(seen.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      type: 'sepa', holder: 'Anna Berger', iban: 'AT611904300234573201', bic: 'BKAUATWW', bank: 'Bank Austria', permission: true,
    });
  });

  it('sends an existing customer and an unvalidated one to /', async () => {
    install({ existing: true });
    const { unmount } = renderPayment();
    await waitFor(() => expect(shownLocation()).toBe('/'));
    unmount();
    install({ validated: false });
    renderPayment();
    await waitFor(() => expect(shownLocation()).toBe('/'));
  });
});
