import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  useAddAddonMutation,
  useGetAdminQuery,
  useGetCurrentBrandQuery,
  useGetCurrentDraftQuery,
  useGetPricedCartQuery,
  useGetProductsQuery,
  useGetSessionCustomerQuery,
  useRemoveAddonMutation,
  useRemoveDomainMutation,
  useRemoveItemMutation,
  useRemoveUpsellMutation,
  useSaveDraftMutation,
  type CartNotice,
  type CartResponse,
  type PricedItem,
  type Product,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { ActionBar } from '@hostcart/shared-feature-action-bar';
import { notify, pricedCartLines, useAppDispatch } from '@hostcart/shared-store';
import { beginCheckout, track, viewCart } from '@hostcart/shared-util-analytics';
import { BlockingDialog } from './blocking-dialog';
import { CartFootnote } from './cart-footnote';
import { CartItem } from './cart-item';
import { CartSummary } from './cart-summary';
import { CheckoutBreadcrumbs } from './checkout-breadcrumbs';
import { checkoutTarget, firstCheckoutBlock, type CheckoutBlock } from './checkout-gate';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { ContractDialog } from './contract-dialog';
import { useCartNotifications } from './notices';
import { removalName, type Removal } from './removal';
import { TrustBox } from './trust-box';
// The cart page's own styles ship with the checkout remote (issue 14); tokens and shared
// components (--hc-*, .hc-button, .hc-input) stay in the shell's styles.css.
import './cart-page.css';

/** The period modal of spec §4 ("Period change modal for products"), built in @hostcart/shared-feature-periods. */
export interface PeriodModalProps {
  rowId: string;
  line?: { kind: 'addon' | 'upsell'; id: number };
  onClose: () => void;
  /** Notices of each change (spec §8), shown as notifications by the cart. */
  onNotices?: (notices: readonly CartNotice[]) => void;
}

export interface CartPageProps {
  /**
   * The period modal. The checkout remote passes it in: a feature library may not import another
   * feature library (module boundaries), the app may. Without it "change term" goes to the
   * flow's /periods route of the item.
   */
  PeriodModal?: ComponentType<PeriodModalProps>;
}

const flag = (props: Record<string, string> | undefined, key: string) => props?.[key] === 'true';

