import { useTranslation } from 'react-i18next';
import type { PricedItem } from '@hostcart/shared-data-access-api';
import { Modal } from '@hostcart/shared-ui';
import { billingAdvanceLabel, formatCents, intervalLabel, maturityLabel, noticeDays } from '@hostcart/shared-util-pricing';
import { noticeLabel } from './terms';
import { useDisplayLocale } from './use-display-locale';

export interface ContractDialogProps {
  item: PricedItem | null;
  withVat: boolean;
  /** The customer is a consumer (not a business): the notice of § 309 Nr. 9 BGB (noticeDays), as the confirm page states it. */
  consumer: boolean;
  onClose: () => void;
}

/**
 * The contract details of a product (spec §2 "details (contract modal)"): term, billing
 * interval, the period billed in advance (in months and days, spec §9: billingAdvanceLabel), setup
 * fee, contract total, notice period (the one the confirm page states: noticeDays) and
 * minimum-period price, all amounts from the priced view.
 */
export function ContractDialog({ item, withVat, consumer, onClose }: ContractDialogProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  const line = item?.product ?? null;
  const price = line?.price;
  const money = (cents: number) => formatCents(cents, locale);
  const tr = (l: { key: string; params?: Record<string, string | number> }) => t(l.key, l.params ?? {});
  const notice = line && line.maturity_months > 0 ? noticeLabel(noticeDays(line.cancelation_period, consumer)) : null;

  return (
    <Modal open={!!line} title={t('cart_page.contract.title', { name: line?.name ?? '' })} onClose={onClose} closeLabel={t('common.close')}>
      {line && (
        <dl className="hc-contract" data-testid="contract-details">
          <dt>{t('cart_page.contract.maturity')}</dt>
          <dd>{tr(maturityLabel(line.maturity_months))}</dd>
          <dt>{t('cart_page.contract.interval')}</dt>
          <dd>{tr(intervalLabel(line.interval_months))}</dd>
          {line.maturity_months > 0 && line.interval_months > 0 && (
            <>
              <dt>{t('cart_page.contract.billing_advance')}</dt>
              <dd>{tr(billingAdvanceLabel(line.interval_months))}</dd>
            </>
          )}
          {price && price.setup_fee_display_cents > 0 && (
            <>
              <dt>{t('cart_page.contract.setup_fee')}</dt>
              <dd>{money(price.setup_fee_display_cents)}</dd>
            </>
          )}
          {price && (
            <>
              <dt>{t('cart_page.contract.total')}</dt>
              <dd>{money(price.contract_display_cents)}</dd>
            </>
          )}
          <dt>{t('cart_page.contract.cancellation')}</dt>
          <dd data-testid="contract-notice">
            {notice
              ? t(consumer ? 'cart_page.contract.notice_consumer' : 'cart_page.contract.notice_business', { notice: tr(notice) })
              : line.maturity_months > 0
                ? t(consumer ? 'cart_page.contract.no_notice_consumer' : 'cart_page.contract.no_notice_business')
                : t('cart_page.contract.none')}
          </dd>
          {price && line.maturity_months > 0 && (
            <>
              <dt>{t('cart_page.contract.minimum_period_price', { count: line.maturity_months })}</dt>
              <dd>
                {money(price.minimum_period_cents)} <span className="hc-price__note">{t('cart_page.vat.incl')}</span>
              </dd>
            </>
          )}
        </dl>
      )}
      <p className="hc-price__note">{t(withVat ? 'cart_page.vat.all_incl' : 'cart_page.vat.all_excl')}</p>
      <div className="hc-modal__actions">
        <button type="button" className="hc-button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
