/**
 * The contract-period rules of spec §4 in the browser, defined once here and checked against the
 * same vectors as libs/go/periods (libs/testvectors/periods.json): which terms (maturities) and
 * billing intervals of a catalog product can be ordered, the term and interval a product starts with
 * (the defaults), which period a cart line holds, and whether an addon's period goes with the
 * product's (the availability rule, with the exemptions of the cart service). The guided flow
 * (flow-util-guided-flow) decides its screens with them and the period modal (shared-feature-periods)
 * warns with them. The types are structural subsets of the API's JSON (protojson with proto names),
 * so the API's objects can be passed as they are.
 */

export interface PeriodInterval {
  id: number;
  /** 0 means any. */
  months: number;
  is_active: boolean;
  is_default?: boolean;
}

export interface PeriodMaturity {
  id: number;
  /** 0 = one-time. */
  months: number;
  /** Net price per month; absent reads as 0 (protojson omits zero values). */
  price_cents?: number;
  is_active: boolean;
  is_default?: boolean;
  payment_intervals: readonly PeriodInterval[];
}

export interface AddonRule {
  /** autoassign, mutually_exclusive, ..., invisible, variants, modules, allow_empty. */
  type: string;
}

export interface AddonGroup {
  id: number;
  rules: readonly AddonRule[];
}

/** A product-addon link of the catalog product. */
export interface AddonLink {
  addon_id: number;
  is_recommended: boolean;
  recommended_addon_order: number;
  is_promoted: boolean;
  promoted_addon_order: number;
  groups: readonly AddonGroup[];
}

/** What the period rules read of a catalog product. */
export interface PeriodProduct {
  payment_maturities?: readonly PeriodMaturity[] | null;
}

/** The months of the product's chosen period, as the availability rule compares them. */
export interface PeriodMonths {
  maturity: number;
  interval: number;
}

/** Inactive maturities and ones without an active interval are hidden (spec §4 "Cart item rules"). */
export function orderableMaturities<M extends PeriodMaturity>(product: { payment_maturities?: readonly M[] | null }): M[] {
  return (product.payment_maturities ?? []).filter(maturityOffered);
}

export function activeIntervals<I extends PeriodInterval>(maturity: { payment_intervals: readonly I[] }): I[] {
  return maturity.payment_intervals.filter(intervalOffered);
}

const intervalOffered = (i: PeriodInterval) => i.is_active;
const maturityOffered = (m: PeriodMaturity) => m.is_active && m.payment_intervals.some(intervalOffered);

// The offered option that no other offered one is better than.
function best<T>(options: readonly T[], offered: (o: T) => boolean, better: (a: T, b: T) => boolean): T | undefined {
  let chosen: T | undefined;
  for (const o of options) if (offered(o) && (chosen === undefined || better(o, chosen))) chosen = o;
  return chosen;
}

/**
 * The term a new cart item starts with (spec §4, Go's periods.DefaultMaturity): the lowest monthly
 * price among the offered terms; equal prices prefer the flagged default, then the shorter term,
 * then the lower id, so the choice never depends on the catalog's order. Undefined when none is offered.
 */
export function defaultMaturity<M extends PeriodMaturity>(maturities: readonly M[]): M | undefined {
  return best(maturities, maturityOffered, (a, b) => {
    const pa = a.price_cents ?? 0;
    const pb = b.price_cents ?? 0;
    if (pa !== pb) return pa < pb;
    if (!!a.is_default !== !!b.is_default) return !!a.is_default;
    if (a.months !== b.months) return a.months < b.months;
    return a.id < b.id;
  });
}

/** The interval a term starts with: the offered one flagged default, else the longest offered one (the lower id among equals). */
export function defaultInterval<I extends PeriodInterval>(intervals: readonly I[]): I | undefined {
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

export function hasRule(link: Pick<AddonLink, 'groups'>, type: string): boolean {
  return link.groups.some((g) => g.rules.some((r) => r.type === type));
}

/** Which part of the product's period an addon need not follow. */
export interface Exemptions {
  maturity: boolean;
  interval: boolean;
}

/**
 * The link's exemptions (Go's periods.Link.Exemptions): maturities_need_not_match and
 * intervals_need_not_match free the term or the interval; a promoted addon falls back to its
 * default term and interval when none matches the product's (spec §4 "Promoted addon add"), so it
 * is exempt from both.
 */
export function exemptionsOf(link: Pick<AddonLink, 'groups' | 'is_promoted'>): Exemptions {
  return {
    maturity: link.is_promoted || hasRule(link, 'maturities_need_not_match'),
    interval: link.is_promoted || hasRule(link, 'intervals_need_not_match'),
  };
}

/** Whether an addon period goes with the product's: its term months fit unless exempt, and its interval months fit unless exempt. */
export function periodFits(ex: Exemptions, addon: PeriodMonths, product: PeriodMonths): boolean {
  return (ex.maturity || maturityFits(addon.maturity, product.maturity)) && (ex.interval || intervalFits(addon.interval, product.interval));
}

/**
 * Spec §4: an addon is offered only if its link is not invisible and one of its offered periods
 * (an active interval of an orderable term) goes with the product's period, unless the link exempts
 * it (exemptionsOf). Go's periods.AddonAvailable; the cart service keeps and drops lines by it.
 */
export function isAddonAvailable(link: AddonLink, addon: PeriodProduct | undefined, period: PeriodMonths): boolean {
  if (!addon || hasRule(link, 'invisible')) return false;
  const ex = exemptionsOf(link);
  return orderableMaturities(addon).some((m) => activeIntervals(m).some((i) => periodFits(ex, { maturity: m.months, interval: i.months }, period)));
}

/**
 * The maturity and interval the item holds. The cart service always stores both; when one is not
 * (or no longer) in the catalog, the defaults of spec §4 stand in (defaultMaturity, defaultInterval).
 */
export function chosenPeriod<M extends PeriodMaturity>(
  product: { payment_maturities?: readonly M[] | null },
  line: { maturity_id: number; interval_id: number },
): { maturity?: M; interval?: PeriodInterval } {
  const maturities = orderableMaturities(product);
  const maturity = maturities.find((m) => m.id === line.maturity_id) ?? defaultMaturity(maturities);
  if (!maturity) return {};
  const intervals = activeIntervals(maturity);
  const interval = intervals.find((i) => i.id === line.interval_id) ?? defaultInterval(intervals);
  return { maturity, interval };
}
