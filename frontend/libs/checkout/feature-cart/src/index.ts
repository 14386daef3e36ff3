export { CartPage } from './lib/cart-page';
export type { CartPageProps, PeriodModalProps } from './lib/cart-page';
export { CheckoutBreadcrumbs, CHECKOUT_STEPS, CLOUD_DOMAINS_STEPS } from './lib/checkout-breadcrumbs';
export type { CheckoutStep } from './lib/checkout-breadcrumbs';
