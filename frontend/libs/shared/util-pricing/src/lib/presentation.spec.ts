import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { grossCents, presentCart, presentLine, type CartPresentation, type LineInput, type LinePresentation } from './presentation';
import { addonMaturityPrice, maturityDisplayCents } from './catalog-price';

// The shared vectors are the contract with libs/go/pricing (PresentLine, PresentCart): every case
// must hold here too. libs/testvectors/README.md states the rule both implement.
const vectorDir = resolve(__dirname, '../../../../../../libs/testvectors');

interface Vectors {
  lines: { name: string; input: LineInput; want: LinePresentation }[];
  carts: { name: string; lines: LineInput[]; want: CartPresentation }[];
}

const vectors = JSON.parse(readFileSync(join(vectorDir, 'price-presentation.json'), 'utf8')) as Vectors;

describe('price presentation vectors', () => {
  it.each(vectors.lines.map((c) => [c.name, c] as const))('line: %s', (_name, c) => {
    const got = presentLine(c.input);
    expect(got).toEqual(c.want);
    // Printed parts give the printed totals.
    expect(got.first_term_cents).toBe(got.regular_cents + got.setup_cents - got.discount_cents);
    expect(got.net_cents + got.vat_cents).toBe(got.gross_cents);
    expect(got.due_today_net_cents + got.due_today_vat_cents).toBe(got.due_today_gross_cents);
  });

  it.each(vectors.carts.map((c) => [c.name, c] as const))('cart: %s', (_name, c) => {
    const got = presentCart(c.lines.map(presentLine));
    expect(got).toEqual(c.want);
    expect(got.first_term_cents).toBe(got.subtotal_cents - got.discount_cents);
    expect(got.due_today_net_cents + got.due_today_vat_cents).toBe(got.due_today_gross_cents);
  });

  it('issue 23: 12 × 9,51 € − 23,80 € = 90,32 €', () => {
    const p = presentLine({
      net_monthly_cents: 799,
      setup_net_cents: 0,
      term_months: 12,
      interval_months: 12,
      vat_percent: 19,
      with_vat: true,
      yearly: false,
      promotion: { kind: 'fixed', value_cents: 2000 },
      promotion_months: 12,
    });
    expect([p.per_month_cents, p.regular_cents, p.discount_cents, p.first_term_cents, p.renewal_from_month]).toEqual([951, 11412, 2380, 9032, 13]);
  });
});

describe('one gross formula', () => {
  it.each([
    [799, 19, 951],
    [250, 19, 298],
    [1234, 7.7, 1329],
    [5, 10, 6], // 5.5 rounds half away from zero
    [-5, 10, -6],
    [1, 8.1, 1],
  ])('gross of %i at %f %% is %i, and the catalog price agrees', (net, vat, want) => {
    expect(grossCents(net, vat)).toBe(want);
    expect(maturityDisplayCents(net, vat, true)).toBe(want);
  });
});

// Acceptance of issue 23, finding 2: the price an extras screen shows for a term is the figure the
// cart prints for the line once it is added with that term.
describe('extras screen price = cart price', () => {
  it.each(vectors.lines.filter((c) => !c.input.yearly).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const maturity = {
      months: c.input.term_months,
      price_cents: c.input.net_monthly_cents,
      setup_fee_cents: c.input.setup_net_cents,
      payment_intervals: [{ is_active: true, interval_vat: c.input.vat_percent }],
    };
    const shown = addonMaturityPrice(maturity, c.input.with_vat);
    expect(shown.oneTime).toBe(c.want.one_time);
    expect(shown.cents).toBe(c.want.one_time ? c.want.setup_cents : c.want.unit_cents);
  });
});
