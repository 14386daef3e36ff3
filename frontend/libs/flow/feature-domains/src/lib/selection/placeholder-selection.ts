import { useMemo } from 'react';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, useAppDispatch, useAppSelector, useAppStore } from '@hostcart/shared-store';
import { useDomainSelectionFrom, type DomainSelection, type SelectedDomain, type SelectOutcome } from './domain-selection';

/**
 * PLACEHOLDER FOR THE CART (issue 4). Until the cart service exists, chosen domains are kept in
 * this Redux slice: in memory, for the open tab only, never sent to a server and never priced or
 * ordered. The cart replaces this file by providing its own DomainSelection through
 * DomainSelectionContext; nothing else in the domain screens needs to change.
 */
export interface DomainSelectionPlaceholderState {
  domains: SelectedDomain[];
}

const initialState: DomainSelectionPlaceholderState = { domains: [] };

export const domainSelectionPlaceholderSlice = createSlice({
  name: 'domainSelectionPlaceholder',
  initialState,
  reducers: {
    domainSelected(state, action: PayloadAction<SelectedDomain>) {
      const at = state.domains.findIndex((d) => d.domain === action.payload.domain);
      if (at >= 0) state.domains[at] = action.payload;
      else state.domains.push(action.payload);
    },
    domainRemoved(state, action: PayloadAction<string>) {
      state.domains = state.domains.filter((d) => d.domain !== action.payload);
    },
    additionalFieldsSaved(state, action: PayloadAction<{ domain: string; values: Record<string, string> }>) {
      const entry = state.domains.find((d) => d.domain === action.payload.domain);
      if (entry) entry.additionalFields = { ...entry.additionalFields, ...action.payload.values };
    },
  },
  selectors: {
    selectPlaceholderDomains: (state) => state.domains,
  },
});

declare module '@hostcart/shared-store' {
  interface LazyLoadedSlices {
    domainSelectionPlaceholder: DomainSelectionPlaceholderState;
  }
}

export const injectedDomainSelectionPlaceholder = domainSelectionPlaceholderSlice.injectInto(rootReducer);
export const { domainSelected, domainRemoved, additionalFieldsSaved } = domainSelectionPlaceholderSlice.actions;
export const { selectPlaceholderDomains } = injectedDomainSelectionPlaceholder.selectors;

/**
 * Without a cart there is no item to read a product from; the product screens pass the chosen
 * product's id as the item id, so a numeric id is taken as the product id until cart items exist.
 */
export function placeholderProductIdOf(itemId: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(itemId) ? Number(itemId) : undefined;
}

/** A domain belongs to one item: choosing it for another one is refused (the 'already assigned' case). */
export function selectOutcome(domains: readonly SelectedDomain[], wanted: SelectedDomain): SelectOutcome {
  const existing = domains.find((d) => d.domain === wanted.domain);
  if (existing && existing.itemId !== wanted.itemId) return { ok: false, reason: 'already_assigned', assignedTo: existing.itemId };
  return { ok: true };
}

export function usePlaceholderDomainSelection(): DomainSelection {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const domains = useAppSelector(selectPlaceholderDomains);
  return useMemo<DomainSelection>(
    () => ({
      domains,
      isPlaceholder: true,
      select(domain) {
        // Read the store, not the render's snapshot: two quick clicks must see each other.
        const outcome = selectOutcome(selectPlaceholderDomains(store.getState()), domain);
        if (outcome.ok) dispatch(domainSelected(domain));
        return outcome;
      },
      remove: (domain) => dispatch(domainRemoved(domain)),
      saveAdditionalFields: (domain, values) => dispatch(additionalFieldsSaved({ domain, values })),
      productIdOf: placeholderProductIdOf,
    }),
    [dispatch, domains, store],
  );
}

/** The selection the domain screens use: the provided one, else the placeholder. */
export function useDomainSelection(): DomainSelection {
  return useDomainSelectionFrom(usePlaceholderDomainSelection);
}
