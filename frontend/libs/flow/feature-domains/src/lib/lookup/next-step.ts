import type { Tld } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import type { SelectedDomain } from '../selection/domain-selection';

/** The additional fields a domain asks for, by its TLD. */
export function fieldsOf(domain: Pick<SelectedDomain, 'tld'>, tlds: readonly Tld[] | undefined) {
  return tlds?.find((t) => t.tld === domain.tld)?.additional_fields ?? [];
}

const isRequired = (rules: string) => rules.split('|').some((r) => r.trim() === 'required');

/** A required, not postponed field without a value makes the domain incomplete (spec §5 "Cart"). */
export function hasMissingFields(domain: SelectedDomain, tlds: readonly Tld[] | undefined): boolean {
  return fieldsOf(domain, tlds).some((f) => !f.is_postponed && isRequired(f.validation_rules) && !(domain.additionalFields[String(f.id)] ?? '').trim());
}

/**
 * Where the guided flow goes after the domain step (spec §4): missing domain fields first, then
 * the product question for a domains-only order, else on towards the cart. Maturity, interval and
 * addon steps come from the cart item, which does not exist yet, so the cart route (which says
 * "not available yet") stands in for them.
 */
export function nextAfterDomains(itemId: string | null, chosen: readonly SelectedDomain[], tlds: readonly Tld[] | undefined): string {
  if (chosen.some((d) => hasMissingFields(d, tlds))) return pathTo('domains-additional-fields', {}, { id: itemId ?? undefined });
  return afterDomainFields(itemId, chosen);
}

/** The step after the domain fields: the product question for domains only, else the cart. */
export function afterDomainFields(itemId: string | null, chosen: readonly SelectedDomain[]): string {
  if (itemId === null && chosen.length > 0) return pathTo('domains-add-product', {}, { d: chosen[0].domainUnicode });
  return pathTo('cart');
}
