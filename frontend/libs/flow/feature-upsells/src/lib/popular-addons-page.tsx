import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  errorMessageKey,
  useAddUpsellMutation,
  useGetCartQuery,
  useGetCountriesQuery,
  useGetCurrentBrandQuery,
  useGetPricedCartQuery,
  useRemoveUpsellMutation,
  useSetAdditionalFieldsMutation,
  useValidateAdditionalFieldsMutation,
  type Cart,
  type FieldValue,
} from '@hostcart/shared-data-access-api';
import { useCartNotices, useFlowItem, useGoNext, withAddingItemsGate } from '@hostcart/flow-data-access-flow';
import { ActionBar } from '@hostcart/shared-feature-action-bar';
import { FALLBACK_PATH, pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { FieldsForm, type ServerFieldErrors } from '@hostcart/shared-ui-fields';
import { displaysPricesWithVat } from '@hostcart/shared-util-pricing';
import { freshestItem, needsUpsellFields, upsellOffers, type UpsellOffer } from './upsell-offer';
import { UpsellPrice } from './upsell-price';

/** History state of /popular-addons (spec §2 params). */
interface PopularAddonsState {
  returnToCart?: boolean;
  browseAllUpsells?: boolean;
}

const NO_COUNTRIES: never[] = [];
const ITEM_NOT_FOUND = 'cart.item_not_found';

type Busy = 'add' | 'pass' | 'remove' | 'proceed' | null;

/**
 * /popular-addons?id=<row id>&upsellProductId (spec §2 "Popular addons (upsell)"): the upsell's
 * advantages with its price against the disadvantages of going without. 'Add' puts it into the
 * cart (the service gives it the product's contract and interval months) and proceeds unless its
 * fields are needed; 'pass' removes it when it was added and proceeds. History state
 * browseAllUpsells walks every upsell of the product; returnToCart offers leaving unchanged. It adds
 * items: a customer on an order draft goes to the cart (spec §2, §6).
 */
export const PopularAddonsPage = withAddingItemsGate(PopularAddons, <GateLoading />);

/** The screen while the gate waits for the cart: its route's heading and a placeholder. */
function GateLoading() {
  const { t } = useTranslation();
  return (
    <section className="hc-page">
      <h1>{t('titles.popular-addons')}</h1>
      <LoadingState lines={4} />
    </section>
  );
}

function PopularAddons() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const rowId = query.get('id') ?? undefined;
  const state = (location.state ?? {}) as PopularAddonsState;
  const returnToCart = !!state.returnToCart;
  const browseAll = !!state.browseAllUpsells;
  const upsellProductId = Number(query.get('upsellProductId')) || undefined;

  const flow = useFlowItem(rowId);
  const cartQuery = useGetCartQuery();
  const priced = useGetPricedCartQuery();
  const brand = useGetCurrentBrandQuery();
  const countries = useGetCountriesQuery();
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const [addUpsell] = useAddUpsellMutation();
  const [removeUpsell] = useRemoveUpsellMutation();
  const [setFields] = useSetAdditionalFieldsMutation();
  const [validateFields] = useValidateAdditionalFieldsMutation();

  const [answered, setAnswered] = useState<Cart>();
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState<Busy>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const advantagesId = useId();
  const disadvantagesId = useId();
  const fieldsId = useId();

  const item = rowId ? freshestItem(rowId, flow.item, cartQuery.data?.cart.version, answered) : undefined;
  // The walk is fixed when the screen opens: adding or passing an upsell must not reorder it.
  const offers = useMemo(
    () => (flow.product && flow.item ? upsellOffers(flow.product, flow.item, flow.lineProducts, { upsellProductId, browseAll }) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the walk is computed from the item when it arrives (!!flow.item), not from each new cart version: adding or passing an upsell changes the item and must not reorder the offers.
    [flow.product, flow.lineProducts, upsellProductId, browseAll, !!flow.item],
  );
  const offer: UpsellOffer | undefined = offers[index];
  const line = offer && item?.upsells.find((u) => u.id === offer.link.upsell_id);
  const pricedLine = offer && priced.data?.priced.items.find((i) => i.row_id === rowId)?.upsells.find((u) => u.id === offer.link.upsell_id);
  const withVat = priced.data ? priced.data.priced.prices_with_vat : displaysPricesWithVat(brand.data?.properties);
  const showFields = !!line && !!offer && needsUpsellFields(offer.product);
  const ready = !flow.isLoading && !!flow.context && !!item;

  // Moving to the next upsell of the walk: the screen reader hears the new headline.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);

  const proceed = async (cart?: Cart) => {
    if (!rowId) return;
    if (index + 1 < offers.length) {
      setIndex(index + 1);
      return;
    }
    setBusy('proceed');
    try {
      await goNext({ rowId, from: 'popular-addons', flags: { returnToCart }, cart: cart ?? answered });
    } catch {
      dispatch(notify({ type: 'error', message: 'error.generic' }));
      setBusy(null);
    }
  };

  // No upsell can be offered (none orderable for the item's period): the flow simply goes on.
  const skipped = useRef(false);
  useEffect(() => {
    if (!ready || offers.length > 0 || skipped.current || !rowId) return;
    skipped.current = true;
    void goNext({ rowId, from: 'popular-addons', flags: { returnToCart } }).catch(() => dispatch(notify({ type: 'error', message: 'error.generic' })));
  }, [ready, offers.length, rowId, returnToCart, goNext, dispatch]);

  const failed = (e: unknown) => dispatch(notify({ type: 'error', message: errorMessageKey(e as FetchBaseQueryError) }));

  const add = async (o: UpsellOffer) => {
    if (!rowId) return;
    setBusy('add');
    try {
      const res = await addUpsell({ rowId, upsell_id: o.link.upsell_id }).unwrap();
      setAnswered(res.cart);
      // add_to_cart / remove_from_cart come from the store's cart-analytics listener.
      showCartNotices(res.notices);
      if (needsUpsellFields(o.product)) {
        setBusy(null);
        return;
      }
      await proceed(res.cart);
    } catch (e) {
      failed(e);
    } finally {
      setBusy((b) => (b === 'add' ? null : b));
    }
  };

  const drop = async (o: UpsellOffer): Promise<Cart | undefined> => {
    if (!rowId) return undefined;
    const res = await removeUpsell({ rowId, upsellId: o.link.upsell_id }).unwrap();
    setAnswered(res.cart);
    showCartNotices(res.notices);
    return res.cart;
  };

  const pass = async (o: UpsellOffer) => {
    setBusy('pass');
    try {
      const cart = line ? await drop(o) : undefined;
      await proceed(cart);
    } catch (e) {
      failed(e);
    } finally {
      setBusy((b) => (b === 'pass' ? null : b));
    }
  };

  const remove = async (o: UpsellOffer) => {
    setBusy('remove');
    try {
      await drop(o);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };

  // Save and proceed: the server validates first (spec §4 "Field forms"); errors keep the form.
  const saveFields = async (o: UpsellOffer, values: FieldValue[]): Promise<ServerFieldErrors | void> => {
    if (!rowId) return;
    try {
      const check = await validateFields({ fields: values.map((v) => ({ id: v.field_id, value: v.value, type: 'upsell' as const })) }).unwrap();
      if (Object.keys(check.errors).length > 0) return check.errors;
      const res = await setFields({ rowId, line: { kind: 'upsell', line_id: o.link.upsell_id }, additional_fields: values }).unwrap();
      setAnswered(res.cart);
      showCartNotices(res.notices);
      await proceed(res.cart);
    } catch (e) {
      failed(e);
    }
  };

  if (flow.error && errorMessageKey(flow.error as FetchBaseQueryError) === ITEM_NOT_FOUND) return <Navigate to={FALLBACK_PATH} replace />;
  if (ready && !item) return <Navigate to={FALLBACK_PATH} replace />;

  const heading = offer ? offer.link.upsell_headline || offer.product.upsell_headline || offer.product.name : t('titles.popular-addons');
  const name = offer?.product.name ?? '';
  const advantages = offer?.product.advantages ?? [];

  return (
    <section className="hc-page hc-upsell">
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {flow.error ? (
        <ErrorState messageKey={errorMessageKey(flow.error as FetchBaseQueryError)} />
      ) : !ready || !offer || busy === 'proceed' ? (
        <LoadingState lines={4} />
      ) : (
        <>
          {offers.length > 1 && <p className="hc-hint">{t('upsells.step', { current: index + 1, total: offers.length })}</p>}
          <div className="hc-cards hc-upsell__panels">
            <section className="hc-card hc-card--highlight hc-upsell__panel" aria-labelledby={advantagesId}>
              <h2 id={advantagesId}>{offer.product.advantages_headline || t('upsells.advantages', { name })}</h2>
              {advantages.length > 0 && (
                <ul className="hc-upsell__list">
                  {advantages.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              )}
              <UpsellPrice upsell={offer.product} priced={pricedLine} maturity={offer.maturity} withVat={withVat} />
              {line ? (
                <p className="hc-upsell__added" role="status">
                  {t('upsells.added', { name })}
                </p>
              ) : (
                <button type="button" className="hc-button" disabled={busy !== null} aria-busy={busy === 'add' || undefined} onClick={() => void add(offer)}>
                  {busy === 'add' ? t('upsells.adding') : offer.product.advantages_button_text || t('upsells.add', { name })}
                </button>
              )}
              {showFields && (
                <section className="hc-upsell__fields" aria-labelledby={fieldsId}>
                  <h3 id={fieldsId}>{t('upsells.fields_heading', { name })}</h3>
                  <FieldsForm
                    key={offer.link.upsell_id}
                    fields={offer.product.additional_fields}
                    stored={line?.additional_fields}
                    countries={countries.data ?? NO_COUNTRIES}
                    brandCountry={brand.data?.properties['country_code'] ?? ''}
                    onSave={(values) => saveFields(offer, values)}
                    saveLabel={t('upsells.save_and_proceed')}
                    busy={busy !== null}
                    secondaryActions={
                      <button type="button" className="hc-button hc-button--secondary" disabled={busy !== null} onClick={() => void remove(offer)}>
                        {t('upsells.remove', { name })}
                      </button>
                    }
                  />
                </section>
              )}
            </section>
            <section className="hc-card hc-upsell__panel" aria-labelledby={disadvantagesId}>
              <h2 id={disadvantagesId}>{offer.link.disadvantages_headline || t('upsells.disadvantages', { name })}</h2>
              {offer.link.disadvantages.length > 0 && (
                <ul className="hc-upsell__list">
                  {offer.link.disadvantages.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
              {/*
                Going on without the upsell is the screen's continue: on phones it sits in the bar
                with the total (issue 23, the panels stack and it lay a screen below), while the
                add button stays with the offer at the top; wider, it stays in its panel.
              */}
              <ActionBar>
                <button
                  type="button"
                  className="hc-button hc-button--secondary"
                  disabled={busy !== null}
                  aria-busy={busy === 'pass' || undefined}
                  onClick={() => void pass(offer)}
                >
                  {offer.link.disadvantages_button_text || t('upsells.pass', { name })}
                </button>
              </ActionBar>
            </section>
          </div>
          {returnToCart && (
            <p className="hc-upsell__return">
              <button type="button" className="hc-link-button" disabled={busy !== null} onClick={() => navigate(pathTo('cart'))}>
                {t('upsells.proceed_without_changes')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
