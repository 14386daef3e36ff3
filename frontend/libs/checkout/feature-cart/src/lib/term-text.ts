import type { TFunction } from 'i18next';
import type { PricedLine } from '@hostcart/shared-data-access-api';
import { billingInText, maturityLabel, type TermLabel } from '@hostcart/shared-util-pricing';

const tr = (t: TFunction, l: TermLabel) => t(l.key, l.params ?? {});

/**
 * The term column of a row: the contract term, and the billing interval next to it when the
 * brand shows it (display_interval_with_maturity), e.g. "Zweijährlich, Abrechnung alle 24 Monate".
 */
export function termText(t: TFunction, line: PricedLine, withInterval: boolean): string {
  const maturity = tr(t, maturityLabel(line.maturity_months));
  if (!withInterval || line.maturity_months === 0 || line.interval_months === 0) return maturity;
  return t('cart_page.term_with_interval', { maturity, billing: tr(t, billingInText(line.interval_months)) });
}
