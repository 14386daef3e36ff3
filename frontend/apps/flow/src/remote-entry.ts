import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
// Importing flow-feature-catalog injects its slice (catalogFlow) into the shell's store, so it is
// loaded with this module (the products screen's own code is fetched by the library when its route
// is first entered); the other screens keep their state in the cart and the URL and are loaded
// when their route is entered.
import { CategoriesPage, ProductsPage } from '@hostcart/flow-feature-catalog';
import { LoadingState } from '@hostcart/shared-ui';

/**
 * A screen whose library is fetched when its route is first entered: the first screen (the
 * categories) must not wait for the code of every later step of the flow.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  const Screen = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function LazyScreen() {
    const loading = createElement('section', { className: 'hc-page' }, createElement(LoadingState, { lines: 4 }));
    return createElement(Suspense, { fallback: loading }, createElement(Screen));
  };
}

const addons = () => import('@hostcart/flow-feature-addons');
const domains = () => import('@hostcart/flow-feature-domains');
const fields = () => import('@hostcart/flow-feature-fields');
const contractTransfer = () => import('@hostcart/flow-feature-contract-transfer');
const upsells = () => import('@hostcart/flow-feature-upsells');

/** The flow screens by route id; a flow route without one shows "not available yet". */
export const screens: RemoteRoutesModule['screens'] = {
  categories: CategoriesPage,
  products: ProductsPage,
  domains: lazyScreen(domains, (m) => m.DomainsPage),
  'domains-add-domain': lazyScreen(domains, (m) => m.AddDomainPage),
  'domains-add-product': lazyScreen(domains, (m) => m.AddProductPage),
  'domains-lookup': lazyScreen(domains, (m) => m.LookupPage),
  'domains-additional-fields': lazyScreen(domains, (m) => m.AdditionalDomainFieldsPage),
  'addon-variants': lazyScreen(addons, (m) => m.AddonVariantsPage),
  'promoted-addons': lazyScreen(addons, (m) => m.PromotedAddonsPage),
  addons: lazyScreen(addons, (m) => m.AddonsPage),
  periods: lazyScreen(addons, (m) => m.PeriodsPage),
  'periods-maturity': lazyScreen(addons, (m) => m.MaturityPage),
  'periods-interval': lazyScreen(addons, (m) => m.IntervalPage),
  'additional-product-fields': lazyScreen(fields, (m) => m.ProductFieldsPage),
  'additional-addon-fields': lazyScreen(fields, (m) => m.AdditionalAddonFieldsPage),
  'additional-popularaddon-fields': lazyScreen(fields, (m) => m.AdditionalUpsellFieldsPage),
  'popular-addons': lazyScreen(upsells, (m) => m.PopularAddonsPage),
  'addon-reselection': lazyScreen(upsells, (m) => m.AddonReselectionPage),
  'addon-reselection-popular-addons': lazyScreen(upsells, (m) => m.ReselectPopularAddonsPage),
  'addon-reselection-addon-variants': lazyScreen(upsells, (m) => m.ReselectAddonVariantsPage),
  'addon-reselection-promoted-addons': lazyScreen(upsells, (m) => m.ReselectPromotedAddonsPage),
  'addon-reselection-standard-addons': lazyScreen(upsells, (m) => m.ReselectStandardAddonsPage),
  'contract-transfer': lazyScreen(contractTransfer, (m) => m.ContractTransferPage),
};
