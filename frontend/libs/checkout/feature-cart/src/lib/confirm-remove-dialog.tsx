import { useTranslation } from 'react-i18next';
import { Modal } from '@hostcart/shared-ui';

export interface ConfirmRemoveDialogProps {
  /** Name of the row to remove; null closes the dialog. */
  name: string | null;
  /** A product takes its addons, upsells and domains with it; an auto-assigned addon its product. */
  cascadeHint?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Remove X?" (spec §4 "Removing a product, addon, upsell or domain: confirm, remove, save"). */
export function ConfirmRemoveDialog({ name, cascadeHint, busy, onConfirm, onCancel }: ConfirmRemoveDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={name !== null} title={t('cart_page.remove.title')} onClose={onCancel} closeLabel={t('common.close')}>
      <p>{t('cart_page.remove.question', { name: name ?? '' })}</p>
      {cascadeHint && <p>{cascadeHint}</p>}
      <div className="hc-modal__actions">
        <button type="button" className="hc-button hc-button--secondary" onClick={onCancel}>
          {t('cart_page.remove.cancel')}
        </button>
        <button type="button" className="hc-button hc-button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {t('cart_page.remove.confirm', { name: name ?? '' })}
        </button>
      </div>
    </Modal>
  );
}
