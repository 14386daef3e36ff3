import {
  cardMethodType,
  forgetCardPayment,
  heldCardPayment,
  holdCardPayment,
  isCardProviderType,
  paymentModalSize,
  subscribeHeldCardPayment,
} from './payment';

describe('payment helpers', () => {
  it('sizes the payment modal by the number of types (spec §2: large with more than 2)', () => {
    expect(paymentModalSize([])).toBe('medium');
    expect(paymentModalSize(['sepa'])).toBe('medium');
    expect(paymentModalSize(['sepa', 'paypal'])).toBe('medium');
    expect(paymentModalSize(['sepa', 'paypal', 'adyen-scheme'])).toBe('large');
    expect(paymentModalSize(['sepa', 'paypal', 'adyen-scheme', 'bank-transfer'])).toBe('large');
    expect(paymentModalSize(2)).toBe('medium');
    expect(paymentModalSize(3)).toBe('large');
  });

  it("tells the card provider's types and their method type", () => {
    expect(isCardProviderType('adyen-scheme')).toBe(true);
    expect(isCardProviderType('adyen-')).toBe(false);
    expect(isCardProviderType('credit-card')).toBe(false);
    expect(isCardProviderType('paypal')).toBe(false);
    expect(isCardProviderType(undefined)).toBe(false);
    expect(cardMethodType('adyen-scheme')).toBe('scheme');
  });

  it('holds the card data in memory only, as a copy, until forgotten', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeHeldCardPayment(listener);
    const paymentMethod = { type: 'scheme', number: '4111111111111111' };
    holdCardPayment({ type: 'adyen-scheme', paymentMethod });
    paymentMethod.number = 'changed';
    expect(heldCardPayment()).toEqual({ type: 'adyen-scheme', paymentMethod: { type: 'scheme', number: '4111111111111111' } });
    expect(listener).toHaveBeenCalledTimes(1);
    const stored = [sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => s.getItem(k) ?? ''));
    expect(stored.some((v) => v.includes('4111'))).toBe(false);
    forgetCardPayment();
    expect(heldCardPayment()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    holdCardPayment({ type: 'adyen-scheme', paymentMethod });
    expect(listener).toHaveBeenCalledTimes(2);
    forgetCardPayment();
  });
});
