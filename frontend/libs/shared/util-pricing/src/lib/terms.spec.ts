import { billingAdvanceDays, billingAdvanceLabel, billingInText, intervalLabel, maturityInText, maturityLabel } from './terms';
import { displayedAddonFromPrice, maturityDisplayCents } from './catalog-price';
import { addonAmount } from './price';

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

// Inside a sentence the term has its own texts (German lower-cases adjectives, not nouns).
describe('terms in running text', () => {
  it('names the same terms as the labels under their own keys', () => {
    expect(maturityInText(24)).toEqual({ key: 'terms.maturity_in_text.24' });
    expect(maturityInText(0)).toEqual({ key: 'terms.maturity_in_text.0' });
    expect(maturityInText(36)).toEqual({ key: 'terms.maturity_in_text.n', params: { count: 36 } });
    expect(billingInText(12)).toEqual({ key: 'terms.billed.12' });
    expect(billingInText(24)).toEqual({ key: 'terms.billed.n', params: { count: 24 } });
  });
});

// Spec §9: "Billing advance and notice periods are shown in months and days"; the days by §9's
// periods (30 a month ... 180 half a year, 365 a year).
describe('billing in advance', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 90],
    [4, 120],
    [6, 180],
    [12, 365],
    [18, 545],
    [24, 730],
    [0, 0],
  ])('counts %i months as %i days', (months, days) => expect(billingAdvanceDays(months)).toBe(days));

  it('names the months and their days', () => {
    expect(billingAdvanceLabel(12)).toEqual({ key: 'terms.advance', params: { count: 12, days: 365 } });
    expect(billingAdvanceLabel(1)).toEqual({ key: 'terms.advance', params: { count: 1, days: 30 } });
  });
});

describe('addonAmount (libs/go/pricing AddonPrice)', () => {
  it('is the monthly price of a recurring term that costs something', () => expect(addonAmount(12, 299, 500)).toEqual({ netCents: 299, oneTime: false }));
  it('is the setup fee, one-time, for a term of 0 months', () => expect(addonAmount(0, 299, 500)).toEqual({ netCents: 500, oneTime: true }));
  it('is the setup fee, one-time, for a term that costs nothing', () => expect(addonAmount(12, 0, 4900)).toEqual({ netCents: 4900, oneTime: true }));
});

describe('displayedAddonFromPrice', () => {
  const from = (net: number, setup: number, months = 12) => ({ net_cents: net, gross_cents: maturityDisplayCents(net, 19, true), vat_percent: 19, setup_fee_cents: setup, maturity_months: months });

  it('shows a priced addon per month, gross or net', () => {
    expect(displayedAddonFromPrice(from(299, 0), true)).toEqual({ cents: 356, withVat: true, vatPercent: 19, oneTime: false });
    expect(displayedAddonFromPrice(from(299, 0), false)).toEqual({ cents: 299, withVat: false, vatPercent: 19, oneTime: false });
  });

  it('shows a free addon as its one-time setup fee, never as 0 per month', () => {
    expect(displayedAddonFromPrice(from(0, 4900), true)).toEqual({ cents: 5831, withVat: true, vatPercent: 19, oneTime: true });
    expect(displayedAddonFromPrice(from(0, 0), true)).toEqual({ cents: 0, withVat: true, vatPercent: 19, oneTime: true });
    expect(displayedAddonFromPrice(from(500, 1000, 0), false)).toEqual({ cents: 1000, withVat: false, vatPercent: 19, oneTime: true });
  });

  it('grosses a one-time fee at the session rate', () => {
    expect(displayedAddonFromPrice(from(0, 1000), true, 20)).toEqual({ cents: 1200, withVat: true, vatPercent: 20, oneTime: true });
  });

  it('shows nothing without a from price', () => expect(displayedAddonFromPrice(null, true)).toBeUndefined());
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
