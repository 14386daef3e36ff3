/**
 * Labels of cancellation periods and contract details (spec §9) as an i18n key with its params, so
 * screens translate them and tests can compare keys. Contract terms and billing intervals are
 * named by maturityLabel/intervalLabel of @hostcart/shared-util-pricing (keys terms.*), like
 * everywhere else.
 */
export interface Label {
  key: string;
  params?: Record<string, string | number>;
}

const CANCELLATION: Record<number, string> = {
  28: 'monthly',
  30: 'monthly',
  60: 'bimonthly',
  90: 'quarterly',
  120: 'four_monthly',
  180: 'half_yearly',
  365: 'yearly',
};

/** A cancellation period in days, as the footnote names it. */
export function cancellationLabel(days: number): Label {
  const named = CANCELLATION[days];
  return named ? { key: `cart_page.cancellation.${named}` } : { key: 'cart_page.cancellation.days', params: { count: days } };
}

/**
 * A period in days as the contract details show it: whole months from 30 days on (rounded),
 * else days (spec §9 "Details show months if 30 days or more").
 */
export function periodInMonthsOrDays(days: number): Label {
  if (days >= 30) return { key: 'cart_page.contract.months', params: { count: Math.round(days / 30) } };
  return { key: 'cart_page.contract.days', params: { count: days } };
}
