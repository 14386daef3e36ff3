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

/** showCartNotices(notices) turns the notices of a mutation's answer into notifications. */
export function useCartNotices(): { showCartNotices: (notices: readonly CartNotice[] | undefined) => void } {
  const dispatch = useAppDispatch();
  const showCartNotices = useCallback(
    (notices: readonly CartNotice[] | undefined) => {
      for (const n of notices ?? []) dispatch(notify(noticeToNotification(n)));
    },
    [dispatch],
  );
  return { showCartNotices };
}
