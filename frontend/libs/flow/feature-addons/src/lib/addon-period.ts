import type { CartItem, PaymentMaturity, Product, ProductAddonGroup, ProductAddonLink } from '@hostcart/shared-data-access-api';
import { activeIntervals, chosenPeriod, hasRule, isAddonAvailable, orderableMaturities, type PeriodMonths } from '@hostcart/flow-util-guided-flow';

/** The months of the item's product period, which addon availability is measured against. */
export function parentPeriod(product: Product, item: CartItem): PeriodMonths | undefined {
  const { maturity, interval } = chosenPeriod(product, item.product);
  return maturity && interval ? { maturity: maturity.months, interval: interval.months } : undefined;
}

/** The period an addon is added with; absent ids let the service apply the addon's defaults. */
export interface AddonPeriod {
  maturity?: PaymentMaturity;
  maturity_id?: number;
  interval_id?: number;
}

/**
 * The addon's term matching the parent's months (spec §4): the standard addons and the cart take
 * a one-time term (months 0) when none matches ('one-time'); promoted addons fall back to the
 * addon's default term and interval ('default', the service's choice).
 */
export function addonPeriodFor(addon: Product, parent: PeriodMonths, fallback: 'one-time' | 'default'): AddonPeriod {
  const maturities = orderableMaturities(addon) as PaymentMaturity[];
  const maturity = maturities.find((m) => m.months === parent.maturity) ?? (fallback === 'one-time' ? maturities.find((m) => m.months === 0) : undefined);
  if (!maturity) return {};
  const intervals = activeIntervals(maturity);
  const interval = intervals.find((i) => i.months === parent.interval) ?? intervals.find((i) => i.months === 0);
  return { maturity, maturity_id: maturity.id, interval_id: interval?.id };
}

/** The addon links the item's product offers now (spec §4 availability), with their catalog products. */
export function availableLinks(product: Product, lineProducts: readonly Product[], parent: PeriodMonths): { link: ProductAddonLink; addon: Product }[] {
  const out: { link: ProductAddonLink; addon: Product }[] = [];
  for (const link of product.addons ?? []) {
    const addon = lineProducts.find((p) => p.id === link.addon_id);
    if (addon && isAddonAvailable(link, addon, parent)) out.push({ link, addon });
  }
  return out;
}

/** An addon group with its available addons, in the order the addons' own order fields give. */
export interface AddonGroupOffer {
  group: ProductAddonGroup;
  offers: { link: ProductAddonLink; addon: Product }[];
}

/** The groups carrying rule `rule` (variants, modules) in the order they first appear. */
export function groupsWithRule(offers: readonly { link: ProductAddonLink; addon: Product }[], rule: string): AddonGroupOffer[] {
  const groups: AddonGroupOffer[] = [];
  for (const offer of offers) {
    for (const group of offer.link.groups) {
      if (!group.rules.some((r) => r.type === rule)) continue;
      let entry = groups.find((g) => g.group.id === group.id);
      if (!entry) groups.push((entry = { group, offers: [] }));
      entry.offers.push(offer);
    }
  }
  for (const g of groups) g.offers.sort((a, b) => a.addon.order - b.addon.order || a.addon.id - b.addon.id);
  return groups;
}

/** Whether the addon may be taken out again (spec §2: non-removable addons show no delete). */
export const isRemovable = (link: ProductAddonLink) => !hasRule(link, 'non_removable');

/**
 * The term whose price a promoted addon's offer shows: the one it is added with, which for the
 * 'default' fallback is the addon's default term (the service's choice), e.g. the one-time term of
 * a setup service (issue 23: the Einrichtungsservice showed no price).
 */
export function promotedAddonMaturity(addon: Product, parent: PeriodMonths): PaymentMaturity | undefined {
  const chosen = addonPeriodFor(addon, parent, 'default').maturity;
  if (chosen) return chosen;
  const maturities = orderableMaturities(addon) as PaymentMaturity[];
  return maturities.find((m) => m.is_default) ?? maturities[0];
}
