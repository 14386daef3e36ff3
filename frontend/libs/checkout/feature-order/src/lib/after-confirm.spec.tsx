import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isSmsCharacter } from './sms-validation-page';
import { ORDER_KEY, PORTAL_RETURN_KEY, dropOauthData } from './storage';
import { address, apiError, brand, customer, installOrderApi, json, order, renderOrder, shownLocation } from './test-utils';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function awaitingSms() {
  sessionStorage.setItem(ORDER_KEY, JSON.stringify({ order_id: '01JORDER', order_code: 'HW-1001', status: 'awaiting_sms', sms_required: true }));
}

const boxes = () => screen.getAllByRole('textbox', { name: /Character \d of 5/ }) as HTMLInputElement[];
const confirmButton = () => screen.getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement;

describe('SMS validation (spec §2, §5 "SMS", §8)', () => {
  it('accepts letters and digits without 0, l, I, O', () => {
    for (const c of 'abcXYZ19kmnpz') expect(isSmsCharacter(c)).toBe(true);
    for (const c of '0lIO-_ .é') expect(isSmsCharacter(c)).toBe(false);
  });

  it('types into the boxes, advances, backspace clears or moves back, enables confirm at five and validates', async () => {
    awaitingSms();
    const { seen } = installOrderApi({
      routes: {
        'GET /orders/01JORDER': () => ({ order: order({ status: 'awaiting_sms', sms_required: true }) }),
        'POST /orders/01JORDER/validate': () => ({ order: order({ sms_required: true, sms_validated: true }) }),
      },
    });
    renderOrder('/sms-validation');
    await screen.findByRole('heading', { name: 'Confirm your order by SMS' });
    expect(screen.queryByLabelText('Mobile phone number')).toBeNull();
    await userEvent.click(boxes()[0]);
    await userEvent.keyboard('A0l');
    expect(boxes().map((b) => b.value)).toEqual(['A', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    await userEvent.keyboard('b3');
    expect(boxes().map((b) => b.value)).toEqual(['A', 'b', '3', '', '']);
    await userEvent.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['A', 'b', '', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    await userEvent.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['A', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    await userEvent.keyboard('x7Q');
    expect(confirmButton().disabled).toBe(true);
    await userEvent.keyboard('z');
    expect(boxes().map((b) => b.value)).toEqual(['A', 'x', '7', 'Q', 'z']);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    await userEvent.click(confirmButton());
    await waitFor(() => expect(shownLocation()).toBe('/success/01JORDER'));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ phoneNo: '', smsCode: 'Ax7Qz', method: 'sms' });
  });

  it('fills all boxes from a pasted code', async () => {
    awaitingSms();
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order({ status: 'awaiting_sms', sms_required: true }) }) } });
    renderOrder('/sms-validation');
    await screen.findByRole('heading', { name: 'Confirm your order by SMS' });
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => ' K3mP9 ' } });
    expect(boxes().map((b) => b.value)).toEqual(['K', '3', 'm', 'P', '9']);
    expect(confirmButton().disabled).toBe(false);
  });

  it('asks for a phone without one; shows the server errors per field joined by line breaks with the general message', async () => {
    awaitingSms();
    installOrderApi({
      customer: customer({ address: { ...address, phone: '' } }),
      routes: {
        'GET /orders/01JORDER': () => ({ order: order({ status: 'awaiting_sms', sms_required: true }) }),
        'POST /orders/01JORDER/validate': () =>
          json({ error: 'validation.failed', errors: { phoneNo: ['customer.phone_invalid'], smsCode: ['order.sms_code_invalid', 'order.sms_code_expired'] } }, 400),
      },
    });
    renderOrder('/sms-validation');
    await userEvent.type(await screen.findByLabelText('Mobile phone number'), '+43 660 1234567');
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => 'K3mP9' } });
    await userEvent.click(confirmButton());
    const codeError = await screen.findByText(/The code is not correct/);
    expect(codeError.closest('p')?.querySelectorAll('br')).toHaveLength(1);
    expect(codeError.closest('p')?.textContent).toContain('The code has expired');
    expect(screen.getByText(/valid phone number/)).toBeTruthy();
    expect(screen.getByText('Please check the highlighted fields.')).toBeTruthy();
  });

  it('resends the code and says so; a failed resend is only logged', async () => {
    awaitingSms();
    let fail = false;
    const { seen } = installOrderApi({
      routes: {
        'GET /orders/01JORDER': () => ({ order: order({ status: 'awaiting_sms', sms_required: true }) }),
        'POST /api/v1/01JORDER/sms': () => (fail ? apiError(429, 'order.sms_rate_limited') : { sent: true, phone_hint: '+43 •• 67' }),
      },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderOrder('/sms-validation');
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code has been sent.')).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/v1/01JORDER/sms')).toBe(true);
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('A new code has been sent.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });

  it('guard: no order awaiting its code goes to /', async () => {
    installOrderApi();
    const first = renderOrder('/sms-validation');
    await waitFor(() => expect(shownLocation()).toBe('/'));
    first.unmount();
    awaitingSms();
    installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order({ status: 'placed' }) }) } });
    renderOrder('/sms-validation');
    await waitFor(() => expect(shownLocation()).toBe('/'));
  });
});

