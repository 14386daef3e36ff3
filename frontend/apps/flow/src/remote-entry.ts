import type { RemoteRoutesModule } from '@hostcart/shared-routing';
// Importing the feature libraries injects their slices (catalogFlow, domainSelectionPlaceholder)
// into the shell's store.
import { CategoriesPage, ProductsPage } from '@hostcart/flow-feature-catalog';
import { AddDomainPage, AddProductPage, AdditionalDomainFieldsPage, DomainsPage, LookupPage } from '@hostcart/flow-feature-domains';

/** The flow screens built so far; the other flow routes show "not available yet". */
export const screens: RemoteRoutesModule['screens'] = {
  categories: CategoriesPage,
  products: ProductsPage,
  domains: DomainsPage,
  'domains-add-domain': AddDomainPage,
  'domains-add-product': AddProductPage,
  'domains-lookup': LookupPage,
  'domains-additional-fields': AdditionalDomainFieldsPage,
};
