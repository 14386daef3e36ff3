export { CartPage } from './lib/cart-page';
export type { CartPageProps, PeriodModalProps } from './lib/cart-page';
export { CheckoutBreadcrumbs, CHECKOUT_STEPS, CLOUD_DOMAINS_STEPS, EXISTING_CUSTOMER_STEPS, useBreadcrumbSet } from './lib/checkout-breadcrumbs';
export type { CheckoutStep } from './lib/checkout-breadcrumbs';
