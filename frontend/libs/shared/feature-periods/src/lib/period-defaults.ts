/**
 * The period rules of libs/go/periods in the browser, checked against the same vectors
 * (libs/testvectors/periods.json): the term a new cart item starts with, the interval a term starts
 * with, and whether an addon's months go with the product's. Terms are read as the catalog API
 * writes them; a term (maturity) is offered when it is active and has an active interval.
 */

/** What the default rules read of a billing interval. */
export interface DefaultableInterval {
  id: number;
  /** 0 means any. */
  months: number;
  is_active: boolean;
  is_default?: boolean;
}

/** What the default rules read of a term (maturity). */
export interface DefaultableMaturity {
  id: number;
  /** 0 = one-time. */
  months: number;
  /** Net price per month. */
  price_cents: number;
  is_active: boolean;
  is_default?: boolean;
  payment_intervals: readonly DefaultableInterval[];
}

// The offered option that no other offered one is better than.
function best<T>(options: readonly T[], offered: (o: T) => boolean, better: (a: T, b: T) => boolean): T | undefined {
  let chosen: T | undefined;
  for (const o of options) if (offered(o) && (chosen === undefined || better(o, chosen))) chosen = o;
  return chosen;
}

const intervalOffered = (i: DefaultableInterval) => i.is_active;
const maturityOffered = (m: DefaultableMaturity) => m.is_active && m.payment_intervals.some(intervalOffered);

/**
 * The term a new cart item starts with: the lowest monthly price among the offered terms; equal
 * prices prefer the flagged default, then the shorter term, then the lower id, so the choice never
 * depends on the catalog's order. Undefined when none is offered.
 */
export function defaultMaturity<M extends DefaultableMaturity>(maturities: readonly M[]): M | undefined {
  return best(maturities, maturityOffered, (a, b) => {
    if (a.price_cents !== b.price_cents) return a.price_cents < b.price_cents;
    if (!!a.is_default !== !!b.is_default) return !!a.is_default;
    if (a.months !== b.months) return a.months < b.months;
    return a.id < b.id;
  });
}

/** The interval a term starts with: the offered one flagged default, else the longest offered one (the lower id among equals). */
export function defaultInterval<I extends DefaultableInterval>(intervals: readonly I[]): I | undefined {
  return best(intervals, intervalOffered, (a, b) => {
    if (!!a.is_default !== !!b.is_default) return !!a.is_default;
    return a.months > b.months || (a.months === b.months && a.id < b.id);
  });
}

/** Whether an addon's contract months go with the product's: the same, or a one-time addon (0). */
export function maturityFits(addonMonths: number, productMonths: number): boolean {
  return addonMonths === productMonths || addonMonths === 0;
}

/** Whether an addon's billing interval goes with the product's: the same months, or either means any (0). */
export function intervalFits(addonMonths: number, productMonths: number): boolean {
  return addonMonths === productMonths || addonMonths === 0 || productMonths === 0;
}
