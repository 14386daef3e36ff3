import './lib/styles/tokens.css';
import './lib/styles/components.css';
export * from './lib/modal';
export * from './lib/states';
export * from './lib/form-field';
export * from './lib/clock';
export * from './lib/price-totals';
