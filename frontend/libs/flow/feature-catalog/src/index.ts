import './lib/catalog.css';
export * from './lib/categories-page';
// Lazy: see products-page-lazy.tsx. Nothing here may import ./lib/products-page or
// ./lib/order/use-order-product statically, or their libraries are back on the first screen.
export { ProductsPage } from './lib/products-page-lazy';
export * from './lib/domain-search';
export * from './lib/catalog-flow.slice';
export { needsProductFields } from './lib/order/order-rules';
