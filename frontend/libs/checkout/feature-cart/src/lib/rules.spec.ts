import { footnotePeriods } from './footnote';
import { loginOffered } from '@hostcart/shared-data-access-api';
import { checkoutTarget, firstCheckoutBlock } from './checkout-gate';
import { manualCodes } from './priced-lines';
import { noticeDays } from '@hostcart/shared-util-pricing';
import { noticeLabel } from './terms';
import { yearsOnMarket } from './trust-box';
import { brand, domain, item, line, pricedCart, promotion } from './test-utils';

describe('notice periods in words (issue 23: not "quarterly")', () => {
  it('words notice periods in months from 28 days, else days, and none for 0', () => {
    expect(noticeLabel(0)).toBeNull();
    expect(noticeLabel(14)).toEqual({ key: 'cart_page.contract.days', params: { count: 14 } });
    expect(noticeLabel(28)).toEqual({ key: 'cart_page.contract.months', params: { count: 1 } });
    expect(noticeLabel(30)).toEqual({ key: 'cart_page.contract.months', params: { count: 1 } });
    expect(noticeLabel(90)).toEqual({ key: 'cart_page.contract.months', params: { count: 3 } });
    expect(noticeLabel(100)).toEqual({ key: 'cart_page.contract.months', params: { count: 3 } });
  });

  it('holds a consumer to at most one month, a business to the catalog notice (the confirm page rule)', () => {
    expect(noticeDays(90, true)).toBe(30);
    expect(noticeDays(14, true)).toBe(14);
    expect(noticeDays(90, false)).toBe(90);
  });
});

describe('footnotePeriods', () => {
  it('lists distinct terms, billing periods and notice periods sorted, without one-time lines', () => {
    const priced = pricedCart(
      [
        item('a', line(1, 'A', { maturity_months: 24, cancelation_period: 90 }), {
          addons: [
            line(2, 'B', { maturity_months: 0, interval_months: 0, cancelation_period: 0 }),
            line(3, 'C', { maturity_months: 1, interval_months: 1, cancelation_period: 30 }),
            line(6, 'F', { maturity_months: 12, interval_months: 0 }),
          ],
        }),
        item('b', line(4, 'D', { maturity_months: 12, cancelation_period: 90 }), { upsells: [line(5, 'E', { maturity_months: 24, cancelation_period: 28 })] }),
      ],
      true,
    );
    // A business: the catalog's notice periods, one per worded period (28 and 30 days are both "1 month").
    expect(footnotePeriods(priced, false)).toEqual({ maturities: [1, 12, 24], billing: [1, 12], cancellations: [28, 90] });
    // A consumer: at most one month.
    expect(footnotePeriods(priced, true)).toEqual({ maturities: [1, 12, 24], billing: [1, 12], cancellations: [28] });
  });
});

describe('firstCheckoutBlock', () => {
  it('puts a missing domain before missing fields of an earlier item', () => {
    const priced = pricedCart(
      [item('a', line(1, 'A', { missing_field_ids: [3] })), item('b', line(2, 'B'), { missing_domain: true })],
      true,
    );
    expect(firstCheckoutBlock(priced)).toEqual({ kind: 'domain', rowId: 'b', productName: 'B', lookup: '/domains/lookup?id=b' });
  });

  it('leads each kind of line to its additional-fields view', () => {
    const product = pricedCart([item('a', line(1, 'A', { missing_field_ids: [3] }))], true);
    expect(firstCheckoutBlock(product)).toMatchObject({ kind: 'fields', itemName: 'A', fieldsPath: '/additional-product-fields?id=1&rowId=a' });
    const addon = pricedCart([item('a', line(1, 'A'), { addons: [line(9, 'X', { missing_field_ids: [4] })] })], true);
    expect(firstCheckoutBlock(addon)).toMatchObject({ itemName: 'X', fieldsPath: '/additional-addon-fields?id=a&addonId=9' });
    const dom = pricedCart([item('a', line(1, 'A'), { domains: [domain('shop.eu', { missing_field_ids: [1] })] })], true);
    expect(firstCheckoutBlock(dom)).toMatchObject({ itemName: 'shop.eu', fieldsPath: '/domains/additional-domain-fields?id=a&d=shop.eu' });
    expect(firstCheckoutBlock(pricedCart([item('a', line(1, 'A'))], true))).toBeNull();
  });
});

describe('checkout target (spec §4 "Checkout flow")', () => {
  it('offers login only with an oauth authority and allow_crm', () => {
    expect(loginOffered(brand('hostwerk'))).toBe(true);
    expect(loginOffered(brand('alpenhost'))).toBe(false);
    const crmWithoutAuthority = brand('hostwerk');
    delete crmWithoutAuthority.properties['oauth_authority_url'];
    expect(loginOffered(crmWithoutAuthority)).toBe(false);
    expect(checkoutTarget(brand('hostwerk'))).toBe('/customer/login-or-register');
    expect(checkoutTarget(brand('alpenhost'))).toBe('/customer/basic-info');
  });

  it('takes an existing customer to the logout view', () => {
    const existing = { customer_no: '100001', basic_info: null, address: null, validated: true, vat_id_check: null, panel: null, brand_id: 1 };
    expect(checkoutTarget(brand('hostwerk'), existing)).toBe('/customer/logout');
    expect(checkoutTarget(brand('alpenhost'), existing)).toBe('/customer/logout');
    expect(checkoutTarget(brand('hostwerk'), { ...existing, customer_no: '' })).toBe('/customer/login-or-register');
  });
});

describe('yearsOnMarket', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('counts years only when the copyright year lies before the current one', () => {
    expect(yearsOnMarket('2009', now)).toBe(17);
    expect(yearsOnMarket('2026', now)).toBeNull();
    expect(yearsOnMarket('', now)).toBeNull();
    expect(yearsOnMarket(undefined, now)).toBeNull();
  });
});

describe('manualCodes', () => {
  it('lists the cart codes that are not automatic promotions, once each', () => {
    const priced = pricedCart(
      [
        item('a', line(1, 'A', { promotion: promotion({ code: 'AUTO' }) }), {
          addons: [line(2, 'B', { promotion: promotion({ code: 'MINE' }) })],
          domains: [domain('x.de', { promotion: promotion({ code: 'MINE' }) }), domain('y.de', { promotion: promotion({ code: 'DOM' }) })],
        }),
      ],
      true,
    );
    expect(manualCodes(priced, new Set(['AUTO']))).toEqual(['DOM', 'MINE']);
  });
});
