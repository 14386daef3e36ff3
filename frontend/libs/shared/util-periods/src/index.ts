export {
  orderableMaturities,
  activeIntervals,
  defaultMaturity,
  defaultInterval,
  maturityFits,
  intervalFits,
  hasRule,
  exemptionsOf,
  periodFits,
  isAddonAvailable,
  chosenPeriod,
} from './lib/periods';
export type { AddonGroup, AddonLink, AddonRule, Exemptions, PeriodInterval, PeriodMaturity, PeriodMonths, PeriodProduct } from './lib/periods';
