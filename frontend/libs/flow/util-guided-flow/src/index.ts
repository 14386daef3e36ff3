export { nextStep, hrefOf } from './lib/next-step';
export type { FlowFrom, FlowRoute, FlowScreen } from './lib/next-step';
export { isAddonAvailable, isStandardAddon, orderableMaturities, activeIntervals, chosenPeriod, hasRule } from './lib/availability';
export type { PeriodMonths } from './lib/availability';
export { hasMissingFields } from './lib/fields';
export type {
  FlowAddonGroup,
  FlowAddonLink,
  FlowAddonRule,
  FlowContext,
  FlowDomain,
  FlowFieldDefinition,
  FlowFieldValue,
  FlowFlags,
  FlowInterval,
  FlowItem,
  FlowLine,
  FlowMaturity,
  FlowProduct,
} from './lib/types';
