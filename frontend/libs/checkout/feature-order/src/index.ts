import './lib/order.css';
export { ConfirmPage, FEEDBACK_DEBOUNCE_MS, ERROR_SCROLL_DELAY_MS } from './lib/confirm-page';
export type { ConfirmPageProps } from './lib/confirm-page';
export { SmsValidationPage, SMS_CODE_LENGTH, isSmsCharacter } from './lib/sms-validation-page';
export { SuccessPage } from './lib/success-page';
export { CancelPaypalSubscriptionPage } from './lib/cancel-paypal-page';
export { PostfillPage, PostfillProductsPage, PostfillPopularAddonsPage, PostfillAddonsPage, PostfillDomainsPage } from './lib/postfill-page';
export { FEEDBACK_KEY } from './lib/storage';
