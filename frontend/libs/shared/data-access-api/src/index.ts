export * from './lib/types';
export * from './lib/api';
export * from './lib/csrf';
export * from './lib/loading';
export * from './lib/catalog';
export * from './lib/locale';
export * from './lib/errors';
