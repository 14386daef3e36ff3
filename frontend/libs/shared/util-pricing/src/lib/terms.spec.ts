import { intervalLabel, maturityLabel } from './terms';
import { maturityDisplayCents } from './catalog-price';

describe('maturityLabel', () => {
  it.each([
    [1, 'terms.maturity.1'],
    [2, 'terms.maturity.2'],
    [3, 'terms.maturity.3'],
    [4, 'terms.maturity.4'],
    [6, 'terms.maturity.6'],
    [12, 'terms.maturity.12'],
    [24, 'terms.maturity.24'],
    [0, 'terms.maturity.0'],
  ])('names %i months', (months, key) => expect(maturityLabel(months)).toEqual({ key }));

  it('counts other terms', () => expect(maturityLabel(36)).toEqual({ key: 'terms.maturity.n', params: { count: 36 } }));
});

describe('intervalLabel', () => {
  it.each([
    [1, 'terms.interval.1'],
    [6, 'terms.interval.6'],
    [12, 'terms.interval.12'],
    [0, 'terms.interval.0'],
  ])('names %i months', (months, key) => expect(intervalLabel(months)).toEqual({ key }));

  it('says every N months otherwise', () => expect(intervalLabel(3)).toEqual({ key: 'terms.interval.n', params: { count: 3 } }));
});

// The figures of libs/go/pricing TestGross / TestMonthlyDisplay: both sides must round alike.
describe('maturityDisplayCents', () => {
  it.each([
    [499, 19, 594],
    [499, 20, 599],
    [50, 19, 60],
    [150, 19, 179],
    [-50, 19, -60],
    [1, 19, 1],
    [3, 19, 4],
    [0, 19, 0],
    [1234, 0, 1234],
    [1000, 7.7, 1077],
    [799, 19, 951],
    [799, 20, 959],
  ])('gross of %i at %d %% is %i', (net, vat, gross) => expect(maturityDisplayCents(net, vat, true)).toBe(gross));

  it('leaves net prices as they are', () => expect(maturityDisplayCents(799, 20, false)).toBe(799));
});
