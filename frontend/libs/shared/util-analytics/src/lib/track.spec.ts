import { addToCart, checkoutPageView, purchase, viewCart } from './events';
import { markEnvironment, track, type DataLayerHost } from './track';

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

  it('flags sales outside production as test sales (spec §9), never in production or before the environment is known', () => {
    const sale = purchase({ transactionId: 'HW-1', totalCents: 1190, taxCents: 190 }, [line]);
    const unknown: DataLayerHost = {};
    track(sale, unknown);
    expect(unknown.dataLayer?.at(-1)).toEqual(sale);

    const dev: DataLayerHost = {};
    markEnvironment('dev', dev);
    track(addToCart([line]), dev);
    track(sale, dev);
    expect(dev.dataLayer?.[0]).toEqual({ app_environment: 'dev', test_sale: true });
    expect(dev.dataLayer?.at(-1)).toEqual({ ...sale, test_sale: true });
    expect(dev.dataLayer?.[2]).toEqual(addToCart([line]));

    const prod: DataLayerHost = {};
    markEnvironment('production', prod);
    track(sale, prod);
    expect(prod.dataLayer).toEqual([{ app_environment: 'production', test_sale: false }, { ecommerce: null }, sale]);
  });

  it('does nothing without a host', () => {
    expect(() => track(addToCart([line]), null)).not.toThrow();
    expect((window as unknown as DataLayerHost).dataLayer).toBeUndefined();
  });
});
