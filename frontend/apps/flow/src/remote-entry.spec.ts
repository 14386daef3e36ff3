import { routes } from '@hostcart/shared-routing';
import { CategoriesPage, ProductsPage } from '@hostcart/flow-feature-catalog';
import { AddonVariantsPage, AddonsPage, IntervalPage, MaturityPage, PeriodsPage, PromotedAddonsPage } from '@hostcart/flow-feature-addons';
import { AddDomainPage, AddProductPage, AdditionalDomainFieldsPage, DomainsPage, LookupPage } from '@hostcart/flow-feature-domains';
import { AdditionalAddonFieldsPage, AdditionalUpsellFieldsPage, ProductFieldsPage } from '@hostcart/flow-feature-fields';
import {
  AddonReselectionPage,
  PopularAddonsPage,
  ReselectAddonVariantsPage,
  ReselectPopularAddonsPage,
  ReselectPromotedAddonsPage,
  ReselectStandardAddonsPage,
} from '@hostcart/flow-feature-upsells';
import { screens } from './remote-entry';

// Flow routes whose screen is not built yet: they show "not available yet". Building one means
// registering it and removing it here.
const NOT_BUILT = ['contract-transfer'];

describe('flow remote', () => {
  const owned = routes.filter((r) => r.owner === 'flow' && !r.redirect).map((r) => r.id);

  it('only provides screens for routes it owns', () => {
    for (const id of Object.keys(screens)) expect(owned).toContain(id);
  });

  it('provides a screen for every flow route except the ones not built yet', () => {
    expect(owned.filter((id) => !screens[id]).sort()).toEqual(NOT_BUILT);
  });

  it('registers each route with its screen', () => {
    // Ids and components side by side: a screen under the wrong id (e.g. the addon fields page on
    // the upsell fields route) renders without complaint, so the pairs are checked here.
    expect(screens).toEqual({
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
    });
  });
});
