import { useCallback } from 'react';
import type { CustomerNotice } from '@hostcart/shared-data-access-api';
import { notify, useAppDispatch } from '@hostcart/shared-store';

/**
 * The customer service's notices (e.g. customer.country_not_supported) as notifications of their
 * type; they outlive the navigation that follows the save (spec §2 "notifications").
 */
export function useCustomerNotices() {
  const dispatch = useAppDispatch();
  const showNotices = useCallback(
    (notices: readonly CustomerNotice[]) => {
      for (const n of notices) {
        dispatch(notify({ type: n.type === 'info' ? 'info' : 'warning', message: n.key, params: n.params, preserveRouteChange: true }));
      }
    },
    [dispatch],
  );
  return { showNotices };
}
