export { orderableMaturities, activeIntervals, hasRule, isAddonAvailable, chosenPeriod } from './lib/periods';
export type { AddonGroup, AddonLink, AddonRule, PeriodInterval, PeriodMaturity, PeriodMonths, PeriodProduct } from './lib/periods';
