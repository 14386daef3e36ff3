import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useGoNext } from '@hostcart/flow-data-access-flow';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { LoadingState } from '@hostcart/shared-ui';
import { transferNotification, useStartContractTransferMutation } from './contract-transfer-api';

/**
 * /contract-transfer/{transferId} (spec §2, §4 "Contract transfer", §8): asks the server to put
 * the transfer product with the contract's reference into the cart, showing a loading state
 * meanwhile, then follows the guided flow from the chosen product (or the cart when the flow has
 * nowhere to go). Every refusal is a notification kept across the redirect to the cart. The call
 * runs once per transfer id, so a re-render does not repeat it; the server makes a reload harmless.
 */
export function ContractTransferPage() {
  const { t } = useTranslation();
  const { transferId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const goNext = useGoNext();
  const [start] = useStartContractTransferMutation();
  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (started.current === transferId) return;
    started.current = transferId;
    const toCart = () => navigate(pathTo('cart'), { replace: true });
    void (async () => {
      let answer;
      try {
        answer = await start(transferId).unwrap();
      } catch (err) {
        dispatch(notify(transferNotification(err as FetchBaseQueryError, t('contract_transfer.reference'))));
        toCart();
        return;
      }
      try {
        await goNext({ rowId: answer.row_id, from: 'products', cart: answer.cart });
      } catch {
        // The transfer is in the cart; only the flow's catalog look-up failed.
        toCart();
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- starts the transfer once per transfer id (started guards it too); start, goNext and navigate are called, not watched.
  }, [transferId]);

  return (
    <section className="hc-page hc-page--narrow" aria-labelledby="contract-transfer-heading">
      <h1 id="contract-transfer-heading">{t('titles.contract-transfer')}</h1>
      <LoadingState label={t('contract_transfer.loading')} />
    </section>
  );
}
