import { useTranslation } from 'react-i18next';
import { dismissNotification, selectNotifications, useAppDispatch, useAppSelector } from '@hostcart/shared-store';

/** The notifications area; always in the page so screen readers hear new entries. */
export function Notifications() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectNotifications);
  return (
    <section className="hc-notifications" aria-label={t('notifications.region')} aria-live="polite">
      {items.map((n) => (
        <div key={n.id} className={`hc-notification hc-notification--${n.type}`} data-type={n.type}>
          <div className="hc-notification__text">
            <span className="hc-visually-hidden">{t(`notifications.type_${n.type}`)}: </span>
            {n.title && <strong className="hc-notification__title">{t(n.title, n.params ?? {})}</strong>}
            <span>{n.literal ? n.message : t(n.message, n.params ?? {})}</span>
          </div>
          <button type="button" className="hc-icon-button" aria-label={t('notifications.dismiss')} onClick={() => dispatch(dismissNotification(n.id))}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
