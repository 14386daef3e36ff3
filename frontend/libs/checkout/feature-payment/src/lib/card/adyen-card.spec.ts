import { createI18n } from '@hostcart/shared-i18n/testing';
import { createCardComponent, type CardComponentOptions } from './card-component';

// The provider's package, mocked: counts its loads and records the Card it made.
let mockLoads = 0;
const mockCheckout = jest.fn();
const mockCards: { props: Record<string, unknown>; mount: jest.Mock; unmount: jest.Mock }[] = [];
jest.mock('@adyen/adyen-web', () => {
  mockLoads++;
  return {
    AdyenCheckout: async (config: unknown) => {
      mockCheckout(config);
      return { config };
    },
    Card: class {
      props: Record<string, unknown>;
      mount = jest.fn();
      unmount = jest.fn();
      constructor(_checkout: unknown, props: Record<string, unknown>) {
        this.props = props;
        mockCards.push(this);
      }
    },
  };
});
jest.mock('@adyen/adyen-web/styles/adyen.css', () => ({}));

function options(environment: string, onChange = jest.fn()): CardComponentOptions {
  return {
    clientKey: 'test_ABC', environment, method: { type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] },
    amountCents: 3206, currency: 'EUR', countryCode: 'DE', i18n: createI18n('de-DE'), onChange,
  };
}

describe('card component by environment', () => {
  it('uses the sandbox form for "sandbox" without loading the provider', async () => {
    const card = await createCardComponent(options('sandbox'));
    expect(typeof card.mount).toBe('function');
    expect(mockLoads).toBe(0);
  });

  it('refuses an unknown or empty environment rather than guessing', async () => {
    await expect(createCardComponent(options(''))).rejects.toThrow(/unknown environment/);
    await expect(createCardComponent(options('prod'))).rejects.toThrow(/unknown environment/);
    expect(mockLoads).toBe(0);
  });

  it('loads @adyen/adyen-web on demand for "test" and wraps its Card', async () => {
    const onChange = jest.fn();
    const card = await createCardComponent(options('test', onChange));
    expect(mockLoads).toBe(1);
    expect(mockCheckout).toHaveBeenCalledWith(
      expect.objectContaining({
        clientKey: 'test_ABC',
        environment: 'test',
        locale: 'de-DE',
        countryCode: 'DE',
        amount: { value: 3206, currency: 'EUR' },
        paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Credit card', brands: ['visa', 'mc'] }] },
        showPayButton: false,
      }),
    );
    const adyen = mockCards[0];
    expect(adyen.props).toEqual(expect.objectContaining({ brands: ['visa', 'mc'], hasHolderName: true, holderNameRequired: true }));

    const container = document.createElement('div');
    card.mount(container);
    expect(adyen.mount).toHaveBeenCalledWith(container);

    const onAdyenChange = adyen.props['onChange'] as (state: unknown) => void;
    onAdyenChange({ isValid: false, data: { paymentMethod: { type: 'scheme', encryptedCardNumber: '' } } });
    expect(onChange).toHaveBeenLastCalledWith(false, null);
    const paymentMethod = { type: 'scheme', encryptedCardNumber: 'eyJ…', encryptedExpiryMonth: 'x', encryptedExpiryYear: 'y', encryptedSecurityCode: 'z', holderName: 'Erika' };
    onAdyenChange({ isValid: true, data: { paymentMethod } });
    expect(onChange).toHaveBeenLastCalledWith(true, paymentMethod);

    card.unmount();
    card.unmount();
    expect(adyen.unmount).toHaveBeenCalledTimes(1);
  });

  it('starts the live component with the live environment', async () => {
    await createCardComponent(options('live'));
    expect(mockCheckout).toHaveBeenLastCalledWith(expect.objectContaining({ environment: 'live' }));
  });
});
