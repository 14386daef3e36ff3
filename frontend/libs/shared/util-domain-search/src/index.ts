export * from './lib/domain-search';
