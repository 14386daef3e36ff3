import { addToCart, checkoutPageView, viewCart } from './events';
import { track, type DataLayerHost } from './track';

const line = { kind: 'product', id: 1, name: 'Webhosting S', priceCents: 499 } as const;

describe('track', () => {
  afterEach(() => {
    delete (window as unknown as DataLayerHost).dataLayer;
  });

  it('creates window.dataLayer and clears ecommerce before an ecommerce event', () => {
    const event = addToCart([line]);
    track(event);
    expect((window as unknown as DataLayerHost).dataLayer).toEqual([{ ecommerce: null }, event]);
  });

  it('appends to an existing data layer, keeping what others pushed', () => {
    const gtm = { event: 'gtm.js' };
    const host: DataLayerHost = { dataLayer: [gtm] };
    track(viewCart([line], 499), host);
    track(checkoutPageView('address'), host);
    expect(host.dataLayer).toEqual([gtm, { ecommerce: null }, viewCart([line], 499), checkoutPageView('address')]);
  });

  it('does not clear ecommerce for events without one', () => {
    const host: DataLayerHost = {};
    track(checkoutPageView('confirm'), host);
    expect(host.dataLayer).toEqual([{ event: 'checkout_page_view', checkout_page: 'confirm', checkout_step: 4 }]);
  });

  it('does nothing without a host', () => {
    expect(() => track(addToCart([line]), null)).not.toThrow();
    expect((window as unknown as DataLayerHost).dataLayer).toBeUndefined();
  });
});