/** /cart: the priced cart with its rows, summary, trust box, footnote and the way to the checkout. */
export function CartPage({ PeriodModal }: CartPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useGetCurrentBrandQuery();
  // An existing customer goes on to the logout view instead of the customer forms (spec §4).
  const customer = useGetSessionCustomerQuery();
  // Customers from the external sign-in (cloud panel) see no prices in the cart (spec §2).
  const hidePrices = !!customer.data?.customer.panel;
  // Anyone not known as a business is told a consumer's notice periods, as the confirm page does.
  const consumer = customer.data?.customer.basic_info?.group !== 0;
  const { data, error, isLoading, isFetching, refetch } = useGetPricedCartQuery();
  const priced = data?.priced;
  const items = useMemo(() => priced?.items ?? [], [priced]);
  const { showNotices, showError } = useCartNotifications();
  const dispatch = useAppDispatch();
  // A sales agent (the gateway's answer from the admin panel's token) edits preconfigured items
  // and saves the draft instead of checking out (spec §2 cart, §4, §6).
  const admin = useGetAdminQuery();
  const agent = !!admin.data?.is_sales_agent;
  const draft = useGetCurrentDraftQuery(undefined, { skip: !agent });
  const [saveDraft, saveDraftState] = useSaveDraftMutation();

  // Catalog data the priced view does not carry: addon links, upsells and domain rules of the
  // items' products, and names and prices of the addons offered for one click.
  const productIds = useMemo(() => [...new Set(items.map((i) => i.product?.id).filter((id): id is number => !!id))].sort((a, b) => a - b), [items]);
  const products = useGetProductsQuery({ ids: productIds }, { skip: productIds.length === 0 });
  const productById = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, p])), [products.data]);
  const addonIds = useMemo(
    () => [...new Set((products.data ?? []).flatMap((p) => (p.addons ?? []).map((l) => l.addon_id)))].sort((a, b) => a - b),
    [products.data],
  );
  const addonProducts = useGetProductsQuery({ ids: addonIds }, { skip: addonIds.length === 0 });
  const addonById = useMemo(() => new Map((addonProducts.data ?? []).map((p) => [p.id, p])), [addonProducts.data]);

  const [removeItem, removeItemState] = useRemoveItemMutation();
  const [removeAddon, removeAddonState] = useRemoveAddonMutation();
  const [removeUpsell, removeUpsellState] = useRemoveUpsellMutation();
  const [removeDomain, removeDomainState] = useRemoveDomainMutation();
  const [addAddon, addAddonState] = useAddAddonMutation();
  const busy = saveDraftState.isLoading || removeItemState.isLoading || removeAddonState.isLoading || removeUpsellState.isLoading || removeDomainState.isLoading || addAddonState.isLoading;

  const [removal, setRemoval] = useState<Removal | null>(null);
  const [details, setDetails] = useState<PricedItem | null>(null);
  const [termFor, setTermFor] = useState<string | null>(null);
  const [block, setBlock] = useState<CheckoutBlock | null>(null);

  const withVat = priced?.prices_with_vat ?? false;
  const properties = brand.data?.properties;
  const withInterval = flag(properties, 'display_interval_with_maturity');

  // view_cart once per visit, with the first priced view; notices of every fresh priced view
  // (what revalidation removed or moved) become notifications.
  const viewed = useRef(false);
  useEffect(() => {
    if (!data) return;
    showNotices(data.notices);
    if (!viewed.current) {
      viewed.current = true;
      track(viewCart(pricedCartLines(data.priced), data.priced.totals?.total_display_cents ?? 0));
    }
  }, [data, showNotices]);

  async function run(call: Promise<CartResponse>, onDone?: () => void) {
    try {
      const answer = await call;
      showNotices(answer.notices);
      onDone?.();
    } catch (e) {
      showError(e);
    }
  }

  async function confirmRemoval() {
    if (!removal || !priced) return;
    const rowId = removal.item.row_id;
    const call =
      removal.kind === 'product'
        ? removeItem(rowId).unwrap()
        : removal.kind === 'addon'
          ? removeAddon({ rowId, addonId: removal.line.id, cascade: removal.cascade }).unwrap()
          : removal.kind === 'upsell'
            ? removeUpsell({ rowId, upsellId: removal.line.id }).unwrap()
            : removeDomain(removal.domain.name).unwrap();
    // remove_from_cart is pushed by the store's cart-analytics listener, like every cart change.
    await run(call);
    setRemoval(null);
  }

  async function onAddAddon(item: PricedItem, addon: Product) {
    // No maturity given: the service adds the addon with the parent's matching period, or its
    // one-time maturity (spec §2 "Clicking an addon in the cart toggles it").
    // add_to_cart comes from the store's cart-analytics listener.
    await run(addAddon({ rowId: item.row_id, addon_id: addon.id }).unwrap());
  }

  function toCheckout() {
    if (!priced) return;
    const found = firstCheckoutBlock(priced);
    // A missing domain disables the button; the modal explains missing fields.
    if (found?.kind === 'domain') return;
    if (found) {
      setBlock(found);
      return;
    }
    if (agent) {
      void saveOrder();
      return;
    }
    const lines = pricedCartLines(priced);
    track(beginCheckout(lines, priced.totals?.total_display_cents ?? 0, lines.find((l) => l.coupon)?.coupon));
    navigate(checkoutTarget(brand.data, customer.data?.customer));
  }

  /** An agent's "save order": the draft is saved and the agent goes back to it in the admin panel. */
  async function saveOrder() {
    const current = draft.data?.draft;
    if (!current) {
      dispatch(notify({ type: 'error', message: 'order_drafts.no_draft' }));
      return;
    }
    try {
      const answer = await saveDraft(current.version).unwrap();
      if (answer.redirect_url) {
        window.location.assign(answer.redirect_url);
        return;
      }
      dispatch(notify({ type: 'error', title: 'error.something_went_wrong', message: 'order_drafts.unable_to_save' }));
    } catch (e) {
      const key = errorMessageKey(e as Parameters<typeof errorMessageKey>[0]);
      dispatch(notify({ type: 'error', title: 'error.something_went_wrong', message: key.startsWith('order_drafts.') ? key : 'order_drafts.unable_to_save' }));
    }
  }

  function changeTerm(item: PricedItem) {
    if (PeriodModal) setTermFor(item.row_id);
    else navigate(pathTo('periods', {}, { id: item.row_id }));
  }

  const empty = !!priced && items.length === 0;
  // The service blocks for reasons the modals explain (missing fields) and for invalid items,
  // which disable the button. A product needing a domain with none chosen disables it too (spec §2
  // "Cart"; the 'no required domain' modal belongs to the addons view), saying which and where to
  // choose one.
  const firstBlock = priced && !empty ? firstCheckoutBlock(priced) : null;
  const domainBlock = firstBlock?.kind === 'domain' ? firstBlock : null;
  const blockedWithoutExplanation = !!priced && priced.checkout_blocked && !empty && firstBlock === null;
  const checkoutHint = domainBlock ? 'hc-cart-domain-missing' : blockedWithoutExplanation ? 'hc-cart-blocked' : undefined;

  let body;
  if (isLoading || (isFetching && !data) || brand.isLoading) {
    body = <LoadingState lines={4} />;
  } else if (error || !priced) {
    body = <ErrorState messageKey={errorMessageKey(error)} onRetry={() => void refetch()} />;
  } else if (empty) {
    body = (
      <div className="hc-cart-empty">
        <p>{t('cart_page.empty')}</p>
        <p>
          <Link className="hc-button" to={pathTo('categories')}>
            {t('cart_page.add_product')}
          </Link>
        </p>
        {/* Spec §2: the checkout button is shown, disabled, when the cart is empty. */}
        <p>
          <button type="button" className="hc-button hc-button--primary" disabled>
            {t(agent ? 'cart_page.save_order' : 'cart_page.to_checkout')}
          </button>
        </p>
      </div>
    );
  } else {
    body = (
      <div className="hc-cart">
        <div className="hc-cart__items">
          {items.map((item) => (
            <CartItem
              key={item.row_id}
              item={item}
              product={item.product ? productById.get(item.product.id) : undefined}
              addonProducts={addonById}
              withVat={withVat}
              withInterval={withInterval}
              // Only sales agents may change preconfigured items (spec §6); the services refuse
              // everybody else too.
              readOnly={item.is_preconfigured && !agent}
              hidePrices={hidePrices}
              hideZeroPrices={priced?.hide_zero_prices ?? false}
              busy={busy}
              onRemove={setRemoval}
              onAddAddon={(i, a) => void onAddAddon(i, a)}
              onDetails={setDetails}
              onChangeTerm={changeTerm}
            />
          ))}
          <p className="hc-cart__more">
            <Link to={pathTo('categories')}>{t('cart_page.add_product')}</Link>
          </p>
          <CartFootnote priced={priced} consumer={consumer} />
        </div>
        <div className="hc-cart__side">
          <CartSummary
            priced={priced}
            showPromoInput={flag(properties, 'display_promocode_input_on_cart_page')}
            showCouponHint={flag(properties, 'display_coupon_code_hint_on_cart_page')}
            hidePrices={hidePrices}
          />
          <ActionBar className="hc-cart__checkout">
            <button
              type="button"
              className="hc-button hc-button--primary"
              onClick={toCheckout}
              disabled={busy || blockedWithoutExplanation || !!domainBlock}
              aria-describedby={checkoutHint}
            >
              {t(agent ? 'cart_page.save_order' : 'cart_page.to_checkout')}
            </button>
          </ActionBar>
          {domainBlock && (
            <p id="hc-cart-domain-missing" className="hc-cart__blocked">
              {t('cart.please_choose_at_least_one_domain_to_proceed', { product: domainBlock.productName })}{' '}
              {/* From the cart, a domain completes an item whose term and extras are chosen: back to the cart. */}
              <Link to={domainBlock.lookup} state={{ returnToCart: true }}>
                {t('cart.domain_selection')}
              </Link>
            </p>
          )}
          {blockedWithoutExplanation && (
            <p id="hc-cart-blocked" className="hc-cart__blocked">
              {t('cart_page.blocked')}
            </p>
          )}
          <TrustBox copyrightYear={properties?.['copyright_year']} />
        </div>
      </div>
    );
  }

  return (
    <section className="hc-page hc-cart-page">
      <CheckoutBreadcrumbs current="cart" />
      <h1>{t('titles.cart')}</h1>
      {body}
      <ConfirmRemoveDialog
        name={removal ? removalName(removal) : null}
        cascadeHint={
          removal?.kind === 'product'
            ? t('cart_page.remove.cascade_product')
            : removal?.kind === 'addon' && removal.cascade
              ? t('cart_page.remove.cascade_autoassigned', { product: removal.item.product?.name ?? '' })
              : undefined
        }
        busy={busy}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setRemoval(null)}
      />
      <ContractDialog item={details} withVat={withVat} consumer={consumer} onClose={() => setDetails(null)} />
      <BlockingDialog block={block} onClose={() => setBlock(null)} />
      {PeriodModal && termFor && <PeriodModal rowId={termFor} onClose={() => setTermFor(null)} onNotices={showNotices} />}
    </section>
  );
}
