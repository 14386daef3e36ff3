export * from './lib/categories-page';
export * from './lib/products-page';
export * from './lib/product-card';
export * from './lib/domain-search';
export * from './lib/catalog-flow.slice';
