import { hasRule, type AddonLink } from '@hostcart/shared-util-periods';

// The period rules live in shared-util-periods (the shared period modal needs them too and may not
// import this flow library); the flow's screens keep importing them from here.
export { orderableMaturities, activeIntervals, hasRule, isAddonAvailable, chosenPeriod } from '@hostcart/shared-util-periods';
export type { PeriodMonths } from '@hostcart/shared-util-periods';

/**
 * Recommended and regular addons: the ones the standard addons screen lists. Promoted addons and
 * variant and module groups have their own presentation (spec §4).
 */
export function isStandardAddon(link: AddonLink): boolean {
  return !link.is_promoted && !hasRule(link, 'variants') && !hasRule(link, 'modules');
}
