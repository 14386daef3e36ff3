export * from './lib/categories-page';
export * from './lib/products-page';
export * from './lib/product-card';
export * from './lib/domain-search';
export * from './lib/catalog-flow.slice';
export { AddingItemsGate, useAddingItemsAllowed } from './lib/order/adding-allowed';
export { needsProductFields } from './lib/order/order-rules';
export { useOrderProduct } from './lib/order/use-order-product';
export type { OrderQuery } from './lib/order/use-order-product';
