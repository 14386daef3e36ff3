import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { forgetCardPayment, heldCardPayment, holdCardPayment, useGetSessionPaymentQuery } from '@hostcart/shared-data-access-api';
import { installFetch, json, renderWithApp, shownLocation, type SeenRequest } from '@hostcart/shared-testing';
import { ClockContext, fixedClock, systemClock } from '@hostcart/shared-ui';
import { PaymentPage } from './payment-page';

// The provider's package, mocked: counts its loads; its Card records the props it was made with.
let mockAdyenLoads = 0;
const mockAdyenCards: { props: { onChange: (state: unknown) => void }; mounted: HTMLElement | null }[] = [];
jest.mock('@adyen/adyen-web', () => {
  mockAdyenLoads++;
  return {
    AdyenCheckout: async (config: unknown) => ({ config }),
    Card: class {
      mounted: HTMLElement | null = null;
      props: { onChange: (state: unknown) => void };
      constructor(_checkout: unknown, mockProps: { onChange: (state: unknown) => void }) {
        this.props = mockProps;
        mockAdyenCards.push(this);
      }
      mount(el: HTMLElement) {
        this.mounted = el;
        el.textContent = 'provider card component';
      }
      unmount() {
        this.mounted = null;
      }
    },
  };
});
jest.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));

const TYPES = [
  { slug: 'sepa', name: 'SEPA direct debit', sms_validation_required: true },
  { slug: 'adyen-scheme', name: 'Credit card', sms_validation_required: false },
  { slug: 'paypal', name: 'PayPal', sms_validation_required: false },
  { slug: 'bank-transfer', name: 'Bank transfer', sms_validation_required: true },
];

function cardMethods(environment: string, methods = [{ type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] }]) {
  return { payment_methods: methods, amount_cents: '3206', currency: 'EUR', client_key: environment === 'sandbox' ? '' : 'test_KEY', environment };
}

afterEach(() => forgetCardPayment());

