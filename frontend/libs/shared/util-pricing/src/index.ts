export * from './lib/price';
