import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetAdminQuery, type CartItem } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';

/** 'open': the screen may change the item; 'locked': it goes to the cart; 'pending': not known yet. */
export type ItemLock = 'open' | 'locked' | 'pending';

/**
 * Spec §6: preconfigured items are non-interactive except for sales agents. Every flow screen
 * that changes an item asks this, so one opened by URL for a locked item goes to the cart instead
 * of offering an action the cart service refuses (403 cart.preconfigured_item_locked). The admin
 * is asked only for a preconfigured item; a failed admin call counts as no agent.
 */
export function usePreconfiguredLock(item: CartItem | undefined): ItemLock {
  const preconfigured = !!item?.is_preconfigured;
  const admin = useGetAdminQuery(undefined, { skip: !preconfigured });
  if (!preconfigured) return 'open';
  if (admin.isError || (admin.isSuccess && !admin.data?.is_sales_agent)) return 'locked';
  return admin.isSuccess ? 'open' : 'pending';
}

export interface PreconfiguredGateProps {
  /** The item the screen changes; undefined while it loads (nothing is locked then). */
  item: CartItem | undefined;
  children: ReactNode;
  /** Shown while the admin is asked about a preconfigured item. */
  fallback: ReactNode;
}

/** The children for an item the visitor may change, else a redirect to the cart (replacing the entry). */
export function PreconfiguredGate({ item, children, fallback }: PreconfiguredGateProps) {
  const lock = usePreconfiguredLock(item);
  if (lock === 'locked') return <Navigate replace to={pathTo('cart')} />;
  if (lock === 'pending') return fallback;
  return children;
}
