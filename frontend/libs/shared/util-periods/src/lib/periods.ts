/**
 * The period rules of spec §4 that more than one scope needs: which terms (maturities) and billing
 * intervals of a catalog product can be ordered, which period a cart line holds, and whether an
 * addon fits the product's period. The guided flow (flow-util-guided-flow) decides its screens with
 * them and the period modal (shared-feature-periods) warns with them. The types are structural
 * subsets of the API's JSON (protojson with proto names), so the API's objects can be passed as they are.
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
export function orderableMaturities(product: PeriodProduct): PeriodMaturity[] {
  return (product.payment_maturities ?? []).filter((m) => m.is_active && activeIntervals(m).length > 0);
}

export function activeIntervals(maturity: PeriodMaturity): PeriodInterval[] {
  return maturity.payment_intervals.filter((i) => i.is_active);
}

export function hasRule(link: AddonLink, type: string): boolean {
  return link.groups.some((g) => g.rules.some((r) => r.type === type));
}

/**
 * Spec §4: an addon is offered only if it is not invisible and, unless exempt by
 * maturities_need_not_match / intervals_need_not_match, its product has an orderable maturity of
 * the same months (or 0, one-time) with an interval of the same months (or 0, any).
 */
export function isAddonAvailable(link: AddonLink, addon: PeriodProduct | undefined, period: PeriodMonths): boolean {
  if (!addon || hasRule(link, 'invisible')) return false;
  const anyMaturity = hasRule(link, 'maturities_need_not_match');
  const anyInterval = hasRule(link, 'intervals_need_not_match');
  return orderableMaturities(addon).some(
    (m) =>
      (anyMaturity || m.months === 0 || m.months === period.maturity) &&
      activeIntervals(m).some((i) => anyInterval || i.months === 0 || period.interval === 0 || i.months === period.interval),
  );
}

/**
 * The maturity and interval the item holds. The cart service always stores both; when one is not
 * (or no longer) in the catalog, the defaults of spec §4 stand in: the flagged maturity else the
 * first orderable one, the flagged interval else the longest.
 */
export function chosenPeriod(
  product: PeriodProduct,
  line: { maturity_id: number; interval_id: number },
): { maturity?: PeriodMaturity; interval?: PeriodInterval } {
  const maturities = orderableMaturities(product);
  const maturity = maturities.find((m) => m.id === line.maturity_id) ?? maturities.find((m) => m.is_default) ?? maturities[0];
  if (!maturity) return {};
  const intervals = activeIntervals(maturity);
  const interval =
    intervals.find((i) => i.id === line.interval_id) ??
    intervals.find((i) => i.is_default) ??
    intervals.reduce<PeriodInterval | undefined>((longest, i) => (!longest || i.months > longest.months ? i : longest), undefined);
  return { maturity, interval };
}
