import type { RemoteRoutesModule } from '@hostcart/shared-routing';
// Importing the feature library injects its slice (catalogFlow) into the shell's store.
import { CategoriesPage, ProductsPage } from '@hostcart/flow-feature-catalog';

/** The flow screens built so far; the other flow routes show "not available yet". */
export const screens: RemoteRoutesModule['screens'] = {
  categories: CategoriesPage,
  products: ProductsPage,
};
