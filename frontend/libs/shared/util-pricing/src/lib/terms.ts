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

/**
 * A contract term in months: 1 monthly ... 24 biannual, 0 one-time, else 'N months' (count goes
 * through i18next's plural rules).
 */
export function maturityLabel(months: number): TermLabel {
  return term('terms.maturity', months, NAMED_MATURITIES);
}

/**
 * The same term inside running text, where German writes the adjectives in lower case and
 * keeps nouns capitalised ("Laufzeiten: monatlich, 24 Monate"); a label's text cannot simply be
 * lower-cased for that.
 */
export function maturityInText(months: number): TermLabel {
  return term('terms.maturity_in_text', months, NAMED_MATURITIES);
}

/** A billing interval in months: 1 monthly, 6 semiannual, 12 annual, 0 none, else 'every N months'. */
export function intervalLabel(months: number): TermLabel {
  return term('terms.interval', months, NAMED_INTERVALS);
}

/** How a line is billed, as a phrase after its term: "billed every 24 months", "Abrechnung jährlich". */
export function billingInText(months: number): TermLabel {
  return term('terms.billed', months, NAMED_INTERVALS);
}

/**
 * The days of a billing period billed in advance, by the periods of spec §9 (30 days a month, 60 two
 * months ... 180 half a year, 365 a year): whole years at 365 days, the months left at 30, so one
 * period always has one day count ("12 months" 365 days, 18 months 545), whatever the calendar.
 */
export function billingAdvanceDays(months: number): number {
  if (months <= 0) return 0;
  return Math.floor(months / 12) * 365 + (months % 12) * 30;
}

/**
 * A billing period billed in advance in months and days (spec §9 "Billing advance ... shown in
 * months and days"): "12 months (365 days)", "1 Monat (30 Tage)"; count is the months, so the
 * month word takes its plural from it (a period of a month or more always has plural days).
 */
export function billingAdvanceLabel(months: number): TermLabel {
  return { key: 'terms.advance', params: { count: months, days: billingAdvanceDays(months) } };
}

function term(prefix: string, months: number, named: ReadonlySet<number>): TermLabel {
  if (months === 0 || named.has(months)) return { key: `${prefix}.${months}` };
  return { key: `${prefix}.n`, params: { count: months } };
}

/**
 * The longest notice a consumer may be held to (§ 309 Nr. 9 BGB, CHECKOUT-LAW.md): one month, to
 * the end of the first term and, once the contract runs on, at any time. The order mail's
 * consumerMaxNoticeDays (services/order/mail/terms.go) is the same.
 */
export const CONSUMER_MAX_NOTICE_DAYS = 30;

/**
 * The notice in days a customer is held to: a business the catalog's cancelation_period, a
 * consumer at most one month. The one rule the cart, its contract details and the confirm page's
 * box word the notice with.
 */
export function noticeDays(catalogDays: number, consumer: boolean): number {
  return consumer ? Math.min(catalogDays, CONSUMER_MAX_NOTICE_DAYS) : catalogDays;
}

/** A notice period to put into words: whole months or days. */
export interface NoticePeriod {
  unit: 'months' | 'days';
  count: number;
}

/**
 * A notice period in days as people say it: whole months from 28 days on (rounded to 30-day
 * months, at least one), else days; null for no notice period.
 */
export function noticePeriod(days: number): NoticePeriod | null {
  if (days <= 0) return null;
  if (days >= 28) return { unit: 'months', count: Math.max(1, Math.round(days / 30)) };
  return { unit: 'days', count: days };
}
