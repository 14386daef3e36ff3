/**
 * The printed figures of a cart line and a cart: the TypeScript twin of libs/go/pricing
 * presentation.go, held to the same vectors (libs/testvectors/price-presentation.json). Screens print
 * the figures the cart service sends; this twin exists so the rule is specified once and checked in
 * both languages, and for a screen that shows a choice before it is in the cart (the extras screen),
 * which must print what the cart will print for it.
 *
 * The rule: the display unit (per month, per year for domains) is rounded once in the brand's mode;
 * every total is derived from printed figures (regular = unit × months, first term = regular + setup −
 * discount), so the customer's own sum gives the printed total to the cent.
 */

export interface PromotionInput {
  kind: 'percentage' | 'fixed' | string;
  percent?: number;
  value_cents?: number;
  recurs_for?: number;
}

export interface LineInput {
  net_monthly_cents: number;
  setup_net_cents: number;
  term_months: number;
  interval_months: number;
  vat_percent: number;
  with_vat: boolean;
  yearly: boolean;
  promotion?: PromotionInput;
  promotion_months: number;
}

export interface LinePresentation {
  one_time: boolean;
  unit_months: number;
  unit_cents: number;
  per_month_cents: number;
  interval_cents: number;
  setup_cents: number;
  term_months: number;
  regular_cents: number;
  discount_cents: number;
  first_term_cents: number;
  due_today_cents: number;
  /** The first invoice split as the first term is: net + VAT = gross; the display mode's figure is due_today_cents. */
  due_today_net_cents: number;
  due_today_vat_cents: number;
  due_today_gross_cents: number;
  renewal_unit_cents: number;
  renewal_from_month: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

export interface CartPresentation {
  subtotal_cents: number;
  discount_cents: number;
  first_term_cents: number;
  first_term_months: number;
  due_today_cents: number;
  /** Σ of the lines' due-today split; gross is the amount the first invoice (a direct debit) collects. */
  due_today_net_cents: number;
  due_today_vat_cents: number;
  due_today_gross_cents: number;
  per_month_cents: number;
  renewal_monthly_cents: number;
  renewal_yearly_cents: number;
  renewal_from_month: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
}

const BASIS = 10000;

/** The product of factors divided by den, rounded half away from zero, exactly (BigInt). */
function mulDivRound(den: number, ...factors: number[]): number {
  if (den === 0) return 0;
  let num = 1n;
  for (const f of factors) num *= BigInt(Math.trunc(f));
  let d = BigInt(den);
  if (d < 0n) {
    num = -num;
    d = -d;
  }
  const abs = num < 0n ? -num : num;
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  return Number(num < 0n ? -q : q);
}

/** A percent fixed to hundredths (19 → 1900): the only place a float touches a price. */
function basisPoints(percent: number): number {
  return Number.isFinite(percent) ? Math.round(percent * 100) : 0;
}

function percentBasisPoints(percent: number): number {
  return Math.min(Math.max(basisPoints(percent), 0), BASIS);
}

/** net × (1 + VAT), VAT fixed to hundredths of a percent, rounded once half away from zero (libs/go/pricing Gross). */
export function grossCents(netCents: number, vatPercent: number): number {
  return mulDivRound(BASIS, netCents, BASIS + basisPoints(vatPercent));
}

/** An amount as the brand shows it: gross when it displays prices with VAT, else net (libs/go/pricing AmountDisplay). */
export function amountDisplay(netCents: number, vatPercent: number, withVat: boolean): number {
  return withVat ? grossCents(netCents, vatPercent) : netCents;
}

/** The promoted months of a promotion: recurs_for × interval months, each at least 1 (libs/go/pricing PromotionMonths). */
export function promotionMonths(recursFor: number, intervalMonths: number): number {
  return Math.max(recursFor, 1) * Math.max(intervalMonths, 1);
}

function firstInterval(intervalMonths: number, termMonths: number): number {
  return intervalMonths <= 0 || intervalMonths > termMonths ? termMonths : intervalMonths;
}

/** The printed figures of one line (libs/go/pricing PresentLine). */
export function presentLine(input: LineInput): LinePresentation {
  const out: LinePresentation = {
    one_time: false,
    unit_months: 1,
    unit_cents: 0,
    per_month_cents: 0,
    interval_cents: 0,
    setup_cents: amountDisplay(input.setup_net_cents, input.vat_percent, input.with_vat),
    term_months: Math.max(input.term_months, 0),
    regular_cents: 0,
    discount_cents: 0,
    first_term_cents: 0,
    due_today_cents: 0,
    due_today_net_cents: 0,
    due_today_vat_cents: 0,
    due_today_gross_cents: 0,
    renewal_unit_cents: 0,
    renewal_from_month: 0,
    net_cents: 0,
    vat_cents: 0,
    gross_cents: 0,
  };
  if (input.yearly) {
    out.unit_months = 12;
    out.term_months = 12;
    const yearNet = input.net_monthly_cents * 12;
    out.unit_cents = amountDisplay(yearNet, input.vat_percent, input.with_vat);
    out.interval_cents = out.unit_cents;
  } else if (input.term_months === 0 || input.net_monthly_cents === 0) {
    out.one_time = true;
  } else {
    out.unit_cents = amountDisplay(input.net_monthly_cents, input.vat_percent, input.with_vat);
    out.per_month_cents = out.unit_cents;
    out.interval_cents = out.unit_cents * firstInterval(input.interval_months, out.term_months);
  }
  if (!out.one_time) {
    out.regular_cents = mulDivRound(out.unit_months, out.unit_cents, out.term_months);
    out.renewal_unit_cents = out.unit_cents;
    out.renewal_from_month = out.term_months + 1;
  }
  const promoInTerm = Math.min(Math.max(input.promotion_months, 1), Math.max(out.term_months, 1));
  out.discount_cents = Math.min(discount(input, out, promoInTerm), out.regular_cents + out.setup_cents);
  out.first_term_cents = out.regular_cents + out.setup_cents - out.discount_cents;
  out.due_today_cents = dueToday(input, out, promoInTerm);
  [out.net_cents, out.vat_cents, out.gross_cents] = split(out.first_term_cents, input.vat_percent, input.with_vat);
  [out.due_today_net_cents, out.due_today_vat_cents, out.due_today_gross_cents] = split(out.due_today_cents, input.vat_percent, input.with_vat);
  return out;
}

/** A printed total as [net, VAT, gross]: VAT taken out of a gross total, or added once to a net one (libs/go/pricing split). */
function split(displayCents: number, vatPercent: number, withVat: boolean): [number, number, number] {
  const bp = basisPoints(vatPercent);
  if (withVat) {
    const vat = mulDivRound(BASIS + bp, displayCents, bp);
    return [displayCents - vat, vat, displayCents];
  }
  const vat = mulDivRound(BASIS, displayCents, bp);
  return [displayCents, vat, displayCents + vat];
}

function discount(input: LineInput, out: LinePresentation, promoInTerm: number): number {
  const p = input.promotion;
  if (!p) return 0;
  if (p.kind === 'percentage') {
    const pct = percentBasisPoints(p.percent ?? 0);
    if (out.one_time) return mulDivRound(BASIS, out.setup_cents, pct);
    return mulDivRound(BASIS * out.unit_months, out.unit_cents, promoInTerm, pct);
  }
  if (p.kind === 'fixed') {
    const value = amountDisplay(Math.max(p.value_cents ?? 0, 0), input.vat_percent, input.with_vat);
    const period = Math.max(input.promotion_months, 1);
    if (out.one_time || period <= promoInTerm) return value;
    return mulDivRound(period, value, promoInTerm);
  }
  return 0;
}

function dueToday(input: LineInput, out: LinePresentation, promoInTerm: number): number {
  if (out.one_time || out.unit_months === 12) return out.first_term_cents;
  const months = firstInterval(input.interval_months, out.term_months);
  if (months >= out.term_months) return out.first_term_cents;
  let share = out.discount_cents;
  if (promoInTerm > months && out.discount_cents > 0) share = mulDivRound(promoInTerm, out.discount_cents, months);
  return Math.max(out.unit_cents * months + out.setup_cents - share, 0);
}

/** The sums of a cart's printed figures (libs/go/pricing PresentCart). */
export function presentCart(lines: readonly LinePresentation[]): CartPresentation {
  const out: CartPresentation = {
    subtotal_cents: 0,
    discount_cents: 0,
    first_term_cents: 0,
    first_term_months: 0,
    due_today_cents: 0,
    due_today_net_cents: 0,
    due_today_vat_cents: 0,
    due_today_gross_cents: 0,
    per_month_cents: 0,
    renewal_monthly_cents: 0,
    renewal_yearly_cents: 0,
    renewal_from_month: 0,
    net_cents: 0,
    vat_cents: 0,
    gross_cents: 0,
  };
  let term = -1;
  let renewal = -1;
  const common = (seen: number, v: number) => (seen === -1 ? v : seen === v ? seen : 0);
  for (const l of lines) {
    out.subtotal_cents += l.regular_cents + l.setup_cents;
    out.discount_cents += l.discount_cents;
    out.first_term_cents += l.first_term_cents;
    out.due_today_cents += l.due_today_cents;
    out.due_today_net_cents += l.due_today_net_cents;
    out.due_today_vat_cents += l.due_today_vat_cents;
    out.due_today_gross_cents += l.due_today_gross_cents;
    out.net_cents += l.net_cents;
    out.vat_cents += l.vat_cents;
    out.gross_cents += l.gross_cents;
    if (l.one_time) continue;
    out.per_month_cents += l.per_month_cents;
    if (l.unit_months === 12) out.renewal_yearly_cents += l.renewal_unit_cents;
    else out.renewal_monthly_cents += l.renewal_unit_cents;
    term = common(term, l.term_months);
    renewal = common(renewal, l.renewal_from_month);
  }
  out.first_term_months = Math.max(term, 0);
  out.renewal_from_month = Math.max(renewal, 0);
  return out;
}
