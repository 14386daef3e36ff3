import { useTranslation } from 'react-i18next';
import { selectIsLoading } from '@hostcart/shared-data-access-api';
import { useAppSelector } from '@hostcart/shared-store';

/** A thin bar while any counted request runs (spec §4 "Loading indicator"). */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const loading = useAppSelector(selectIsLoading);
  return (
    <div className="hc-loading" role="status" aria-live="polite" data-loading={loading}>
      {loading && (
        <>
          <div className="hc-loading__bar" aria-hidden="true" />
          <span className="hc-visually-hidden">{t('common.loading')}</span>
        </>
      )}
    </div>
  );
}
