import { useTranslation } from 'react-i18next';
import { Modal } from '@hostcart/shared-ui';

/** A domain belongs to one cart item; choosing it for another one explains why it cannot move. */
export function AlreadyAssignedDialog({ domain, onClose }: { domain: string | undefined; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={domain !== undefined} title={t('domains.already_assigned_title')} onClose={onClose} closeLabel={t('common.close')}>
      <p>{t('domain.already_assigned')}</p>
      <p>{t('domains.already_assigned_hint', { domain })}</p>
      <div className="hc-dialog-actions">
        <button type="button" className="hc-button" onClick={onClose}>
          {t('domains.ok')}
        </button>
      </div>
    </Modal>
  );
}
