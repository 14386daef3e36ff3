export * from './lib/price';
export * from './lib/terms';
export * from './lib/catalog-price';
export * from './lib/presentation';
