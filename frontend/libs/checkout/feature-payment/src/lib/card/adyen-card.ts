// The production card component: @adyen/adyen-web's Card, started with the client key and
// environment the server names. This module is reached only through createCardComponent's dynamic
// import(), and it imports the provider's package (and its styles) dynamically again, so neither is
// part of the initial bundle.
import type { CardPaymentMethodData } from '@hostcart/shared-data-access-api';
import type { CardComponent, CardComponentOptions } from './card-component';

type AdyenEnvironment = 'test' | 'live' | 'live-us' | 'live-au' | 'live-apse' | 'live-in' | 'live-nea';

export async function createAdyenCard(options: CardComponentOptions): Promise<CardComponent> {
  const [{ AdyenCheckout, Card }] = await Promise.all([import('@adyen/adyen-web'), import('@adyen/adyen-web/styles/adyen.css')]);
  const method = options.method;
  const checkout = await AdyenCheckout({
    clientKey: options.clientKey,
    environment: options.environment as AdyenEnvironment,
    locale: options.i18n.language,
    countryCode: options.countryCode,
    amount: { value: options.amountCents, currency: options.currency },
    paymentMethodsResponse: { paymentMethods: [{ type: method.type, name: method.name, brands: method.brands }] },
    // The shop's own Next button submits; the component only collects the card.
    showPayButton: false,
  });
  const card = new Card(checkout, {
    brands: method.brands.length > 0 ? method.brands : undefined,
    hasHolderName: true,
    holderNameRequired: true,
    onChange: (state) => {
      const paymentMethod = state.data?.paymentMethod as CardPaymentMethodData | undefined;
      const valid = !!state.isValid && !!paymentMethod;
      options.onChange(valid, valid ? { ...paymentMethod } : null);
    },
  });
  let mounted = false;
  return {
    mount(container) {
      card.mount(container);
      mounted = true;
    },
    unmount() {
      if (mounted) card.unmount();
      mounted = false;
    },
  };
}
