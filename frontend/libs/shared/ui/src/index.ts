export * from './lib/modal';
export * from './lib/states';
