import { noticePeriod } from '@hostcart/shared-util-pricing';

/**
 * Labels of contract details (spec §9) as an i18n key with its params, so screens translate them
 * and tests can compare keys. Contract terms and billing intervals are named by
 * maturityLabel/intervalLabel of @hostcart/shared-util-pricing (keys terms.*), like everywhere else.
 */
export interface Label {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A notice period in days in words ("1 Monat", "14 Tage"): whole months from 28 days on, else days
 * (noticePeriod of @hostcart/shared-util-pricing, the confirm page's rule); null for none. Issue
 * 23: "Kündigungsfristen: vierteljährlich" was not an answer a customer understands.
 */
export function noticeLabel(days: number): Label | null {
  const notice = noticePeriod(days);
  if (!notice) return null;
  return { key: notice.unit === 'months' ? 'cart_page.contract.months' : 'cart_page.contract.days', params: { count: notice.count } };
}
