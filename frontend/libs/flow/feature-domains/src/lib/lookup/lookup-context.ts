import { createContext, useContext } from 'react';
import type { DomainSearchResult } from '@hostcart/shared-data-access-api';
import type { DomainSelection } from '../selection/domain-selection';
import type { InclusiveState } from './inclusive';

/** What every result row of the lookup needs, provided once by the page. */
export interface LookupContextValue {
  /** The cart item the domains are for; null for a domains-only order. */
  itemId: string | null;
  productId: number | undefined;
  withVat: boolean;
  selection: DomainSelection;
  inclusive: InclusiveState | undefined;
  /** Says something to screen readers through the page's live region. */
  announce(text: string): void;
  /** Chooses an available name for registration. */
  choose(result: DomainSearchResult): void;
  /** Opens the transfer dialog for a taken name. */
  requestTransfer(result: DomainSearchResult): void;
  remove(result: Pick<DomainSearchResult, 'domain' | 'domain_unicode'>): void;
}

export const LookupContext = createContext<LookupContextValue | null>(null);

export function useLookup(): LookupContextValue {
  const value = useContext(LookupContext);
  if (!value) throw new Error('useLookup needs a LookupContext provider (the lookup page)');
  return value;
}
