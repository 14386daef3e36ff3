import type { RemoteRoutesModule } from '@hostcart/shared-routing';
// Importing the feature libraries injects their slices (flow-feature-catalog's catalogFlow) into
// the shell's store; the other screens keep their state in the cart and the URL.
import { CategoriesPage, ProductsPage } from '@hostcart/flow-feature-catalog';
import { AddonVariantsPage, AddonsPage, IntervalPage, MaturityPage, PeriodsPage, PromotedAddonsPage } from '@hostcart/flow-feature-addons';
import { AddDomainPage, AddProductPage, AdditionalDomainFieldsPage, DomainsPage, LookupPage } from '@hostcart/flow-feature-domains';
import { AdditionalAddonFieldsPage, AdditionalUpsellFieldsPage, ProductFieldsPage } from '@hostcart/flow-feature-fields';
import { ContractTransferPage } from '@hostcart/flow-feature-contract-transfer';
import {
  AddonReselectionPage,
  PopularAddonsPage,
  ReselectAddonVariantsPage,
  ReselectPopularAddonsPage,
  ReselectPromotedAddonsPage,
  ReselectStandardAddonsPage,
} from '@hostcart/flow-feature-upsells';

/** The flow screens by route id; a flow route without one shows "not available yet". */
export const screens: RemoteRoutesModule['screens'] = {
  categories: CategoriesPage,
  products: ProductsPage,
  domains: DomainsPage,
  'domains-add-domain': AddDomainPage,
  'domains-add-product': AddProductPage,
  'domains-lookup': LookupPage,
  'domains-additional-fields': AdditionalDomainFieldsPage,
  'addon-variants': AddonVariantsPage,
  'promoted-addons': PromotedAddonsPage,
  addons: AddonsPage,
  periods: PeriodsPage,
  'periods-maturity': MaturityPage,
  'periods-interval': IntervalPage,
  'additional-product-fields': ProductFieldsPage,
  'additional-addon-fields': AdditionalAddonFieldsPage,
  'additional-popularaddon-fields': AdditionalUpsellFieldsPage,
  'popular-addons': PopularAddonsPage,
  'addon-reselection': AddonReselectionPage,
  'addon-reselection-popular-addons': ReselectPopularAddonsPage,
  'addon-reselection-addon-variants': ReselectAddonVariantsPage,
  'addon-reselection-promoted-addons': ReselectPromotedAddonsPage,
  'addon-reselection-standard-addons': ReselectStandardAddonsPage,
  'contract-transfer': ContractTransferPage,
};
