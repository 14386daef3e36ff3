export { ProductFieldsPage } from './lib/product-fields-page';
export { AdditionalAddonFieldsPage, AdditionalUpsellFieldsPage } from './lib/addon-fields-page';
