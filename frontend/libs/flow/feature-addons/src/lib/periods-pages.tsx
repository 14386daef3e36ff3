import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSetPeriodMutation } from '@hostcart/shared-data-access-api';
import { markItemConfigured, useCartNotices, useGoNext } from '@hostcart/flow-data-access-flow';
import { ActionBar } from '@hostcart/shared-feature-action-bar';
import { PeriodTiles, initialMode, type PeriodChoice, type PeriodMode } from '@hostcart/shared-feature-periods';
import { pathTo } from '@hostcart/shared-routing';
import { FlowGate, flowScreen, useFailureText, useFlowScreen, type ScreenBodyProps } from './flow-screen';

/** /periods?id: the term choice when the product has more than one term, else the interval choice. */
export function PeriodsPage() {
  const { t } = useTranslation();
  const state = useFlowScreen();
  return (
    <FlowGate title={t('titles.periods')} state={state}>
      {({ item, product }) => (
        <Navigate replace to={pathTo(initialMode(product) === 'maturity' ? 'periods-maturity' : 'periods-interval', {}, { id: item.row_id })} state={{ returnToCart: state.flags?.returnToCart }} />
      )}
    </FlowGate>
  );
}

const SCREEN = { maturity: 'periods-maturity', interval: 'periods-interval' } as const;

/** /periods/maturity?id: tiles per contract term (spec §2 "Maturity and interval selection"). */
export const MaturityPage = flowScreen('titles.periods-maturity', (props) => <Tiles mode="maturity" {...props} />);

/** /periods/interval?id: tiles per billing interval of the chosen term. */
export const IntervalPage = flowScreen('titles.periods-interval', (props) => <Tiles mode="interval" {...props} />);

function Tiles({ mode, state, item, product, lineProducts }: { mode: PeriodMode } & ScreenBodyProps) {
  const { t } = useTranslation();
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const failureText = useFailureText();
  const [setPeriod, { isLoading: saving }] = useSetPeriodMutation();
  const [failure, setFailure] = useState<string>();
  const rowId = item.row_id;

  // Each choice is saved at once; keeping the current tile (or no choice: 'Weiter') just goes on.
  const choose = async (choice?: PeriodChoice) => {
    setFailure(undefined);
    try {
      let cart;
      if (choice && !choice.current) {
        const res = await setPeriod({ rowId, maturity_id: choice.maturityId, interval_id: choice.intervalId }).unwrap();
        showCartNotices(res.notices);
        cart = res.cart;
      }
      // A term or interval chosen: a domain chosen for the item later keeps it (configured-items.ts).
      markItemConfigured(rowId);
      await goNext({ rowId, from: SCREEN[mode], flags: state.flags, cart });
    } catch (e) {
      setFailure(failureText(e));
    }
  };

  return (
    <section className="hc-page" aria-busy={saving || undefined}>
      <h1>{t(`titles.${SCREEN[mode]}`)}</h1>
      <p>{t(mode === 'maturity' ? 'periods.maturity_intro' : 'periods.interval_intro', { name: product.name })}</p>
      {failure && (
        <p role="alert" className="hc-error">
          {failure}
        </p>
      )}
      <PeriodTiles item={item} product={product} lineProducts={lineProducts} mode={mode} withVat={state.withVat} busy={saving} onChoose={(c) => void choose(c)} />
      {/*
        A tile is the choice and goes on; the current one is marked. On phones the tiles with their
        prices fill the screen, so the bar keeps the total and 'Weiter' (keep the current choice,
        as its tile does) in reach (issue 23); on wider screens the tiles are all in view and the
        button stays below them.
      */}
      <ActionBar>
        <div className="hc-actions">
          <button type="button" className="hc-button" disabled={saving} onClick={() => void choose()}>
            {t('addon_screens.next')}
          </button>
        </div>
      </ActionBar>
    </section>
  );
}
