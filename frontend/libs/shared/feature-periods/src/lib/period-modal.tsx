import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isNotFound, useGetCurrentBrandQuery, useSetPeriodMutation, type CartNotice } from '@hostcart/shared-data-access-api';
import { useCartItemProducts } from '@hostcart/shared-store';
import { ErrorState, LoadingState, Modal } from '@hostcart/shared-ui';
import { displaysPricesWithVat } from '@hostcart/shared-util-pricing';
import { hasIntervalChoice, initialMode, type LineRef, type PeriodChoice, type PeriodMode } from './period-choices';
import { PeriodTiles } from './period-tiles';

/** Spec §9: the modal closes 150 ms after an addon's term changed, so the change is seen. */
export const MODAL_CLOSE_DELAY_MS = 150;

export interface PeriodModalProps {
  rowId: string;
  /** An addon or upsell of the item; absent: the item's product. */
  line?: LineRef;
  onClose: () => void;
  /**
   * Shows the notices of each change (spec §8) as notifications: the cart page passes its
   * notices hook. Optional so the modal can be mounted before that wiring exists.
   */
  onNotices?: (notices: readonly CartNotice[]) => void;
}

/**
 * The period change modal of the cart (spec §4 "Period change modal for products"): terms first
 * when there is more than one, then the intervals of the chosen term when there is more than
 * one; every choice is saved at once (the service strips an invalid manual promotion and
 * reapplies the automatic ones) and its notices shown.
 */
export function PeriodModal({ rowId, line, onClose, onNotices }: PeriodModalProps) {
  const { t } = useTranslation();
  const data = useCartItemProducts(rowId);
  const brand = useGetCurrentBrandQuery();
  const [setPeriod, { isLoading: saving }] = useSetPeriodMutation();
  const [mode, setMode] = useState<PeriodMode>();
  const [failure, setFailure] = useState<string>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const target = line ? data.lineProducts.find((p) => p.id === line.id) : data.product;

  useEffect(() => {
    if (target && !mode) setMode(initialMode(target));
  }, [target, mode]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const choose = async (choice: PeriodChoice) => {
    if (!target || !mode) return;
    setFailure(undefined);
    if (!choice.current) {
      const result = await setPeriod({ rowId, line, maturity_id: choice.maturityId, interval_id: choice.intervalId });
      if ('error' in result) {
        setFailure(errorMessageKey(result.error as Parameters<typeof errorMessageKey>[0]));
        return;
      }
      onNotices?.(result.data.notices);
    }
    if (mode === 'maturity' && line) {
      closeTimer.current = setTimeout(onClose, MODAL_CLOSE_DELAY_MS);
    } else if (mode === 'maturity' && hasIntervalChoice(target, choice.maturityId)) {
      setMode('interval');
    } else {
      onClose();
    }
  };

  let body;
  if (data.isLoading || brand.isLoading) body = <LoadingState lines={2} />;
  // An item or product that is gone is explained like any invalid choice; a failed call can be retried.
  else if (data.error && !isNotFound(data.error as Parameters<typeof isNotFound>[0])) body = <ErrorState onRetry={data.refetch} />;
  else if (!data.item || !data.product || !target || !mode) body = <p role="alert">{t('addons.invalid')}</p>;
  else
    body = (
      <>
        <p>{t(mode === 'maturity' ? 'periods.maturity_intro' : 'periods.interval_intro', { name: target.name })}</p>
        {failure && (
          <p role="alert" className="hc-error">
            {t(failure, { defaultValue: t('error.generic') })}
          </p>
        )}
        <PeriodTiles
          key={mode}
          item={data.item}
          product={data.product}
          lineProducts={data.lineProducts}
          mode={mode}
          line={line}
          withVat={displaysPricesWithVat(brand.data?.properties)}
          busy={saving}
          onChoose={(c) => void choose(c)}
        />
      </>
    );

  return (
    <Modal open title={t(mode === 'interval' ? 'periods.interval_title' : 'periods.maturity_title')} onClose={onClose} closeLabel={t('common.close')} size="large">
      {body}
    </Modal>
  );
}
