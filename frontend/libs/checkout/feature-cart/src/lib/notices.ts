import { useCallback } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessageKey, errorParams } from '@hostcart/shared-data-access-api';
import { notify, useAppDispatch, useCartNotices } from '@hostcart/shared-store';

/**
 * Cart notices and failed cart calls as notifications of the shell: the notices through the
 * shared mapping of @hostcart/shared-store (the flow screens use the same), a failure as its
 * message key with the params the API explained it with (e.g. {code}).
 */
export function useCartNotifications() {
  const dispatch = useAppDispatch();
  const { showCartNotices } = useCartNotices();
  const showError = useCallback(
    (error: unknown) => {
      const e = error as FetchBaseQueryError | SerializedError | undefined;
      dispatch(notify({ type: 'error', message: errorMessageKey(e), params: errorParams(e) }));
    },
    [dispatch],
  );
  return { showNotices: showCartNotices, showError };
}
