import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { pathTo } from '@hostcart/shared-routing';

/**
 * Spec §2: routes that add items (addons, products, categories, lookup, promoted addons) redirect
 * to the cart when adding new items is not allowed. This is the one predicate for it.
 *
 * For now a visitor may always add items. Sales-agent order drafts (a later issue) will make it
 * depend on the draft state; only this function changes then.
 */
export function useAddingItemsAllowed(): boolean {
  return true;
}

/** Renders children when items may be added, else redirects to the cart. */
export function AddingItemsGate({ children, allowed }: { children: ReactNode; allowed?: boolean }) {
  const byRule = useAddingItemsAllowed();
  if (!(allowed ?? byRule)) return <Navigate to={pathTo('cart')} replace />;
  return children;
}
