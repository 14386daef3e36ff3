import { freshestItem, needsUpsellFields, upsellOffers } from './upsell-offer';
import { hostItem, product, requiredField, shop, upsell, upsellLink } from './test-utils';

const ids = (offers: ReturnType<typeof upsellOffers>) => offers.map((o) => o.link.upsell_id);

describe('upsellOffers', () => {
  const [host, ...lines] = shop();

  it('offers one upsell: the one asked for, else the first', () => {
    expect(ids(upsellOffers(host, hostItem(), lines))).toEqual([1301]);
    expect(ids(upsellOffers(host, hostItem(), lines, { upsellProductId: 1302 }))).toEqual([1302]);
    expect(ids(upsellOffers(host, hostItem(), lines, { upsellProductId: 999 }))).toEqual([1301]);
  });

  it('walks all upsells from the one asked for with browseAll', () => {
    expect(ids(upsellOffers(host, hostItem(), lines, { browseAll: true }))).toEqual([1301, 1302]);
    expect(ids(upsellOffers(host, hostItem(), lines, { browseAll: true, upsellProductId: 1302 }))).toEqual([1302]);
  });

  it('leaves out upsells missing from the catalog or without a term of the item\'s months', () => {
    const monthly = upsell(1302, 'Backup Plus', {
      payment_maturities: [{ ...product(0, '').payment_maturities[0], id: 5, months: 1, payment_intervals: [{ id: 50, months: 1, interval_vat: 19, is_active: true, is_default: true }] }],
    });
    expect(ids(upsellOffers(host, hostItem(), [lines[0], monthly], { browseAll: true }))).toEqual([1301]);
    expect(ids(upsellOffers(host, hostItem(), [], { browseAll: true }))).toEqual([]);
    const noUpsells = product(1001, 'Web hosting M', { upsells: [] });
    expect(upsellOffers(noUpsells, hostItem(), lines)).toEqual([]);
    expect(upsellLink(1, 'x').upsell_id).toBe(1);
  });
});

describe('needsUpsellFields', () => {
  it('needs a required field of the main flow', () => {
    expect(needsUpsellFields({ additional_fields: [requiredField(1, 'A')] })).toBe(true);
    expect(needsUpsellFields({ additional_fields: [{ ...requiredField(1, 'A'), is_postponed: true }] })).toBe(false);
    expect(needsUpsellFields({ additional_fields: [{ ...requiredField(1, 'A'), validation_rules: 'string|max:5' }] })).toBe(false);
    expect(needsUpsellFields({ additional_fields: [] })).toBe(false);
  });
});

describe('freshestItem', () => {
  const older = hostItem();
  const newer = hostItem({ upsells: [{ id: 1301, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: [] }] });

  it('takes the cart a mutation answered until the query catches up', () => {
    expect(freshestItem('r1', older, 1, { items: [newer], version: 2 })).toBe(newer);
    expect(freshestItem('r1', newer, 2, { items: [older], version: 2 })).toBe(newer);
    expect(freshestItem('r1', older, 1, undefined)).toBe(older);
    expect(freshestItem('r1', older, 3, { items: [newer], version: 2 })).toBe(older);
  });
});
