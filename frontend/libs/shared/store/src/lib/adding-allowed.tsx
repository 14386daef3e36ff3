import { createElement, useRef, type ComponentType, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetAdminQuery, useGetPricedCartQuery } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';

/**
 * Spec §2 global behaviour, §6: routes that add items (categories, products, addons, addon
 * variants, promoted addons, popular addons, the domain lookup and the add-a-domain question)
 * redirect to the cart when adding new items is not allowed. Only a sales agent adds items to an
 * order draft's cart; without a draft anyone may.
 *
 * Server truth only: the session cart's is_draft and the admin of GET /admins/me (asked only for a
 * draft; the shell asks for it at start anyway). undefined while that is not known yet. A failed cart call allows: the cart service
 * refuses new items of a draft itself (403 order_drafts.items_locked), the gate only spares the
 * customer that answer. A failed admin call on a draft does not allow.
 */
export function useAddingItemsAllowed(): boolean | undefined {
  // The priced view the header's counter holds anyway (useCartItemCount): no call of its own.
  const cart = useGetPricedCartQuery();
  const draft = !!cart.data?.priced.cart.is_draft;
  const admin = useGetAdminQuery(undefined, { skip: !draft });
  const decided = useRef<boolean | undefined>(undefined);
  const now = decide();
  // A refetch after a failed call (every cart change refetches the priced view) has no data for a
  // moment: the screen keeps the last decision rather than unmounting into the fallback.
  if (now !== undefined) decided.current = now;
  return now ?? decided.current;

  function decide(): boolean | undefined {
    if (cart.isError) return true;
    if (!cart.data) return undefined;
    if (!draft) return true;
    if (admin.isError) return false;
    if (!admin.isSuccess) return undefined;
    return !!admin.data?.is_sales_agent;
  }
}

export interface AddingItemsGateProps {
  children: ReactNode;
  /** Shown while the cart (and, for a draft, the admin) is not known yet; nothing by default. */
  fallback?: ReactNode;
  /**
   * Render the children while that is not known yet (a screen that adds nothing without a
   * click, e.g. the category tiles: its first paint does not wait for the cart).
   */
  optimistic?: boolean;
}

/** Renders children when items may be added, else redirects to the cart (replacing the entry). */
export function AddingItemsGate({ children, fallback = null, optimistic = false }: AddingItemsGateProps) {
  const allowed = useAddingItemsAllowed();
  if (allowed === false) return <Navigate to={pathTo('cart')} replace />;
  if (allowed === undefined && !optimistic) return fallback;
  return children;
}

/** A screen wrapped in AddingItemsGate (for the item-adding routes' exported screens). */
export function withAddingItemsGate<P extends object>(Screen: ComponentType<P>, fallback?: ReactNode): ComponentType<P> {
  function GatedScreen(props: P) {
    return <AddingItemsGate fallback={fallback}>{createElement(Screen, props)}</AddingItemsGate>;
  }
  GatedScreen.displayName = `AddingItemsGate(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return GatedScreen;
}
