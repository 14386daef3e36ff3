export * from './lib/store';
export * from './lib/hooks';
export * from './lib/notifications';
export * from './lib/modals';
export * from './lib/cart';
