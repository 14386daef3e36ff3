import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessageKey, isTooManyRequests, retryAfterSeconds } from '@hostcart/shared-data-access-api';

/**
 * A failed registry call inside the results: a translated message (429 says how long to wait)
 * and a retry, so one refused batch never breaks the page.
 */
export function CallError({ error, onRetry, as: Tag = 'div' }: { error: FetchBaseQueryError | SerializedError | undefined; onRetry(): void; as?: 'div' | 'li' }) {
  const { t } = useTranslation();
  let message: string;
  if (isTooManyRequests(error)) {
    const seconds = retryAfterSeconds(error);
    // Without a count the plural-free text is used.
    message = seconds !== undefined ? t('domain.too_many_requests', { count: seconds }) : t('domain.too_many_requests');
  } else {
    message = t(errorMessageKey(error), { defaultValue: t('error.generic') });
  }
  return (
    <Tag className="hc-error-state hc-error-state--inline" role="alert">
      <span>{message}</span>{' '}
      <button type="button" className="hc-button hc-button--secondary hc-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </Tag>
  );
}
