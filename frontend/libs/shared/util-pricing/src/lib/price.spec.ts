import { displayedFromPrice, displaysPricesWithVat, effectiveVat, formatCents, formatPercent, grossCents } from './price';

const fromPrice = { net_cents: 499, gross_cents: 594, vat_percent: 19, maturity_months: 12, setup_fee_cents: 0 };

// Intl may use a narrow no-break space between amount and sign.
const normalise = (s: string) => s.replace(/\s/g, ' ');

describe('price display', () => {
  it('picks the gross amount when the brand displays prices with VAT', () => {
    expect(displayedFromPrice(fromPrice, true)).toEqual({ cents: 594, withVat: true, vatPercent: 19 });
  });

  it('picks the net amount when the brand displays prices without VAT', () => {
    expect(displayedFromPrice(fromPrice, false)).toEqual({ cents: 499, withVat: false, vatPercent: 19 });
  });

  it('shows nothing for a product without an orderable maturity', () => {
    expect(displayedFromPrice(undefined, true)).toBeUndefined();
    expect(displayedFromPrice(null, false)).toBeUndefined();
  });

  it('reads the brand flag', () => {
    expect(displaysPricesWithVat({ display_prices_with_vat: 'true' })).toBe(true);
    expect(displaysPricesWithVat({ display_prices_with_vat: 'false' })).toBe(false);
    expect(displaysPricesWithVat({})).toBe(false);
    expect(displaysPricesWithVat(undefined)).toBe(false);
  });

  it('formats EUR cents with 2 decimals for the locale', () => {
    expect(normalise(formatCents(594, 'de-DE'))).toBe('5,94 €');
    expect(normalise(formatCents(123456, 'de-DE'))).toBe('1.234,56 €');
    expect(formatCents(594, 'en-GB')).toBe('€5.94');
    expect(formatCents(500, 'en-GB')).toBe('€5.00');
  });

  it('formats a percentage with its sign for the locale', () => {
    expect(normalise(formatPercent(19, 'de-DE'))).toBe('19 %');
    expect(normalise(formatPercent(7.7, 'de-DE'))).toBe('7,7 %');
    expect(formatPercent(19, 'en-GB')).toBe('19%');
    expect(formatPercent(10, 'en-GB')).toBe('10%');
  });
});

describe('the session VAT (a customer who pays another rate than the brand)', () => {
  const fromPrice = { net_cents: 499, gross_cents: 594, vat_percent: 19, setup_fee_cents: 0 };
  it('re-grosses the net price with the session rate and names that rate', () => {
    expect(displayedFromPrice(fromPrice, true, 20)).toEqual({ cents: 599, withVat: true, vatPercent: 20 });
    expect(displayedFromPrice(fromPrice, true, 0)).toEqual({ cents: 499, withVat: true, vatPercent: 0 });
    expect(displayedFromPrice(fromPrice, false, 20)).toEqual({ cents: 499, withVat: false, vatPercent: 20 });
  });
  it('keeps the catalog rate without a session rate', () => {
    expect(effectiveVat(19, undefined)).toBe(19);
    expect(effectiveVat(19, 25.5)).toBe(25.5);
    expect(grossCents(1000, 25.5)).toBe(1255);
    expect(grossCents(449, 19)).toBe(534);
  });
});
