import { useId } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { resetReporting, setReporter } from '@hostcart/shared-util-reporting';
import {
  CARD_NUMBER_MAX,
  CARD_NUMBER_MIN,
  cardNumberError,
  createSandboxCard,
  cvcError,
  expiryError,
  holderError,
  luhnValid,
  sandboxPaymentMethod,
} from './sandbox-card';

/** A Luhn-valid number of `length` digits: 4, zeros, and the check digit. */
function luhnNumber(length: number): string {
  const body = '4'.padEnd(length - 1, '0');
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

describe('sandbox card validation at its limits', () => {
  it('checks the card number: digits and spaces, 12 to 19 digits, Luhn', () => {
    expect(cardNumberError('')).toBe('payment_card.number_required');
    expect(cardNumberError('   ')).toBe('payment_card.number_required');
    expect(cardNumberError('4111111111111111')).toBeNull();
    expect(cardNumberError('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberError(' 4000 0000 0000 3220 ')).toBeNull();
    // One digit off fails the Luhn check.
    expect(cardNumberError('4111 1111 1111 1112')).toBe('payment_card.number_invalid');
    expect(cardNumberError('4111-1111-1111-1111')).toBe('payment_card.number_invalid');
    expect(cardNumberError('4111 1111 1111 111a')).toBe('payment_card.number_invalid');
    expect(cardNumberError(luhnNumber(CARD_NUMBER_MIN - 1))).toBe('payment_card.number_invalid');
    expect(cardNumberError(luhnNumber(CARD_NUMBER_MIN))).toBeNull();
    expect(cardNumberError(luhnNumber(CARD_NUMBER_MAX))).toBeNull();
    expect(cardNumberError(luhnNumber(CARD_NUMBER_MAX + 1))).toBe('payment_card.number_invalid');
  });

  it('checks the expiry: MM/YY, month 01 to 12, not before the current month', () => {
    const now = new Date(2026, 10, 25); // November 2026
    expect(expiryError('', now)).toBe('payment_card.expiry_required');
    expect(expiryError('11/26', now)).toBeNull();
    expect(expiryError(' 11 / 26 ', now)).toBeNull();
    expect(expiryError('10/26', now)).toBe('payment_card.expiry_past');
    expect(expiryError('12/25', now)).toBe('payment_card.expiry_past');
    expect(expiryError('12/26', now)).toBeNull();
    expect(expiryError('01/27', now)).toBeNull();
    expect(expiryError('00/27', now)).toBe('payment_card.expiry_invalid');
    expect(expiryError('13/27', now)).toBe('payment_card.expiry_invalid');
    expect(expiryError('1/27', now)).toBe('payment_card.expiry_invalid');
    expect(expiryError('01/2027', now)).toBe('payment_card.expiry_invalid');
    expect(expiryError('0127', now)).toBe('payment_card.expiry_invalid');
  });

  it('checks the CVC (3 or 4 digits) and the holder', () => {
    expect(cvcError('')).toBe('payment_card.cvc_required');
    expect(cvcError('73')).toBe('payment_card.cvc_invalid');
    expect(cvcError('737')).toBeNull();
    expect(cvcError('7373')).toBeNull();
    expect(cvcError('73737')).toBe('payment_card.cvc_invalid');
    expect(cvcError('7a7')).toBe('payment_card.cvc_invalid');
    expect(holderError('  ')).toBe('payment_card.holder_required');
    expect(holderError('A')).toBeNull();
  });

  it("builds the sandbox provider's paymentMethod from valid values only", () => {
    const now = new Date(2026, 10, 25);
    const values = { number: '4111 1111 1111 1111', expiry: '03/30', cvc: '737', holder: ' Erika Musterfrau ' };
    expect(sandboxPaymentMethod('scheme', values, now)).toEqual({
      type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2030', cvc: '737', holderName: 'Erika Musterfrau',
    });
    expect(sandboxPaymentMethod('scheme', { ...values, cvc: '7' }, now)).toBeNull();
  });
});

describe('sandbox card component', () => {
  it('mounts into its container, shows errors at the fields and reports valid data', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const onChange = jest.fn();
    const card = createSandboxCard({
      clientKey: '', environment: 'sandbox', method: { type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] },
      amountCents: 3206, currency: 'EUR', i18n: createI18n('en-GB'), onChange,
    });
    act(() => card.mount(container));
    const number = await screen.findByLabelText(/Card number/);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(false, null));

    await userEvent.type(number, '4111 1111 1111 1112');
    await userEvent.tab();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const errorId = number.getAttribute('aria-describedby') as string;
    expect(document.getElementById(errorId)?.textContent).toBe('Please enter a valid card number.');

    await userEvent.clear(number);
    await userEvent.type(number, '4111 1111 1111 1111');
    await userEvent.type(screen.getByLabelText(/Expiry date/), '01/20');
    await userEvent.tab();
    expect(await screen.findByText('This card has expired.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Expiry date/));
    await userEvent.type(screen.getByLabelText(/Expiry date/), '03/40');
    await userEvent.type(screen.getByLabelText(/Security code/), '737');
    expect(onChange).not.toHaveBeenCalledWith(true, expect.anything());
    await userEvent.type(screen.getByLabelText(/Name on card/), 'Erika Musterfrau');
    expect(number.getAttribute('aria-invalid')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(true, {
      type: 'scheme', number: '4111111111111111', expiryMonth: '03', expiryYear: '2040', cvc: '737', holderName: 'Erika Musterfrau',
    });

    // Emptying a field takes the verdict back.
    await userEvent.clear(screen.getByLabelText(/Security code/));
    expect(onChange).toHaveBeenLastCalledWith(false, null);

    act(() => card.unmount());
    expect(container.innerHTML).toBe('');
    container.remove();
  });

  it("keeps its ids apart from the page's: its own React root starts useId over (the confirm page's modal)", async () => {
    // The page's root has used useId (the confirm page's payment modal names itself with one).
    function PageTitle() {
      const a = useId();
      const b = useId();
      const c = useId();
      return (
        <section aria-labelledby={c}>
          <h2 id={a}>first</h2>
          <h2 id={b}>second</h2>
          <h2 id={c}>Change payment method</h2>
        </section>
      );
    }
    const page = render(<PageTitle />);
    const container = document.createElement('div');
    document.body.appendChild(container);
    const card = createSandboxCard({
      clientKey: '', environment: 'sandbox', method: { type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] },
      amountCents: 3206, currency: 'EUR', i18n: createI18n('en-GB'), onChange: jest.fn(),
    });
    act(() => card.mount(container));
    await screen.findByLabelText(/Card number/);
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const [label, name] of [[/Card number/, 'number'], [/Expiry date/, 'expiry'], [/Security code/, 'cvc'], [/Name on card/, 'holder']] as const) {
      expect(screen.getByLabelText(label).getAttribute('name')).toBe(name);
    }
    act(() => card.unmount());
    container.remove();
    page.unmount();
  });

  it("reports an error in its own root through the shell's reporter (the root's error callbacks)", async () => {
    const reports: Array<Record<string, unknown> | undefined> = [];
    setReporter({ captureException: (_e, c) => reports.push(c), captureMessage: () => undefined, setRoute: () => undefined });
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.appendChild(container);
    const card = createSandboxCard({
      clientKey: '', environment: 'sandbox', method: { type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] },
      amountCents: 3206, currency: 'EUR', i18n: createI18n('en-GB'),
      onChange: () => {
        throw new Error('onChange failed');
      },
    });
    // Inside act React would throw the error to the spec instead: mounted as in the browser.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      card.mount(container);
      await waitFor(() => expect(reports).toHaveLength(1));
      expect(reports[0]).toMatchObject({ react: 'uncaught' });
      expect(reports[0]?.['componentStack']).toContain('SandboxCardForm');
      card.unmount();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
      container.remove();
      errorLog.mockRestore();
      resetReporting();
    }
  });
});
