export { PaymentPage } from './lib/payment-page';
export type { PaymentPageProps } from './lib/payment-page';
