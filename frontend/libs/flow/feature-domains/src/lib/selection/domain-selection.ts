import { createContext, useContext } from 'react';
import type { Cart } from '@hostcart/shared-data-access-api';

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

/** What a change of the selection came to; a failed one was already reported as a notification. */
export type ChangeOutcome = { ok: true; cart?: Cart } | { ok: false; reason: 'error'; key: string };

export type SelectOutcome = ChangeOutcome | { ok: false; reason: 'already_assigned'; assignedTo: string | null };

/**
 * The one seam between the domain screens and the cart. Every select, transfer, removal and
 * field value goes through it; the cart implementation (cart-selection.ts) is the default, and
 * DomainSelectionContext lets an app or a test provide another one.
 */
export interface DomainSelection {
  /** Every chosen domain, of all items, in cart order. */
  readonly domains: readonly SelectedDomain[];
  /** True until the cart is loaded. */
  readonly isLoading: boolean;
  /** A failed load of the cart. */
  readonly error?: unknown;
  /** The cart row holding the domains-only order (itemId null), once there is one. */
  readonly domainOnlyRowId: string | undefined;
  /**
   * Adds a domain to an item, or changes how it is ordered. A domain belongs to one item only: the
   * cart moves it from another item unless that item is locked.
   */
  select(domain: SelectedDomain): Promise<SelectOutcome>;
  remove(domain: string): Promise<ChangeOutcome>;
  saveAdditionalFields(domain: string, values: Record<string, string>): Promise<ChangeOutcome>;
  /** The product a cart item is for, to look up its free TLDs; undefined when unknown. */
  productIdOf(itemId: string): number | undefined;
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

/**
 * The item id a domain screen works on: the query's id, except that the row of the domains-only
 * order stands for "no item" (null), as its domains are listed under null.
 */
export function itemIdFrom(id: string | null, selection: Pick<DomainSelection, 'domainOnlyRowId'>): string | null {
  return id && id !== selection.domainOnlyRowId ? id : null;
}
