import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '@hostcart/shared-ui';
import type { CheckoutBlock } from './checkout-gate';

/**
 * The modals that stop the checkout (spec §8): "no required domain" leads to the lookup of the
 * item; "missing required additional information" names the item and leads back to its
 * additional-fields view, which returns to the cart (returnToCart).
 */
export function BlockingDialog({ block, onClose }: { block: CheckoutBlock | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!block) return null;
  if (block.kind === 'domain') {
    return (
      <Modal open title={t('cart_page.blocking.domain_title')} onClose={onClose} closeLabel={t('common.close')}>
        <p>{t('cart.please_choose_at_least_one_domain_to_proceed', { product: block.productName })}</p>
        <div className="hc-modal__actions">
          <button type="button" className="hc-button" onClick={() => navigate(block.lookup)}>
            {t('cart.domain_selection')}
          </button>
        </div>
      </Modal>
    );
  }
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
