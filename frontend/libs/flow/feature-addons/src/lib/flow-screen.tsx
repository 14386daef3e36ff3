import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, useGetAdminQuery, useGetCurrentBrandQuery, type CartItem, type Product } from '@hostcart/shared-data-access-api';
import { useFlowItem, withAddingItemsGate, type FlowItemState } from '@hostcart/flow-data-access-flow';
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

export function FlowGate({ title, state, children }: { title: string; state: FlowScreenState; children: (loaded: LoadedItem) => ReactNode }) {
  const navigate = useNavigate();
  const { flow } = state;
  // Spec §6: preconfigured items are non-interactive except for sales agents. A screen opened by
  // URL for one goes to the cart (the cart service refuses the change anyway, 403
  // cart.preconfigured_item_locked); a failed admin call counts as no agent.
  const preconfigured = !!flow.item?.is_preconfigured;
  const admin = useGetAdminQuery(undefined, { skip: !preconfigured });
  if (flow.error && errorMessageKey(flow.error as FetchBaseQueryError) === 'cart.item_not_found') return <Navigate replace to={pathTo('categories')} />;
  if (preconfigured && (admin.isError || (admin.isSuccess && !admin.data?.is_sales_agent))) return <Navigate replace to={pathTo('cart')} />;
  let body: ReactNode;
  if (flow.error) body = <ErrorState messageKey={errorMessageKey(flow.error as FetchBaseQueryError)} onRetry={() => navigate(0)} />;
  else if (flow.isLoading || state.brandLoading || !flow.context || !flow.item || !flow.product || (preconfigured && !admin.isSuccess)) body = <LoadingState lines={3} />;
  else return <>{children({ item: flow.item, product: flow.product, lineProducts: flow.lineProducts })}</>;
  return (
    <section className="hc-page">
      <h1>{title}</h1>
      {body}
    </section>
  );
}

/** A failed mutation as a translated message for the screen's alert. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => t(errorMessageKey(error as FetchBaseQueryError), { defaultValue: t('error.generic') });
}

/** The props of a screen's body: the loaded item plus the screen state. */
export type ScreenBodyProps = { state: FlowScreenState } & LoadedItem;

/** A flow screen: the item of ?id behind FlowGate, then the body once everything is loaded. */
export function flowScreen(titleKey: string, Body: ComponentType<ScreenBodyProps>, options: { addsItems?: boolean } = {}): ComponentType {
  function FlowScreen() {
    const { t } = useTranslation();
    const state = useFlowScreen();
    return (
      <FlowGate title={t(titleKey)} state={state}>
        {(loaded) => <Body state={state} {...loaded} />}
      </FlowGate>
    );
  }
  // Spec §2, §6: a route that adds items goes to the cart when adding is not allowed (a customer
  // on an order draft).
  return options.addsItems ? withAddingItemsGate(FlowScreen, <GateLoading titleKey={titleKey} />) : FlowScreen;
}

/** The screen while the gate waits for the cart: its heading (as FlowGate's loading state) and a placeholder. */
function GateLoading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="hc-page">
      <h1>{t(titleKey)}</h1>
      <LoadingState lines={3} />
    </section>
  );
}
