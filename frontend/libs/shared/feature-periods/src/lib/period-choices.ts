import type { CartItem, PaymentInterval, PaymentMaturity, Product, Promotion } from '@hostcart/shared-data-access-api';
import { activeIntervals, chosenPeriod, defaultInterval, isAddonAvailable, orderableMaturities, type AddonLink, type PeriodMonths } from '@hostcart/shared-util-periods';

/** The tiles show either the contract terms or the billing intervals of one term (spec §2). */
export type PeriodMode = 'maturity' | 'interval';

/** An addon or upsell line whose own period is changed (the cart's period modal). */
export interface LineRef {
  kind: 'addon' | 'upsell';
  id: number;
}

/** One tile: what it sends to the cart and what it shows. */
export interface PeriodChoice {
  /** Sent as maturity_id: in interval mode the current maturity. */
  maturityId: number;
  /** Sent as interval_id: 0 in maturity mode, so the service applies the term's default interval. */
  intervalId: number;
  /** The months the tile names: the term's in maturity mode, the interval's in interval mode. */
  months: number;
  /** Net price per month of the term (catalog) and the VAT of the interval it is billed with. */
  netCents: number;
  vatPercent: number;
  setupFeeCents: number;
  /** The period the line would hold afterwards (for the availability check). */
  after: PeriodMonths;
  current: boolean;
}

/** What the service sets after a term change (spec §4): the flagged active interval, else the longest (the lower id among equals). */
const termDefaultInterval = (maturity: PaymentMaturity): PaymentInterval | undefined => defaultInterval(maturity.payment_intervals);

/**
 * The tiles of a line whose catalog product is `product` and whose period is `line`: every
 * orderable term (by months), or every active interval of the current term.
 */
export function periodChoices(product: Product, line: { maturity_id: number; interval_id: number }, mode: PeriodMode): PeriodChoice[] {
  const { maturity: currentMaturity, interval: currentInterval } = chosenPeriod(product, line);
  if (mode === 'maturity') {
    return (orderableMaturities(product) as PaymentMaturity[])
      .slice()
      .sort((a, b) => a.months - b.months || a.id - b.id)
      .map((m) => {
        const interval = termDefaultInterval(m);
        return {
          maturityId: m.id,
          intervalId: 0,
          months: m.months,
          netCents: m.price_cents,
          vatPercent: interval?.interval_vat ?? 0,
          setupFeeCents: m.setup_fee_cents,
          after: { maturity: m.months, interval: interval?.months ?? 0 },
          current: m.id === currentMaturity?.id,
        };
      });
  }
  const maturity = currentMaturity as PaymentMaturity | undefined;
  if (!maturity) return [];
  return (activeIntervals(maturity) as PaymentInterval[])
    .slice()
    .sort((a, b) => a.months - b.months || a.id - b.id)
    .map((i) => ({
      maturityId: maturity.id,
      intervalId: i.id,
      months: i.months,
      netCents: maturity.price_cents,
      vatPercent: i.interval_vat,
      setupFeeCents: maturity.setup_fee_cents,
      after: { maturity: maturity.months, interval: i.months },
      current: i.id === currentInterval?.id,
    }));
}

/** The mode the period modal opens in (spec §4): terms when there is more than one, else intervals. */
export function initialMode(product: Product): PeriodMode {
  return orderableMaturities(product).length > 1 ? 'maturity' : 'interval';
}

/** Whether, after choosing term `maturityId`, there are intervals to choose from. */
export function hasIntervalChoice(product: Product, maturityId: number): boolean {
  const maturity = orderableMaturities(product).find((m) => m.id === maturityId);
  return !!maturity && activeIntervals(maturity).length > 1;
}

// Upsells have no product-addon link: they follow the plain months rule.
const upsellLink = (id: number): AddonLink => ({
  addon_id: id,
  is_recommended: false,
  recommended_addon_order: 0,
  is_promoted: false,
  promoted_addon_order: 0,
  groups: [],
});

/**
 * The link as the period check sees it: `invisible` keeps an addon out of the offers, but an
 * invisible line already in the cart (auto-assigned) is kept by the service when its period fits,
 * so only the months decide here.
 */
const periodRulesOnly = (link: AddonLink): AddonLink => ({
  ...link,
  groups: link.groups.map((g) => ({ ...g, rules: g.rules.filter((r) => r.type !== 'invisible') })),
});

/**
 * The addon and upsell lines of the item that the product's new period would no longer support
 * (spec §4 availability rule): the service drops them, so the visitor confirms first.
 */
export function unsupportedLines(item: CartItem, product: Product, lineProducts: readonly Product[], after: PeriodMonths): Product[] {
  const productOf = (id: number) => lineProducts.find((p) => p.id === id);
  const out: Product[] = [];
  for (const line of item.addons) {
    const link = (product.addons ?? []).find((l) => l.addon_id === line.id);
    const addon = productOf(line.id);
    // A line without a link is the service's to judge; only what the rule can decide is warned.
    if (link && addon && !isAddonAvailable(periodRulesOnly(link), addon, after)) out.push(addon);
  }
  for (const line of item.upsells) {
    const upsell = productOf(line.id);
    if (upsell && !isAddonAvailable(upsellLink(line.id), upsell, after)) out.push(upsell);
  }
  return out;
}

/**
 * Whether a manual promotion on the line would be stripped by the new period: it restricts the
 * supported term or interval months and the new one is not among them. Automatic promotions are
 * recomputed by the service and need no warning.
 */
export function strippedPromotion(promotion: Promotion | undefined, after: PeriodMonths, mode: PeriodMode): boolean {
  if (!promotion || promotion.is_automatic || !promotion.supported) return false;
  const { maturity_months: maturities, interval_months: intervals } = promotion.supported;
  const maturityOff = (maturities ?? []).length > 0 && !maturities.includes(after.maturity);
  const intervalOff = (intervals ?? []).length > 0 && !intervals.includes(after.interval);
  return mode === 'maturity' ? maturityOff || intervalOff : intervalOff;
}
