export * from './lib/selection/domain-selection';
export {
  usePlaceholderDomainSelection,
  useDomainSelection,
  domainSelectionPlaceholderSlice,
  selectPlaceholderDomains,
} from './lib/selection/placeholder-selection';
export { LookupPage } from './lib/lookup/lookup-page';
export { AddDomainPage } from './lib/screens/add-domain-page';
export { AddProductPage } from './lib/screens/add-product-page';
export { DomainsPage } from './lib/screens/domains-page';
export { AdditionalDomainFieldsPage } from './lib/fields/additional-domain-fields-page';
