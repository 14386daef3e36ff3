/**
 * Names of contract terms (maturities) and billing intervals (spec §9) as i18n keys with params,
 * so every screen translates them the same way and tests compare keys, not texts.
 */
export interface TermLabel {
  key: string;
  params?: Record<string, number>;
}

const NAMED_MATURITIES = new Set([1, 2, 3, 4, 6, 12, 24]);
const NAMED_INTERVALS = new Set([1, 6, 12]);

/** A contract term in months: 1 monthly ... 24 biannual, 0 one-time, else 'N months'. */
export function maturityLabel(months: number): TermLabel {
  if (months === 0) return { key: 'terms.maturity.0' };
  if (NAMED_MATURITIES.has(months)) return { key: `terms.maturity.${months}` };
  return { key: 'terms.maturity.n', params: { count: months } };
}

/** A billing interval in months: 1 monthly, 6 semiannual, 12 annual, 0 none, else 'every N months'. */
export function intervalLabel(months: number): TermLabel {
  if (months === 0) return { key: 'terms.interval.0' };
  if (NAMED_INTERVALS.has(months)) return { key: `terms.interval.${months}` };
  return { key: 'terms.interval.n', params: { count: months } };
}
