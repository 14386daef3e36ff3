import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_KEY, ORDER_SUMMARY_KEY } from './storage';
import { brand, customer, installOrderApi, order, renderOrder, shownLocation } from './test-utils';

// The walk renders the confirm page with its box and then the success page.
jest.setTimeout(20000);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const REFERENCE = 'HC261127ABCDEFGHJKMN';
const sepaOption = { type: 'sepa', holder: 'Anna Berger', iban: 'AT61••••3201', bic: 'BKAUATWW', bank: '', permission: true, mandate_reference: REFERENCE };
/** The order of the test cart: its totals are the priced cart's (12 × 4,49 €). */
const placed = (extra: Parameters<typeof order>[0] = {}) =>
  order({ totals: { net_cents: '4524', vat_cents: '864', gross_cents: '5388', currency: 'EUR' }, sepa_mandate_reference: REFERENCE, ...extra });

async function placeOrder() {
  await userEvent.click(await screen.findByLabelText(/I accept the terms and conditions/));
  await userEvent.click(screen.getByLabelText(/I have read the privacy policy/));
  await userEvent.click(screen.getByRole('button', { name: 'Place binding order' }));
  await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
}

describe('SMS step (issue 23: a total on every checkout step)', () => {
  it('shows the totals the confirm page showed for the order the code confirms', async () => {
    const awaiting = () => placed({ status: 'awaiting_sms', sms_required: true });
    installOrderApi({
      routes: {
        'GET /session/payment': () => ({ payment: sepaOption }),
        'POST /orders': () => ({ order: awaiting() }),
        'GET /orders/01JORDER': () => ({ order: awaiting() }),
      },
    });
    renderOrder('/confirm');
    const confirmTotals = (await screen.findByTestId('contract-totals')).textContent;
    await userEvent.click(await screen.findByLabelText(/I accept the terms and conditions/));
    await userEvent.click(screen.getByLabelText(/I have read the privacy policy/));
    await userEvent.click(screen.getByRole('button', { name: 'Place binding order' }));
    await waitFor(() => expect(shownLocation()).toBe('/sms-validation'));
    expect((await screen.findByTestId('sms-totals')).textContent).toBe(confirmTotals);
  });

  it('shows no totals when the kept summary is not this order’s', async () => {
    sessionStorage.setItem(ORDER_SUMMARY_KEY, JSON.stringify({ order_id: 'OTHER', priced: { items: [] } }));
    sessionStorage.setItem(ORDER_KEY, JSON.stringify({ order_id: '01JORDER', order_code: 'HW-1001', status: 'awaiting_sms', sms_required: true }));
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: placed({ status: 'awaiting_sms', sms_required: true }) }) } });
    renderOrder('/sms-validation');
    expect(await screen.findByTestId('sms-intro')).toBeTruthy();
    expect(screen.queryByTestId('sms-totals')).toBeNull();
  });
});

describe('success page (issue 23: summary, mandate reference, next steps, account)', () => {
  it('repeats the confirm page: the mandate reference of the SEPA option is the order’s, the lines and totals are the presentation’s', async () => {
    installOrderApi({
      routes: {
        'GET /session/payment': () => ({ payment: sepaOption }),
        'POST /orders': () => ({ order: placed() }),
        'GET /orders/01JORDER': () => ({ order: placed() }),
        'GET /session/cancel': () => ({}),
      },
    });
    renderOrder('/confirm');
    // The confirm page's mandate text names the reference the payment service made with the option.
    expect((await screen.findByTestId('contract-mandate')).textContent).toBe(`SEPA direct debit mandate reference: ${REFERENCE}`);
    const confirmTotals = screen.getByTestId('contract-totals').textContent;
    await placeOrder();

    expect((await screen.findByTestId('success-mandate')).textContent).toBe(`SEPA direct debit mandate reference: ${REFERENCE}`);
    const summary = await screen.findByTestId('success-summary');
    expect(within(summary).getByRole('heading', { name: 'Your order' })).toBeTruthy();
    expect(screen.getByTestId('success-cart').textContent).toContain('Web hosting S');
    expect(screen.getByTestId('success-cart').textContent).toContain('€4.49 per month');
    // The same totals as the box above the order button: first term, VAT, due today, renewal.
    expect(screen.getByTestId('success-totals').textContent).toBe(confirmTotals);
    expect(screen.getByTestId('success-totals').textContent).toContain('Due today');
    expect(screen.getByTestId('success-totals').textContent).toContain('€53.88');

    const steps = within(screen.getByTestId('success-next-steps'));
    expect(steps.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(steps.getByText(/order confirmation with all contract details/)).toBeTruthy();
    expect(steps.getByText(/We set up your products/)).toBeTruthy();
    expect(screen.getByTestId('success-payment-step').textContent).toMatch(/SEPA direct debit/);
    expect(screen.getByTestId('success-account').textContent).toContain('we create your customer account with Alpenhost');
  });

  it('speaks German: summary, next steps and the account of an existing customer', async () => {
    sessionStorage.setItem(ORDER_SUMMARY_KEY, 'x');
    installOrderApi({
      brand: brand(),
      customer: customer({ customer_no: '10042' }),
      payment: null,
      routes: { 'POST /orders': () => ({ order: placed({ payment_type: 'bank-transfer', sepa_mandate_reference: '' }) }), 'GET /orders/01JORDER': () => ({ order: placed({ payment_type: 'bank-transfer', sepa_mandate_reference: '' }) }) },
    });
    renderOrder('/confirm', { locale: 'de-DE' });
    await userEvent.click(await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
    expect(await screen.findByTestId('success-summary')).toBeTruthy();
    expect(screen.queryByTestId('success-mandate')).toBeNull();
    expect(screen.getByRole('heading', { name: 'So geht es weiter' })).toBeTruthy();
    expect(screen.getByTestId('success-totals').textContent).toContain('Heute fällig');
    expect(screen.getByTestId('success-payment-step').textContent).toBe('Über den heute fälligen Betrag erhalten Sie eine Rechnung per E-Mail.');
    expect(screen.getByTestId('success-account').textContent).toContain('Ihrem Kundenkonto bei Alpenhost zugeordnet');
  });

  it('shows no summary that is not the order’s (another order, other totals), the next steps all the same', async () => {
    sessionStorage.setItem(ORDER_SUMMARY_KEY, JSON.stringify({ order_id: '01JOTHER', priced: { items: [] }, existing: false, certificate: false }));
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order() }) } });
    renderOrder('/success/01JORDER');
    expect((await screen.findByTestId('order-code')).textContent).toBe('HW-1001');
    expect(screen.getByTestId('success-mandate').textContent).toBe('You will receive the reference of your SEPA direct debit mandate with the order confirmation.');
    expect(screen.queryByTestId('success-summary')).toBeNull();
    expect(screen.getByTestId('success-next-steps').textContent).toContain('SEPA direct debit');
  });
});
