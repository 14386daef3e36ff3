export * from './lib/modal';
export * from './lib/states';
export * from './lib/form-field';