describe('success (spec §2 "Success", §4 success reset)', () => {
  it('shows the order number and the mail note; leaving resets the session', async () => {
    sessionStorage.setItem(ORDER_KEY, JSON.stringify({ order_id: '01JORDER', order_code: 'HW-1001', status: 'placed', sms_required: false }));
    const { seen } = installOrderApi({ routes: { 'GET /orders/01JORDER': () => ({ order: order() }), 'GET /session/cancel': () => ({}) } });
    const view = renderOrder('/success/01JORDER');
    expect((await screen.findByTestId('order-code')).textContent).toBe('HW-1001');
    expect(screen.getByText('You will receive a confirmation by e-mail shortly.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to the cloud portal' })).toBeNull();
    view.unmount();
    await waitFor(() => expect(seen.some((r) => r.path === '/session/cancel')).toBe(true));
    expect(sessionStorage.getItem(ORDER_KEY)).toBeNull();
  });

  it('links back to the cloud portal for a panel user', async () => {
    sessionStorage.setItem(PORTAL_RETURN_KEY, 'true');
    installOrderApi({ brand: brand({ oauth_authority_url: 'https://login.hostwerk.de' }), routes: { 'GET /orders/01JORDER': () => ({ order: order() }) } });
    renderOrder('/success/01JORDER');
    await screen.findByTestId('order-code');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the cloud portal' }).getAttribute('href')).toBe('https://login.hostwerk.de'));
  });

  it('links back to the second authority after a use_cp_2 sign-in', async () => {
    localStorage.setItem('order_type', 'redirect');
    localStorage.setItem('cloud_pit_data', JSON.stringify({ order_type: 'redirect', use_cp_2: true }));
    dropOauthData();
    expect(localStorage.getItem('cloud_pit_data')).toBeNull();
    installOrderApi({
      brand: brand({ oauth_authority_url: 'https://login.hostwerk.de', oauth_authority_url_2: 'https://cloud.hostwerk.de/login' }),
      routes: { 'GET /orders/01JORDER': () => ({ order: order() }) },
    });
    renderOrder('/success/01JORDER');
    await screen.findByTestId('order-code');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the cloud portal' }).getAttribute('href')).toBe('https://cloud.hostwerk.de/login'));
  });

  it('an unknown order is the 404 page', async () => {
    installOrderApi({ routes: { 'GET /orders/nope': () => apiError(404, 'order.not_found'), 'GET /session/cancel': () => ({}) } });
    renderOrder('/success/nope');
    await waitFor(() => expect(shownLocation()).toBe('/404'));
  });
});

describe('cancel PayPal subscription (spec §2)', () => {
  it('cancels the subscription and returns to confirm', async () => {
    const { seen } = installOrderApi({ routes: { 'POST /paypal/cancel-subscription': () => ({ payment: null }) } });
    renderOrder('/cancel-paypal-subscription/new');
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/paypal/cancel-subscription')).toBe(true);
  });
});
