export * from './lib/sanitize';
export * from './lib/routes';
export * from './lib/remote';
