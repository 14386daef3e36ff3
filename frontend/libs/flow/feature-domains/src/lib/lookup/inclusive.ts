import type { DomainSearchResult, InclusiveTlds } from '@hostcart/shared-data-access-api';
import { DomainStatus } from '@hostcart/shared-data-access-api';

/** What the server said about a product's free domains for the current selection. */
export interface InclusiveState {
  /** Free TLDs the brand offers for the product. */
  tlds: ReadonlySet<string>;
  /** Chosen domains that are free. */
  domains: ReadonlySet<string>;
  /** Free domains left. */
  remaining: number;
}

export function inclusiveState(answer: InclusiveTlds | undefined): InclusiveState | undefined {
  if (!answer || answer.inclusive_tlds.length === 0) return undefined;
  return { tlds: new Set(answer.inclusive_tlds), domains: new Set(answer.inclusive_domains), remaining: answer.remaining };
}

/**
 * Whether a result is shown as inclusive (free with the product, spec §3 freeTlds): a chosen
 * domain the server counted as free, or an orderable name under a free TLD while free domains are
 * left.
 */
export function isInclusive(result: Pick<DomainSearchResult, 'domain' | 'tld' | 'status' | 'inclusive'>, state: InclusiveState | undefined): boolean {
  if (!state) return false;
  if (state.domains.has(result.domain)) return true;
  const orderable = result.status === DomainStatus.Available || result.status === DomainStatus.Taken;
  return orderable && state.remaining > 0 && (result.inclusive || state.tlds.has(result.tld));
}
