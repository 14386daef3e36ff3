import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '@hostcart/shared-ui';
import type { CheckoutBlock } from './checkout-gate';

/**
 * The modal that stops the checkout (spec §8): "missing required additional information" names
 * the item and leads back to its additional-fields view, which returns to the cart (returnToCart).
 * A missing domain has no modal here: it disables the checkout button (spec §2 "Cart"); the 'no
 * required domain' modal is the addons view's.
 */
export function BlockingDialog({ block, onClose }: { block: CheckoutBlock | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!block || block.kind !== 'fields') return null;
  return (
    <Modal open title={t('additional_fields.missing_title')} onClose={onClose} closeLabel={t('common.close')}>
      <p>{t('additional_fields.missing_message', { item: block.itemName })}</p>
      <div className="hc-modal__actions">
        <button type="button" className="hc-button" onClick={() => navigate(block.fieldsPath, { state: { returnToCart: true } })}>
          {t('additional_fields.back')}
        </button>
      </div>
    </Modal>
  );
}
