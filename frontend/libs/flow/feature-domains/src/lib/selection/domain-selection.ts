import { createContext, useContext } from 'react';

/** How a chosen domain is ordered: registered new, or transferred with an auth code (status 1). */
export type DomainOrderKind = 'register' | 'transfer';

/** A domain the visitor chose, in the shape the cart's domain entries take (spec §3 cart domains). */
export interface SelectedDomain {
  /** Full name in ASCII (punycode), as the API writes it. */
  domain: string;
  domainUnicode: string;
  tld: string;
  /** The cart item the domain is for; null for a domains-only order. */
  itemId: string | null;
  kind: DomainOrderKind;
  /** Only for transfers. */
  authCode?: string;
  /** Values of the domain's additional fields by field id. */
  additionalFields: Record<string, string>;
}

export type SelectOutcome = { ok: true } | { ok: false; reason: 'already_assigned'; assignedTo: string | null };

/**
 * The one seam between the domain screens and the cart. Every select, transfer, removal and
 * field value goes through it, so the screens do not change when the cart service (issue 4)
 * replaces the placeholder implementation.
 */
export interface DomainSelection {
  /** Every chosen domain, of all items, in the order chosen. */
  readonly domains: readonly SelectedDomain[];
  /** Adds a domain to an item, or changes how it is ordered. A domain belongs to one item only. */
  select(domain: SelectedDomain): SelectOutcome;
  remove(domain: string): void;
  saveAdditionalFields(domain: string, values: Record<string, string>): void;
  /** The product a cart item is for, to look up its free TLDs; undefined when unknown. */
  productIdOf(itemId: string): number | undefined;
  /** True while the selection only lives in this browser tab's store, not in a cart. */
  readonly isPlaceholder: boolean;
}

/** A hook that provides the selection; the context lets an app (or a test) swap the implementation. */
export type UseDomainSelection = () => DomainSelection;

export const DomainSelectionContext = createContext<UseDomainSelection | null>(null);

export function useDomainSelectionFrom(fallback: UseDomainSelection): DomainSelection {
  const useImplementation = useContext(DomainSelectionContext) ?? fallback;
  return useImplementation();
}

/** The domains chosen for one item (null: the domains-only order). */
export function domainsOfItem(domains: readonly SelectedDomain[], itemId: string | null): SelectedDomain[] {
  return domains.filter((d) => d.itemId === itemId);
}
