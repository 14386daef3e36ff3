import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, useGetCurrentBrandQuery, type CartItem, type Product } from '@hostcart/shared-data-access-api';
import { useFlowItem, usePreconfiguredLock, withAddingItemsGate, type FlowItemState } from '@hostcart/flow-data-access-flow';
import type { FlowFlags } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { displaysPricesWithVat } from '@hostcart/shared-util-pricing';

export interface FlowScreenState {
  rowId?: string;
  flow: FlowItemState;
  /** Opened from the cart (history state returnToCart): the flow goes back there. */
  flags?: FlowFlags;
  withVat: boolean;
  /** The brand's country: the default of country fields. */
  brandCountry: string;
  brandLoading: boolean;
}

/** What every screen of this library reads first: the item of ?id and the brand's VAT display. */
export function useFlowScreen(): FlowScreenState {
  const [query] = useSearchParams();
  const location = useLocation();
  const rowId = query.get('id') || undefined;
  const flow = useFlowItem(rowId);
  const brand = useGetCurrentBrandQuery();
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;
  return { rowId, flow, flags: returnToCart ? { returnToCart } : undefined, withVat: displaysPricesWithVat(brand.data?.properties),
    brandCountry: brand.data?.properties?.['country_code'] ?? '',
    brandLoading: brand.isLoading,
  };
}

/**
 * Loading and error states of a flow screen. Spec §2: an id that matches no cart item goes to the
 * categories.
 */
/** The item of a screen once everything is loaded. */
export interface LoadedItem {
  item: CartItem;
  product: Product;
  lineProducts: Product[];
}

/** The page around a flow screen's loading or error state (default: a section with the heading). */
export type LoadingFrame = ComponentType<{ title: string; children: ReactNode }>;

function SectionFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="hc-page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export function FlowGate({
  title,
  state,
  children,
  frame: Frame = SectionFrame,
}: {
  title: string;
  state: FlowScreenState;
  children: (loaded: LoadedItem) => ReactNode;
  frame?: LoadingFrame;
}) {
  const navigate = useNavigate();
  const { flow } = state;
  // Spec §6: a screen opened by URL for a preconfigured item goes to the cart, unless a sales agent.
  const lock = usePreconfiguredLock(flow.item);
  if (flow.error && errorMessageKey(flow.error as FetchBaseQueryError) === 'cart.item_not_found') return <Navigate replace to={pathTo('categories')} />;
  if (lock === 'locked') return <Navigate replace to={pathTo('cart')} />;
  let body: ReactNode;
  if (flow.error) body = <ErrorState messageKey={errorMessageKey(flow.error as FetchBaseQueryError)} onRetry={() => navigate(0)} />;
  else if (flow.isLoading || state.brandLoading || !flow.context || !flow.item || !flow.product || lock === 'pending') body = <LoadingState lines={3} />;
  else return <>{children({ item: flow.item, product: flow.product, lineProducts: flow.lineProducts })}</>;
  return <Frame title={title}>{body}</Frame>;
}

/** A failed mutation as a translated message for the screen's alert. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => t(errorMessageKey(error as FetchBaseQueryError), { defaultValue: t('error.generic') });
}

/** The props of a screen's body: the loaded item plus the screen state. */
export type ScreenBodyProps = { state: FlowScreenState } & LoadedItem;

/**
 * A flow screen: the item of ?id behind FlowGate, then the body once everything is loaded.
 * `frame` draws the page around the loading state (the addons screen keeps its note box there).
 */
export function flowScreen(titleKey: string, Body: ComponentType<ScreenBodyProps>, options: { addsItems?: boolean; frame?: LoadingFrame } = {}): ComponentType {
  function FlowScreen() {
    const { t } = useTranslation();
    const state = useFlowScreen();
    return (
      <FlowGate title={t(titleKey)} state={state} frame={options.frame}>
        {(loaded) => <Body state={state} {...loaded} />}
      </FlowGate>
    );
  }
  // Spec §2, §6: a route that adds items goes to the cart when adding is not allowed (a customer
  // on an order draft).
  return options.addsItems ? withAddingItemsGate(FlowScreen, <GateLoading titleKey={titleKey} frame={options.frame} />) : FlowScreen;
}

/** The screen while the gate waits for the cart: its heading (as FlowGate's loading state) and a placeholder. */
function GateLoading({ titleKey, frame: Frame = SectionFrame }: { titleKey: string; frame?: LoadingFrame }) {
  const { t } = useTranslation();
  return (
    <Frame title={t(titleKey)}>
      <LoadingState lines={3} />
    </Frame>
  );
}
