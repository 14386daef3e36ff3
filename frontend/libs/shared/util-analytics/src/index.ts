export {
  addPaymentInfo,
  addToCart,
  beginCheckout,
  checkoutPageView,
  CHECKOUT_PAGES,
  CURRENCY,
  euros,
  purchase,
  removeFromCart,
  viewCart,
  viewItemList,
} from './lib/events';
export type {
  AnalyticsEvent,
  AnalyticsLine,
  CheckoutPage,
  CheckoutPageEvent,
  Ecommerce,
  EcommerceEvent,
  EcommerceEventName,
  Ga4Item,
  ItemKind,
  Order,
} from './lib/events';
export { markEnvironment, PRODUCTION_ENV, TEST_SALE, track } from './lib/track';
export type { DataLayerHost } from './lib/track';
