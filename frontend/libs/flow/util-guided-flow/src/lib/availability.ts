import type { FlowAddonLink, FlowInterval, FlowMaturity, FlowProduct } from './types';

/** Inactive maturities and ones without an active interval are hidden (spec §4 "Cart item rules"). */
export function orderableMaturities(product: FlowProduct): FlowMaturity[] {
  return (product.payment_maturities ?? []).filter((m) => m.is_active && activeIntervals(m).length > 0);
}

export function activeIntervals(maturity: FlowMaturity): FlowInterval[] {
  return maturity.payment_intervals.filter((i) => i.is_active);
}

export function hasRule(link: FlowAddonLink, type: string): boolean {
  return link.groups.some((g) => g.rules.some((r) => r.type === type));
}

/** The months of the product's chosen period, as the availability rule compares them. */
export interface PeriodMonths {
  maturity: number;
  interval: number;
}

/**
 * Spec §4: an addon is offered only if it is not invisible and, unless exempt by
 * maturities_need_not_match / intervals_need_not_match, its product has an orderable maturity of
 * the same months (or 0, one-time) with an interval of the same months (or 0, any).
 */
export function isAddonAvailable(link: FlowAddonLink, addon: FlowProduct | undefined, period: PeriodMonths): boolean {
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
 * Recommended and regular addons: the ones the standard addons screen lists. Promoted addons and
 * variant and module groups have their own presentation (spec §4).
 */
export function isStandardAddon(link: FlowAddonLink): boolean {
  return !link.is_promoted && !hasRule(link, 'variants') && !hasRule(link, 'modules');
}

/**
 * The maturity and interval the item holds. The cart service always stores both; when one is not
 * (or no longer) in the catalog, the defaults of spec §4 stand in: the flagged maturity else the
 * first orderable one, the flagged interval else the longest.
 */
export function chosenPeriod(
  product: FlowProduct,
  line: { maturity_id: number; interval_id: number },
): { maturity?: FlowMaturity; interval?: FlowInterval } {
  const maturities = orderableMaturities(product);
  const maturity = maturities.find((m) => m.id === line.maturity_id) ?? maturities.find((m) => m.is_default) ?? maturities[0];
  if (!maturity) return {};
  const intervals = activeIntervals(maturity);
  const interval =
    intervals.find((i) => i.id === line.interval_id) ??
    intervals.find((i) => i.is_default) ??
    intervals.reduce<FlowInterval | undefined>((longest, i) => (!longest || i.months > longest.months ? i : longest), undefined);
  return { maturity, interval };
}
