import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@hostcart/shared-routing';
import { Modal } from '@hostcart/shared-ui';

/**
 * Whether the payment modal is open, and how to ask the shopper for the payment again: the modal
 * when the app handed in the payment form, else the payment screen with returnToConfirm.
 */
export function usePaymentModal(PaymentForm: ComponentType | undefined) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  // The payment modal closes when its form moves on (it pushes /confirm) or the visitor goes back.
  // Not on a replace: the return from a card redirect replaces its URL, and React may commit that
  // navigation (a transition) only after the refusal of the order has opened the modal again.
  const locationKey = useLocation().key;
  const navigationType = useNavigationType();
  useEffect(() => {
    if (String(navigationType) !== 'REPLACE') setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation (location key): its type is read with it, and a type alone changing is no navigation.
  }, [locationKey]);

  const openPaymentModal = useCallback(() => {
    if (PaymentForm) setOpen(true);
    else navigate(pathTo('payment'), { state: { returnToConfirm: true } });
  }, [PaymentForm, navigate]);

  return { open, openPaymentModal, close: useCallback(() => setOpen(false), []) };
}

/** The payment screen's form in a modal (spec §2 "Confirm": the payment can be changed in place). */
export function PaymentModal({ PaymentForm, open, onClose, size }: { PaymentForm: ComponentType; open: boolean; onClose: () => void; size: 'large' | 'medium' }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('order_confirm.payment_modal_title')} onClose={onClose} closeLabel={t('common.close')} size={size}>
      <PaymentForm />
    </Modal>
  );
}
