import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import { redirectTo } from './redirect';
import { FEEDBACK_KEY, storedOrder } from './storage';
import { apiError, brand, customer, installOrderApi, json, order, renderOrder, shownLocation } from './test-utils';

jest.mock('./redirect', () => ({ redirectTo: jest.fn() }));
// The walks type into several fields and render the box above the order button; on the shared
// two-core machine they took longer than jest's 5 s (as the cart page's spec does).
jest.setTimeout(20000);
const redirect = redirectTo as jest.MockedFunction<typeof redirectTo>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  redirect.mockReset();
});

async function acceptTerms() {
  await userEvent.click(await screen.findByLabelText(/I accept the terms and conditions/));
  await userEvent.click(screen.getByLabelText(/I have read the privacy policy/));
}

const buy = () => userEvent.click(screen.getByRole('button', { name: 'Place binding order' }));

describe('confirm (spec §2 "Confirm", §4 confirm submit, §8)', () => {
  it('shows the summaries and places the order with the feedback; a retry of the attempt reuses its key', async () => {
    const { seen, keyed } = installOrderApi({
      routes: { 'POST /orders': (_req, n) => (n === 1 ? apiError(503, 'error.service_unavailable') : { order: order() }) },
    });
    renderOrder('/confirm');
    expect(await screen.findByRole('heading', { name: 'Review and order' })).toBeTruthy();
    expect(screen.getByText(/anna@example.com/)).toBeTruthy();
    expect(screen.getByText('SEPA direct debit')).toBeTruthy();
    expect(screen.getByTestId('confirm-cart').textContent).toContain('Web hosting S');
    await userEvent.selectOptions(screen.getByLabelText('How did you hear about us?'), 'other');
    await userEvent.type(screen.getByLabelText('Where did you hear about us?'), '  Radio  ');
    await userEvent.type(screen.getByLabelText('Notes on your order'), 'Please call me');
    await acceptTerms();
    await buy();
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'), { timeout: 3000 });
    const posts = seen.filter((r) => r.method === 'POST' && r.path === '/orders');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({
      advertised_customer: '',
      referral_id: '',
      known_from: 'other',
      other_known_from: 'Radio',
      comment: 'Please call me',
      allowed_newsletter: false,
      mca_agreement: false,
      eult_agreement: false,
      gtc_agreement: false,
      generalbusinessterm: true,
      privacyterm: true,
      early_start: false,
    });
    const keys = keyed.filter((k) => k.path === '/orders').map((k) => k.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(storedOrder()).toEqual({ order_id: '01JORDER', order_code: 'HW-1001', status: 'placed', sms_required: false });
    expect(localStorage.getItem(FEEDBACK_KEY)).toBeNull();
  });

  it('puts the errors map at the feedback fields; the next attempt has a fresh key', async () => {
    const { keyed } = installOrderApi({
      routes: {
        'POST /orders': (_req, n) =>
          n === 1 ? json({ error: 'validation.failed', errors: { comment: ['validation.max_length'], known_from: ['validation.in'] } }, 400) : { order: order({ sms_required: true, status: 'awaiting_sms' }) },
      },
    });
    renderOrder('/confirm');
    await acceptTerms();
    await buy();
    expect(await screen.findByText('Please enter at most 500 characters.')).toBeTruthy();
    expect(screen.getByText(/Please choose one of these values/)).toBeTruthy();
    expect(screen.getByLabelText('Notes on your order').getAttribute('aria-invalid')).toBe('true');
    await buy();
    await waitFor(() => expect(shownLocation()).toBe('/sms-validation'));
    const keys = keyed.filter((k) => k.path === '/orders').map((k) => k.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows a single error in the placeholder and scrolls to it after 40 ms', async () => {
    installOrderApi({ routes: { 'POST /orders': () => apiError(422, 'order.payment_missing') } });
    const scroll = jest.fn();
    Element.prototype.scrollIntoView = scroll;
    renderOrder('/confirm');
    await acceptTerms();
    await buy();
    const placeholder = await screen.findByTestId('order-error');
    await waitFor(() => expect(within(placeholder).getByRole('alert').querySelector('p')?.textContent).toBe('Please choose a payment method first.'));
    await waitFor(() => expect(scroll).toHaveBeenCalled());
  });

  it('offers the error details (status, key, request id) in a disclosure, closed at first (spec §8)', async () => {
    installOrderApi({
      routes: {
        'POST /orders': () =>
          new Response(JSON.stringify({ error: 'order.payment_missing' }), { status: 422, headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-4711' } }),
      },
    });
    Element.prototype.scrollIntoView = jest.fn();
    renderOrder('/confirm');
    await acceptTerms();
    await buy();
    const disclosure = await screen.findByTestId('order-error-details');
    expect(disclosure.tagName).toBe('DETAILS');
    expect(disclosure.hasAttribute('open')).toBe(false);
    expect(within(disclosure).getByText('Details').tagName).toBe('SUMMARY');
    await userEvent.click(within(disclosure).getByText('Details'));
    expect(disclosure.hasAttribute('open')).toBe(true);
    expect(within(disclosure).getByText('Request ID').nextElementSibling?.textContent).toBe('req-4711');
    expect(within(disclosure).getByText('Error code').nextElementSibling?.textContent).toBe('order.payment_missing');
    expect(within(disclosure).getByText('Status').nextElementSibling?.textContent).toBe('422');
  });

  it("an order failure without the API's error shape is the 'unexpected error' (spec §8)", async () => {
    installOrderApi({ routes: { 'POST /orders': () => new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }) } });
    Element.prototype.scrollIntoView = jest.fn();
    renderOrder('/confirm');
    await acceptTerms();
    await buy();
    const placeholder = await screen.findByTestId('order-error');
    await waitFor(() => expect(within(placeholder).getByRole('alert').querySelector('p')?.textContent).toBe('An unexpected error has occurred.'));
    expect(within(screen.getByTestId('order-error-details')).getByText('Status').nextElementSibling?.textContent).toBe('500');
  });

  it("refuses feedback outside spec §5's limits before anything is sent", async () => {
    const { seen } = installOrderApi({ brand: brand({ display_referral_id_input_on_confirmation: 'true' }) });
    renderOrder('/confirm');
    await userEvent.type(await screen.findByLabelText('Referral ID'), 'a');
    await userEvent.selectOptions(screen.getByLabelText('How did you hear about us?'), 'other');
    await userEvent.type(screen.getByLabelText('Where did you hear about us?'), 'x');
    await userEvent.click(screen.getByLabelText('Notes on your order'));
    await userEvent.paste('y'.repeat(501));
    await buy();
    expect(await screen.findAllByText('Please enter at least 2 characters.')).toHaveLength(2);
    expect(screen.getByText('Please enter at most 500 characters.')).toBeTruthy();
    expect(screen.getAllByText('Please accept this to continue.')).toHaveLength(2);
    await userEvent.clear(screen.getByLabelText('Referral ID'));
    await userEvent.type(screen.getByLabelText('Referral ID'), 'ab!');
    await userEvent.tab();
    expect(await screen.findByText('Only letters, digits, hyphens and underscores are allowed.')).toBeTruthy();
    expect(seen.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('sets the referral id first; its refusal blocks the order and shows at the field', async () => {
    const { seen } = installOrderApi({
      brand: brand({ display_referral_id_input_on_confirmation: 'true' }),
      routes: { 'PUT /session/referral': () => json({ error: 'validation.failed', errors: { id: ['validation.alpha_dash'] } }, 400) },
    });
    renderOrder('/confirm');
    await userEvent.type(await screen.findByLabelText('Referral ID'), 'partner-7');
    await acceptTerms();
    await buy();
    expect(await screen.findByText('Only letters, digits, hyphens and underscores are allowed.')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: 'partner-7' });
    expect(seen.some((r) => r.path === '/orders')).toBe(false);
  });

  it("the phone bar's jump (issue 23) leads through the open consents to the order button, which it does not copy", async () => {
    installOrderApi();
    renderOrder('/confirm');
    const terms = await screen.findByLabelText(/I accept the terms and conditions/);
    const bar = screen.getByTestId('action-bar');
    const jump = within(bar).getByRole('button', { name: 'Go to your order' });
    expect(within(bar).queryByRole('button', { name: 'Place binding order' })).toBeNull();
    await userEvent.click(jump);
    expect(document.activeElement).toBe(terms);
    await userEvent.click(terms);
    await userEvent.click(jump);
    expect(document.activeElement).toBe(screen.getByLabelText(/I have read the privacy policy/));
    await userEvent.click(screen.getByLabelText(/I have read the privacy policy/));
    await userEvent.click(jump);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Place binding order' }));
  });

  it('asks for the agreements a product requires', async () => {
    installOrderApi({ requiredAgreements: ['mca_agreement'] });
    renderOrder('/confirm');
    expect(await screen.findByLabelText(/Microsoft Customer Agreement/)).toBeTruthy();
    expect(screen.queryByLabelText(/end-user licence/)).toBeNull();
  });

  it('keeps the feedback in browser storage 500 ms after the last change', async () => {
    installOrderApi();
    renderOrder('/confirm');
    await userEvent.type(await screen.findByLabelText('Notes on your order'), 'Hi');
    expect(localStorage.getItem(FEEDBACK_KEY)).toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(FEEDBACK_KEY) ?? '{}').comment).toBe('Hi'), { timeout: 2000 });
  });

  it('card: sends the component data, follows the 3-D Secure redirect with the feedback kept', async () => {
    const { seen, keyed } = installOrderApi({
      payment: { type: 'adyen-scheme' },
      routes: { 'POST /adyen/create-payment': () => ({ result_code: 'RedirectShopper', action_json: JSON.stringify({ type: 'redirect', url: 'https://3ds.example/challenge' }), payment: null }) },
    });
    renderOrder('/confirm', { props: { cardPaymentData: () => ({ type: 'scheme', encryptedCardNumber: 'x' }) } });
    await userEvent.type(await screen.findByLabelText('Notes on your order'), 'Card order');
    await acceptTerms();
    await buy();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://3ds.example/challenge'));
    expect(seen.find((r) => r.path === '/adyen/create-payment')?.body).toEqual({ payment_method: { type: 'scheme', encryptedCardNumber: 'x' } });
    expect(keyed.find((k) => k.path === '/adyen/create-payment')?.key).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(FEEDBACK_KEY) ?? '{}')).toMatchObject({ comment: 'Card order', generalbusinessterm: true, privacyterm: true });
    expect(seen.some((r) => r.path === '/orders')).toBe(false);
  });

  it('card: the return with redirectResult restores the feedback, sends the details, then places the order', async () => {
    localStorage.setItem(FEEDBACK_KEY, JSON.stringify({ comment: 'Card order', generalbusinessterm: true, privacyterm: true }));
    const { seen, keyed } = installOrderApi({
      payment: { type: 'adyen-scheme' },
      routes: {
        'POST /adyen/payment-details': () => ({ result_code: 'Authorised', action_json: '', payment: null }),
        'POST /orders': () => ({ order: order() }),
      },
    });
    renderOrder('/confirm?redirectResult=abc%2Bdef%3D');
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
    expect(seen.find((r) => r.path === '/adyen/payment-details')?.body).toEqual({ redirect_result: 'abc+def=' });
    expect(seen.find((r) => r.path === '/orders')?.body).toMatchObject({ comment: 'Card order', generalbusinessterm: true, privacyterm: true });
    expect(keyed.map((k) => k.path)).toEqual(['/adyen/payment-details', '/orders']);
  });

  it('card: without the component data the payment modal opens with payment_data_missing', async () => {
    const { seen } = installOrderApi({ payment: { type: 'adyen-scheme' } });
    renderOrder('/confirm', { props: { PaymentForm: () => <p>payment form</p>, cardPaymentData: () => undefined } });
    await acceptTerms();
    await buy();
    expect(await screen.findByRole('dialog', { name: 'Change payment method' })).toBeTruthy();
    expect(screen.getByText('payment form')).toBeTruthy();
    expect(screen.getByRole('dialog').className).toContain('hc-modal--large');
    expect(await screen.findByText('Payment details are missing. Please choose a payment method.')).toBeTruthy();
    expect(seen.some((r) => r.path === '/adyen/create-payment')).toBe(false);
  });

  it('card: a refused payment says so and opens the payment modal', async () => {
    installOrderApi({ payment: { type: 'adyen-scheme' }, routes: { 'POST /adyen/create-payment': () => ({ result_code: 'Refused', action_json: '', payment: null }) } });
    renderOrder('/confirm', { props: { PaymentForm: () => <p>payment form</p>, cardPaymentData: () => ({ type: 'scheme' }) } });
    await acceptTerms();
    await buy();
    expect(await screen.findByText('The payment was declined. Please check your details and try again.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('card: a cart changed after paying is refused with amount_changed and the payment form opens to pay the new total', async () => {
    const { seen } = installOrderApi({
      payment: { type: 'adyen-scheme' },
      routes: {
        'POST /adyen/create-payment': () => ({ result_code: 'Authorised', action_json: '', payment: null }),
        'POST /orders': () => apiError(422, 'payment.amount_changed'),
      },
    });
    renderOrder('/confirm', { props: { PaymentForm: () => <p>payment form</p>, cardPaymentData: () => ({ type: 'scheme' }) } });
    await acceptTerms();
    await buy();
    expect(await screen.findByText(/Your cart has changed since you paid\. The earlier payment has been cancelled/)).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Change payment method' })).toBeTruthy();
    expect(shownLocation()).toBe('/confirm');
    expect(seen.filter((r) => r.path === '/orders')).toHaveLength(1);
  });

  it('SEPA: a brand without a creditor id refuses the order with payment.sepa_not_configured, shown in words (not the missing-text marker)', async () => {
    installOrderApi({ routes: { 'POST /orders': () => apiError(422, 'payment.sepa_not_configured') } });
    renderOrder('/confirm');
    expect(await screen.findByText('SEPA direct debit')).toBeTruthy();
    await acceptTerms();
    await buy();
    expect(await screen.findByText('SEPA direct debit is not available in this shop at the moment. Please choose another payment method.')).toBeTruthy();
    expect(shownLocation()).toBe('/confirm');
  });

  it('PayPal: creates the subscription and goes to the approve URL', async () => {
    const { seen } = installOrderApi({
      payment: { type: 'paypal-integration' },
      routes: { 'POST /paypal/create-subscription': () => ({ subscription_id: 'I-ABC', status: 'APPROVAL_PENDING', links: [{ href: 'https://paypal.example/approve', rel: 'approve', method: 'GET' }], approve_url: '' }) },
    });
    renderOrder('/confirm');
    await acceptTerms();
    await buy();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://paypal.example/approve'));
    expect(seen.find((r) => r.path === '/paypal/create-subscription')?.body).toEqual({ order_code: 'new' });
  });

  it('PayPal: a missing approve URL is a payment error notification', async () => {
    installOrderApi({ payment: { type: 'paypal-integration' }, routes: { 'POST /paypal/create-subscription': () => ({ subscription_id: 'I-ABC', status: 'APPROVAL_PENDING', links: [], approve_url: '' }) } });
    const { store } = renderOrder('/confirm');
    await acceptTerms();
    await buy();
    await waitFor(() => expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ type: 'error', title: 'payment.error_title', message: 'error.something_went_wrong' })]));
    expect(redirect).not.toHaveBeenCalled();
  });

  it('PayPal: the return with subscription_id confirms the subscription and places the order', async () => {
    localStorage.setItem(FEEDBACK_KEY, JSON.stringify({ generalbusinessterm: true, privacyterm: true }));
    const { seen } = installOrderApi({
      payment: { type: 'paypal-integration' },
      routes: { 'POST /paypal/confirm-subscription': () => ({ payment: null }), 'POST /orders': () => ({ order: order() }) },
    });
    renderOrder('/confirm?subscription_id=I-ABC123');
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
    expect(seen.find((r) => r.path === '/paypal/confirm-subscription')?.body).toEqual({ subscription_id: 'I-ABC123' });
    const paths = seen.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(paths).toEqual(['/paypal/confirm-subscription', '/orders']);
  });

  it('hides the feedback and the payment edit for an existing customer and sends the terms as accepted', async () => {
    const { seen } = installOrderApi({ customer: customer({ customer_no: '200001' }), payment: null, routes: { 'POST /orders': () => ({ order: order() }) } });
    renderOrder('/confirm');
    expect(await screen.findByRole('heading', { name: 'Review and order' })).toBeTruthy();
    expect(screen.queryByLabelText('Notes on your order')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change payment method' })).toBeNull();
    await buy();
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
    expect(seen.find((r) => r.path === '/orders')?.body).toMatchObject({ generalbusinessterm: true, privacyterm: true });
  });

  it('guards: an empty cart, or no payment for a new customer, goes to /', async () => {
    installOrderApi({ cartItems: 0 });
    const first = renderOrder('/confirm');
    await waitFor(() => expect(shownLocation()).toBe('/'));
    first.unmount();
    installOrderApi({ payment: null });
    renderOrder('/confirm');
    await waitFor(() => expect(shownLocation()).toBe('/'));
  });

  it('is translated', async () => {
    installOrderApi();
    renderOrder('/confirm', { locale: 'de-DE' });
    expect(await screen.findByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeTruthy();
    await act(async () => undefined);
  });
});
