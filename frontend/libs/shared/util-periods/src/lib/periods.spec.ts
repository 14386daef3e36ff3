import { activeIntervals, chosenPeriod, isAddonAvailable, orderableMaturities, type AddonLink, type PeriodMaturity, type PeriodProduct } from './periods';

const maturity = (id: number, months: number, intervals: [id: number, months: number, active?: boolean, isDefault?: boolean][], extra: Partial<PeriodMaturity> = {}): PeriodMaturity => ({
  id,
  months,
  is_active: true,
  payment_intervals: intervals.map(([iid, im, active = true, isDefault = false]) => ({ id: iid, months: im, is_active: active, is_default: isDefault })),
  ...extra,
});

const link = (...rules: string[]): AddonLink => ({
  addon_id: 9,
  is_recommended: false,
  recommended_addon_order: 0,
  is_promoted: false,
  promoted_addon_order: 0,
  groups: [{ id: 1, rules: rules.map((type) => ({ type })) }],
});

describe('period rules (spec §4)', () => {
  const product: PeriodProduct = {
    payment_maturities: [
      maturity(1, 12, [[11, 1], [12, 12]]),
      maturity(2, 24, [[21, 12, false]]),
      maturity(3, 36, [[31, 12]], { is_active: false }),
      maturity(4, 6, [[41, 1], [42, 6, true, true]], { is_default: true }),
    ],
  };

  it('offers only active terms with an active interval', () => {
    expect(orderableMaturities(product).map((m) => m.id)).toEqual([1, 4]);
    expect(activeIntervals(maturity(5, 12, [[1, 1, false], [2, 12]])).map((i) => i.id)).toEqual([2]);
  });

  it('falls back to the default term (the cheapest per month, then the flagged one) and interval, as the cart service', () => {
    const priced: PeriodProduct = {
      payment_maturities: [
        maturity(1, 12, [[11, 12]], { price_cents: 500, is_default: true }),
        maturity(2, 24, [[21, 1], [22, 12]], { price_cents: 400 }),
      ],
    };
    // A cheaper term beats the flagged one (spec §4 "the lowest price"); its longest interval.
    expect(chosenPeriod(priced, { maturity_id: 99, interval_id: 0 })).toMatchObject({ maturity: { id: 2 }, interval: { id: 22 } });
  });

  it('falls back to the flagged term and interval, else the longest interval', () => {
    expect(chosenPeriod(product, { maturity_id: 1, interval_id: 12 })).toMatchObject({ maturity: { id: 1 }, interval: { id: 12 } });
    expect(chosenPeriod(product, { maturity_id: 99, interval_id: 0 })).toMatchObject({ maturity: { id: 4 }, interval: { id: 42 } });
    expect(chosenPeriod(product, { maturity_id: 1, interval_id: 99 })).toMatchObject({ maturity: { id: 1 }, interval: { id: 12 } });
    expect(chosenPeriod({ payment_maturities: [] }, { maturity_id: 1, interval_id: 1 })).toEqual({});
  });

  it('offers an addon whose term and interval months match, unless exempt or invisible', () => {
    const addon: PeriodProduct = { payment_maturities: [maturity(7, 12, [[71, 12]])] };
    expect(isAddonAvailable(link(), addon, { maturity: 12, interval: 12 })).toBe(true);
    expect(isAddonAvailable(link(), addon, { maturity: 24, interval: 12 })).toBe(false);
    expect(isAddonAvailable(link('maturities_need_not_match'), addon, { maturity: 24, interval: 12 })).toBe(true);
    expect(isAddonAvailable(link(), addon, { maturity: 12, interval: 1 })).toBe(false);
    expect(isAddonAvailable(link('intervals_need_not_match'), addon, { maturity: 12, interval: 1 })).toBe(true);
    expect(isAddonAvailable(link(), addon, { maturity: 12, interval: 0 })).toBe(true);
    expect(isAddonAvailable(link('invisible'), addon, { maturity: 12, interval: 12 })).toBe(false);
    expect(isAddonAvailable(link(), undefined, { maturity: 12, interval: 12 })).toBe(false);
    // A promoted addon falls back to its own defaults, so it is offered with any period.
    expect(isAddonAvailable({ ...link(), is_promoted: true }, addon, { maturity: 24, interval: 1 })).toBe(true);
    const oneTime: PeriodProduct = { payment_maturities: [maturity(8, 0, [[81, 0]])] };
    expect(isAddonAvailable(link(), oneTime, { maturity: 24, interval: 3 })).toBe(true);
  });
});