const basic = { group: 1, gender: 0, first_name: 'Max', last_name: 'M', company_name: '', company_vat_id: '', email: 'm@example.com' };
const address = { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' };

function install(
  opts: { validated?: boolean; existing?: boolean; showBank?: boolean; save?: (req: SeenRequest) => unknown; methods?: (req: SeenRequest) => unknown } = {},
) {
  let stored: unknown = null;
  return installFetch((req) => {
    switch (req.path) {
      case '/brands/current':
        return { id: 2, name: 'Alpenhost', slug: 'alpenhost', fqdn: 'x', is_visible: true, locales: [], properties: { display_bank_name_input_field: String(!!opts.showBank), country_code: 'AT', sepa_creditor_name: 'Alpenhost GmbH', sepa_creditor_id: 'AT92ZZZ00000012345', company_address: 'Mariahilfer Straße 99, 1060 Wien, Österreich' } };
      case '/session/cart':
        return { cart: { items: [{ row_id: 'r1', product: { id: 1 }, addons: [], upsells: [], domains: [] }], version: 1 }, notices: [] };
      case '/session/customer':
        return { customer: { customer_no: opts.existing ? '200001' : '', basic_info: basic, address, validated: opts.validated ?? true, vat_id_check: null }, notices: [] };
      case '/payment-types':
        return { payment_types: TYPES };
      case '/adyen/payment-methods':
        return opts.methods ? opts.methods(req) : cardMethods('sandbox');
      case '/session/payment':
        if (req.method === 'PUT') {
          const answer = opts.save ? opts.save(req) : { payment: { ...(req.body as object), iban: 'AT61••••••••••••3201' } };
          if (!(answer instanceof Response)) stored = (answer as { payment: unknown }).payment;
          return answer;
        }
        // A slow server: the refetch after a save is still under way when the next screen shows.
        return stored ? new Promise((ok) => setTimeout(() => ok({ payment: stored }), 100)) : { payment: stored };
    }
    return undefined;
  });
}

/** What /confirm's guard reads: the session's payment as the cache has it on each render there. */
const confirmSaw: (string | null | undefined)[] = [];
function ConfirmProbe() {
  const payment = useGetSessionPaymentQuery();
  confirmSaw.push(payment.isLoading ? undefined : (payment.data?.type ?? null));
  return null;
}

function renderPayment(clock = systemClock) {
  confirmSaw.length = 0;
  return renderWithApp(
    <ClockContext.Provider value={clock}>
      <Routes>
        <Route path="/payment" element={<PaymentPage />} />
        <Route path="/confirm" element={<ConfirmProbe />} />
        <Route path="*" element={null} />
      </Routes>
    </ClockContext.Provider>,
    { path: '/payment' },
  );
}

describe('payment (spec §2 "Payment", §5 "SEPA")', () => {
  it('keeps next disabled until a method is chosen; PayPal and bank transfer need no form', async () => {
    const seen = install();
    renderPayment();
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Bank transfer'));
    expect(next.disabled).toBe(false);
    await userEvent.click(screen.getByLabelText('PayPal'));
    expect(next.disabled).toBe(false);
    expect(screen.queryByRole('textbox')).toBeNull();
    // The card provider is asked only once a card method is chosen.
    expect(seen.some((r) => r.path === '/adyen/payment-methods')).toBe(false);

    holdCardPayment({ type: 'adyen-scheme', paymentMethod: { type: 'scheme', number: '4111111111111111' } });
    await userEvent.click(next);
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(seen.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ type: 'paypal' });
    // The saved option is in the cache at once: confirm's guard never sees the one from before
    // (none here) while the refetch is under way.
    expect(confirmSaw.length).toBeGreaterThan(0);
    expect(confirmSaw).toEqual(confirmSaw.map(() => 'paypal'));
    // Card data of an earlier choice is dropped.
    expect(heldCardPayment()).toBeNull();
  });

  it('shows the sandbox card form, keeps next disabled until it reports valid data, then saves only the type', async () => {
    const seen = install();
    renderPayment();
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    await userEvent.click(screen.getByLabelText('Credit card'));
    const number = await screen.findByLabelText(/Card number/);
    expect(screen.getByText('The amount is usually charged to your card within 24 hours.')).toBeTruthy();
    expect(next.disabled).toBe(true);
    // Spec §7: POST /{card-provider}/payment-methods with the customer's country.
    expect(seen.filter((r) => r.path === '/adyen/payment-methods').map((r) => [r.method, r.body])).toEqual([['POST', { country_code: 'AT' }]]);

    // An invalid number: the error at the field, next stays disabled.
    await userEvent.type(number, '4111 1111 1111 1112');
    await userEvent.type(screen.getByLabelText(/Expiry date/), '03/40');
    await userEvent.type(screen.getByLabelText(/Security code/), '737');
    await userEvent.type(screen.getByLabelText(/Name on card/), 'Erika Musterfrau');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby') as string)?.textContent).toBe('Please enter a valid card number.');
    expect(next.disabled).toBe(true);

    await userEvent.clear(number);
    await userEvent.type(number, '4111 1111 1111 1111');
    await waitFor(() => expect(next.disabled).toBe(false));
    await userEvent.click(next);
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));

    const puts = seen.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ type: 'adyen-scheme' });
    expect(seen.some((r) => JSON.stringify(r.body ?? '').includes('4111'))).toBe(false);
    // The card's data is kept in memory for the confirm step, never in the browser's storage.
    expect(heldCardPayment()).toEqual({
      type: 'adyen-scheme',
      paymentMethod: { type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2040', cvc: '737', holderName: 'Erika Musterfrau' },
    });
    const stored = [sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => s.getItem(k) ?? ''));
    expect(stored.some((v) => v.includes('4111') || v.includes('737'))).toBe(false);
    // The sandbox never loads the provider's package.
    expect(mockAdyenLoads).toBe(0);
  });

  it('shows the loading and error states of the card methods, and a missing card method', async () => {
    // The failed call is reported (console.error in tests); expected here.
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    install({ methods: () => (fail ? json({ error: 'payment.methods_unavailable' }, 503) : cardMethods('sandbox', [])) });
    renderPayment();
    await userEvent.click(await screen.findByLabelText('Credit card'));
    expect(await screen.findByText('Payment methods are currently unavailable.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payment method is available.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(report).toHaveBeenCalledWith('failed call', expect.objectContaining({ url: '/adyen/payment-methods', status: 503 }));
    report.mockRestore();
  });

  it("refuses an unnamed environment rather than guessing the sandbox", async () => {
    install({ methods: () => cardMethods('') });
    renderPayment();
    await userEvent.click(await screen.findByLabelText('Credit card'));
    expect(await screen.findByText('Payment methods are currently unavailable.')).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
  });

  it("loads the provider's component lazily for the test environment; its valid state enables next", async () => {
    const seen = install({ methods: () => cardMethods('test') });
    renderPayment();
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    expect(mockAdyenLoads).toBe(0);
    await userEvent.click(screen.getByLabelText('Credit card'));
    expect(await screen.findByText('provider card component')).toBeTruthy();
    expect(mockAdyenLoads).toBe(1);
    const card = mockAdyenCards.at(-1) as (typeof mockAdyenCards)[number];
    expect(next.disabled).toBe(true);
    const paymentMethod = { type: 'scheme', encryptedCardNumber: 'enc-n', encryptedExpiryMonth: 'enc-m', encryptedExpiryYear: 'enc-y', encryptedSecurityCode: 'enc-c' };
    act(() => card.props.onChange({ isValid: true, data: { paymentMethod } }));
    expect(next.disabled).toBe(false);
    act(() => card.props.onChange({ isValid: false, data: { paymentMethod } }));
    expect(next.disabled).toBe(true);
    act(() => card.props.onChange({ isValid: true, data: { paymentMethod } }));

    // Choosing another method unmounts the component and forgets its verdict.
    await userEvent.click(screen.getByLabelText('SEPA direct debit'));
    await waitFor(() => expect(card.mounted).toBeNull());
    await userEvent.click(screen.getByLabelText('Credit card'));
    await screen.findByText('provider card component');
    expect(next.disabled).toBe(true);
    const again = mockAdyenCards.at(-1) as (typeof mockAdyenCards)[number];
    act(() => again.props.onChange({ isValid: true, data: { paymentMethod } }));
    await userEvent.click(next);
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(seen.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ type: 'adyen-scheme' });
    expect(heldCardPayment()).toEqual({ type: 'adyen-scheme', paymentMethod });
  });

  it("refuses SEPA by §5's rules in the browser, shows the server's IBAN verdict at the field, then saves", async () => {
    let refuse = true;
    const seen = install({
      showBank: true,
      save: (req) => (refuse ? json({ error: 'validation.failed', errors: { iban: ['payment.iban_invalid'] } }, 400) : { payment: { ...req.body, iban: 'AT61••••••••••••3201' } }),
    });
    renderPayment();
    await userEvent.click(await screen.findByLabelText('SEPA direct debit'));
    // The holder starts as the customer's name.
    expect((screen.getByLabelText(/Account holder/) as HTMLInputElement).value).toBe('Max M');
    await userEvent.clear(screen.getByLabelText(/Account holder/));
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
    await userEvent.type(screen.getByLabelText(/^Bank( \*)?$/), 'Bank Austria');
    await userEvent.click(screen.getByLabelText(/direct debit mandate/));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Wrong check digits: refused in the browser as the server refuses them (libs/testvectors/sepa.json).
    expect(await screen.findByText('Please enter a valid IBAN.')).toBeTruthy();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/IBAN/));
    await userEvent.type(screen.getByLabelText(/IBAN/), 'AT61 1904 3002 3457 3201');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Please enter a valid IBAN.')).toBeTruthy();
    expect(shownLocation()).toBe('/payment');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(seen.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      type: 'sepa', holder: 'Anna Berger', iban: 'AT611904300234573201', bic: 'BKAUATWW', bank: 'Bank Austria', permission: true,
    });
  });

  it('says before the choice which types need an SMS code (issue 23)', async () => {
    install();
    renderPayment();
    const sepa = await screen.findByLabelText('SEPA direct debit');
    const hint = 'With this payment method you confirm your order with a code we send by SMS to your mobile phone number.';
    expect(screen.getAllByTestId('payment-sms-hint').map((e) => e.textContent)).toEqual([hint, hint]);
    expect(document.getElementById(sepa.getAttribute('aria-describedby') ?? '')?.textContent).toBe(hint);
    expect(screen.getByLabelText('PayPal').getAttribute('aria-describedby')).toBeNull();
  });

  it("words the SEPA mandate as the rulebook does: the brand's creditor and identifier, recurrent payments, the eight-week refund (issue 23)", async () => {
    install();
    renderPayment();
    await userEvent.click(await screen.findByLabelText('SEPA direct debit'));
    const mandate = screen.getByTestId('sepa-mandate').textContent ?? '';
    expect(mandate).toContain('SEPA direct debit mandate');
    expect(mandate).toContain('I authorise Alpenhost GmbH (creditor identifier AT92ZZZ00000012345) to send instructions to my bank');
    expect(mandate).toContain('This mandate is for recurrent payments.');
    expect(mandate).toContain('A refund must be claimed within eight weeks starting from the date on which my account was debited.');
    expect(mandate).toContain('The mandate reference is assigned once you choose SEPA; you will see it on the order summary before you order and in the order confirmation.');
  });

  it('names creditor and debtor with their addresses, place and date, and agrees the shorter pre-notification (SEPA rulebook, CHECKOUT-LAW.md)', async () => {
    install();
    renderPayment(fixedClock(new Date(2026, 10, 27, 12, 0)));
    await userEvent.click(await screen.findByLabelText('SEPA direct debit'));
    expect(screen.getByTestId('sepa-mandate-creditor').textContent).toBe('Creditor: Alpenhost GmbH, Mariahilfer Straße 99, 1060 Wien, Österreich, creditor identifier AT92ZZZ00000012345');
    // The holder is prefilled from the customer and follows what is typed.
    expect(screen.getByTestId('sepa-mandate-debtor').textContent).toBe('Account holder (debtor): Max M, Ring 1, 1010 Wien, Austria');
    await userEvent.clear(screen.getByLabelText(/Account holder/));
    await userEvent.type(screen.getByLabelText(/Account holder/), 'Maria M');
    expect(screen.getByTestId('sepa-mandate-debtor').textContent).toBe('Account holder (debtor): Maria M, Ring 1, 1010 Wien, Austria');
    expect(screen.getByTestId('sepa-mandate-place-date').textContent).toBe('Place, date: Wien, 27/11/2026');
    expect(screen.getByTestId('sepa-mandate').textContent).toContain(
      'I agree that, instead of 14 days, I will be told the amount and due date of each direct debit (pre-notification) at least two calendar days before my account is debited',
    );
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
