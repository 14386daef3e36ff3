import './lib/upsells.css';
export { PopularAddonsPage } from './lib/popular-addons-page';
export {
  AddonReselectionPage,
  ReselectAddonVariantsPage,
  ReselectPopularAddonsPage,
  ReselectPromotedAddonsPage,
  ReselectStandardAddonsPage,
} from './lib/addon-reselection-page';
export { reselectionTarget, reselectionChildTarget } from './lib/reselection-target';
export type { ReselectionChild } from './lib/reselection-target';
export { upsellOffers, needsUpsellFields } from './lib/upsell-offer';
export type { UpsellOffer, UpsellProduct } from './lib/upsell-offer';
