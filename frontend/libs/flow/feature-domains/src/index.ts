import './lib/domains.css';
export * from './lib/selection/domain-selection';
export { useCartDomainSelection, useDomainSelection, DOMAIN_ONLY_TYPE } from './lib/selection/cart-selection';
export { useDomainsNext } from './lib/lookup/next-step';
export { LookupPage } from './lib/lookup/lookup-page';
export { AddDomainPage } from './lib/screens/add-domain-page';
export { AddProductPage } from './lib/screens/add-product-page';
export { DomainsPage } from './lib/screens/domains-page';
export { AdditionalDomainFieldsPage } from './lib/fields/additional-domain-fields-page';
