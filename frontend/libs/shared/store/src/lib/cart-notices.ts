import { useCallback } from 'react';
import type { CartNotice } from '@hostcart/shared-data-access-api';
import { useAppDispatch } from './hooks';
import { notify, type AppNotification, type NotificationType } from './notifications';

/**
 * A cart notice (spec §8) as a notification of the shell. Promotion notices carry a title (key)
 * and a body (message); the cart's own removals carry their reason as a message key (params.reason,
 * e.g. cart.no_longer_available) which becomes the body, so "Extra removed: Backup is no longer
 * available" reads as one notification; other notices are their key alone. One reading for the
 * flow screens and the cart page.
 */
export function noticeToNotification(notice: CartNotice): Omit<AppNotification, 'id'> {
  const params: Record<string, string> = { ...(notice.params ?? {}) };
  // Domain notices name the domain; the shared reason texts say {{name}}.
  if (params['name'] === undefined && params['domain'] !== undefined) params['name'] = params['domain'];
  const type: NotificationType = notice.type === 'info' || notice.type === 'warning' ? notice.type : 'warning';
  const body = notice.message || params['reason'];
  // Notices must survive the navigation that usually follows the mutation that caused them.
  if (body) return { type, title: notice.key, message: body, params, preserveRouteChange: true };
  return { type, message: notice.key, params, preserveRouteChange: true };
}

/** The removals spec §8's aggregate notice stands for: products and domains no longer available. */
const AGGREGATED_REMOVALS: readonly string[] = ['cart.product_removed', 'cart.domain_removed'];
const NO_LONGER_AVAILABLE = 'cart.no_longer_available';
export const ITEMS_NO_LONGER_AVAILABLE = 'cart.items_no_longer_available';

const isUnavailableRemoval = (n: CartNotice) => AGGREGATED_REMOVALS.includes(n.key) && n.params?.['reason'] === NO_LONGER_AVAILABLE;

/**
 * The notifications of one answer's notices. Several products or domains removed as no longer
 * available become spec §8's one notice "one or more products or domains are no longer available"
 * (where the first of them stood), not a stack of removals; a single one keeps its own, naming it.
 */
export function cartNotifications(notices: readonly CartNotice[] | undefined): Omit<AppNotification, 'id'>[] {
  const list = notices ?? [];
  const aggregate = list.filter(isUnavailableRemoval).length > 1;
  const out: Omit<AppNotification, 'id'>[] = [];
  let aggregated = false;
  for (const n of list) {
    if (aggregate && isUnavailableRemoval(n)) {
      if (!aggregated) out.push({ type: 'warning', message: ITEMS_NO_LONGER_AVAILABLE, preserveRouteChange: true });
      aggregated = true;
      continue;
    }
    out.push(noticeToNotification(n));
  }
  return out;
}

/** showCartNotices(notices) turns the notices of a mutation's answer into notifications. */
export function useCartNotices(): { showCartNotices: (notices: readonly CartNotice[] | undefined) => void } {
  const dispatch = useAppDispatch();
  const showCartNotices = useCallback(
    (notices: readonly CartNotice[] | undefined) => {
      for (const n of cartNotifications(notices)) dispatch(notify(n));
    },
    [dispatch],
  );
  return { showCartNotices };
}
