import type { ComponentType, ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { pathTo } from '@hostcart/shared-routing';
import { useDomainSelection } from '../selection/cart-selection';

/**
 * Spec §2: a route whose id matches no cart item goes to the categories (the lookup is the
 * exception). Decided once the cart is loaded; the domains-only row is a known item.
 */
export function KnownItemGate({ children }: { children: ReactNode }) {
  const [query] = useSearchParams();
  const selection = useDomainSelection();
  const id = query.get('id');
  const unknown = !!id && !selection.isLoading && !selection.error && id !== selection.domainOnlyRowId && selection.productIdOf(id) === undefined;
  if (unknown) return <Navigate replace to={pathTo('categories')} />;
  return children;
}

/** A screen behind KnownItemGate. */
export function withKnownItem(Screen: ComponentType): ComponentType {
  function KnownItemScreen() {
    return (
      <KnownItemGate>
        <Screen />
      </KnownItemGate>
    );
  }
  KnownItemScreen.displayName = `KnownItemGate(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return KnownItemScreen;
}
