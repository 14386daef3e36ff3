import './lib/action-bar.css';
export { ActionBar } from './lib/action-bar';
export type { ActionBarProps } from './lib/action-bar';
export { CartTotal, useCartTotal } from './lib/cart-total';
export type { CartTotalFigures } from './lib/cart-total';
