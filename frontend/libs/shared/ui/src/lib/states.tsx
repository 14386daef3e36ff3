import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Placeholder while a screen's data loads; announced to screen readers. */
export function LoadingState({ label, lines = 3 }: { label?: string; lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="hc-skeleton" aria-busy="true" role="status" aria-live="polite">
      <span className="hc-visually-hidden">{label ?? t('common.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="hc-skeleton__block" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load: a translated message (the server's key or the generic one) and a retry. */
export function ErrorState({ messageKey = 'error.generic', onRetry }: { messageKey?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="hc-error-state" role="alert">
      <p>{t(messageKey, { defaultValue: t('error.generic') })}</p>
      {onRetry && (
        <button type="button" className="hc-button hc-button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** What every route shows until its screen is built: said plainly, never a fake flow. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <section className="hc-page hc-page--narrow">
      <h1>{t('not_available.heading')}</h1>
      <p>{t('not_available.text')}</p>
      <p>
        <Link className="hc-button" to="/categories">
          {t('common.back_to_categories')}
        </Link>
      </p>
    </section>
  );
}

/** The 401 and 404 pages of spec §2. */
export function ErrorPage({ status }: { status: 401 | 404 }) {
  const { t } = useTranslation();
  return (
    <section className="hc-page hc-page--narrow">
      <h1>{t(status === 401 ? 'titles.error-401' : 'titles.error-404')}</h1>
      <p>{t(status === 401 ? 'error.unauthorized' : 'error.not_found')}</p>
      <p>
        <Link className="hc-button" to="/categories">
          {t('common.back_to_categories')}
        </Link>
      </p>
    </section>
  );
}
