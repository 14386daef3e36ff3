import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorDetails } from '@hostcart/shared-data-access-api';

/** A failed order attempt as the placeholder shows it: a message key, its params, the request's details. */
export interface OrderFailure {
  key: string;
  params?: Record<string, string>;
  details?: ErrorDetails;
}

/** Spec §8: the expandable details of an order error, what support needs to find the request. */
function ErrorDetailsDisclosure({ details }: { details: ErrorDetails }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    ['error.details_status', details.status],
    ['error.details_key', details.key],
    ['error.details_request_id', details.requestId],
  ];
  const shown = rows.filter((r): r is [string, string] => !!r[1]);
  if (shown.length === 0) return null;
  return (
    <details className="hc-error-details" data-testid="order-error-details">
      <summary>{t('error.details')}</summary>
      <dl>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Spec §8: the placeholder above the order button the page scrolls to and focuses on a failure. */
export function OrderFailurePlaceholder({ failure, ref }: { failure: OrderFailure | null; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <div ref={ref} tabIndex={-1} className="hc-confirm__error" data-testid="order-error">
      {failure && (
        <div className="hc-error-state hc-error-state--inline" role="alert">
          <p>{t(failure.key, { ...failure.params, defaultValue: t('error.order_not_completed') })}</p>
          {failure.details && <ErrorDetailsDisclosure details={failure.details} />}
        </div>
      )}
    </div>
  );
}
