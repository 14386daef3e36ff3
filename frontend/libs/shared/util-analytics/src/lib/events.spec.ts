import {
  addToCart,
  beginCheckout,
  checkoutPageView,
  euros,
  purchase,
  removeFromCart,
  viewCart,
  viewItemList,
  type AnalyticsLine,
} from './events';

const hosting: AnalyticsLine = { kind: 'product', id: 7, name: 'Webhosting M', priceCents: 999, variant: '12 months', category: 'Webhosting' };
const ssl: AnalyticsLine = { kind: 'addon', id: 101, name: 'SSL', priceCents: 250 };
const backup: AnalyticsLine = { kind: 'upsell', id: 201, name: 'Backup Plus', priceCents: 199, coupon: 'WELCOME10', discountCents: 20 };
const domain: AnalyticsLine = { kind: 'domain', id: 'example.de', name: 'example.de', priceCents: 1190, quantity: 2 };

describe('euros', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [999, 9.99],
    [1190, 11.9],
    [-250, -2.5],
    [123456789, 1234567.89],
  ])('%i cents are %d euros', (cents, value) => {
    expect(euros(cents)).toBe(value);
  });
});

describe('add_to_cart / remove_from_cart', () => {
  it('describes a product in the GA4 ecommerce shape', () => {
    expect(addToCart([hosting])).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'EUR',
        value: 9.99,
        items: [
          { item_id: '7', item_name: 'Webhosting M', item_category: 'product', item_category2: 'Webhosting', item_variant: '12 months', price: 9.99, quantity: 1 },
        ],
      },
    });
  });

  it.each([
    [ssl, 'addon'],
    [backup, 'upsell'],
    [domain, 'domain'],
  ] as const)('tells %s lines apart by item_category', (line, kind) => {
    expect(removeFromCart([line]).ecommerce.items[0].item_category).toBe(kind);
  });

  it('carries coupon and discount of a line', () => {
    expect(addToCart([backup]).ecommerce.items[0]).toEqual({
      item_id: '201',
      item_name: 'Backup Plus',
      item_category: 'upsell',
      price: 1.99,
      quantity: 1,
      coupon: 'WELCOME10',
      discount: 0.2,
    });
  });

  it('values several lines at their amounts times quantity, or as told', () => {
    const removed = removeFromCart([hosting, ssl, domain]);
    expect(removed.event).toBe('remove_from_cart');
    expect(removed.ecommerce.value).toBe(36.29); // 9.99 + 2.50 + 2 × 11.90
    expect(removed.ecommerce.items.map((i) => i.quantity)).toEqual([1, 1, 2]);
    expect(addToCart([hosting], 0).ecommerce.value).toBe(0);
  });

  it('adds the cents before converting, so float sums do not drift', () => {
    const lines = [10, 20].map((c) => ({ ...ssl, priceCents: c }));
    expect(addToCart(lines).ecommerce.value).toBe(0.3);
  });
});

describe('view_item_list', () => {
  it('lists the category products with their position', () => {
    const event = viewItemList({ id: 'webhosting', name: 'Webhosting' }, [hosting, { ...hosting, id: 8, name: 'Webhosting L', priceCents: 1499 }]);
    expect(event.event).toBe('view_item_list');
    expect(event.ecommerce).toMatchObject({ currency: 'EUR', item_list_id: 'webhosting', item_list_name: 'Webhosting' });
    expect(event.ecommerce.value).toBeUndefined();
    expect(event.ecommerce.items.map((i) => [i.item_id, i.index, i.price, i.item_list_id])).toEqual([
      ['7', 0, 9.99, 'webhosting'],
      ['8', 1, 14.99, 'webhosting'],
    ]);
  });
});

describe('view_cart / begin_checkout / purchase', () => {
  const lines = [hosting, ssl, backup];

  it('values the cart at the total the API gives, not at the sum of the rows', () => {
    expect(viewCart(lines, 14388).ecommerce).toMatchObject({ currency: 'EUR', value: 143.88 });
    expect(viewCart(lines, 14388).ecommerce.items).toHaveLength(3);
  });

  it('begin_checkout carries the cart coupon when there is one', () => {
    expect(beginCheckout(lines, 14388, 'WELCOME10')).toMatchObject({ event: 'begin_checkout', ecommerce: { value: 143.88, coupon: 'WELCOME10' } });
    expect(beginCheckout(lines, 14388).ecommerce).not.toHaveProperty('coupon');
  });

  it('purchase carries transaction id, value and tax', () => {
    const event = purchase({ transactionId: 'HW-2026-0042', totalCents: 17122, taxCents: 2734 }, lines);
    expect(event).toMatchObject({
      event: 'purchase',
      ecommerce: { currency: 'EUR', transaction_id: 'HW-2026-0042', value: 171.22, tax: 27.34 },
    });
    expect(event.ecommerce).not.toHaveProperty('coupon');
    expect(purchase({ transactionId: 'x', totalCents: 0, taxCents: 0, coupon: 'SPRING' }, []).ecommerce).toMatchObject({ coupon: 'SPRING', items: [] });
  });
});

describe('checkout page views', () => {
  it.each([
    ['address', 2],
    ['confirm', 4],
  ] as const)('%s is checkout step %i', (page, step) => {
    expect(checkoutPageView(page)).toEqual({ event: 'checkout_page_view', checkout_page: page, checkout_step: step });
  });
});
