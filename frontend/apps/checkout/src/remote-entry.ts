import { createElement, type ComponentType } from 'react';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { CartPage, CheckoutBreadcrumbs } from '@hostcart/checkout-feature-cart';
import { AddressPage, BasicInfoPage, LoginOrRegisterPage, LogoutPage, type CustomerScreenProps } from '@hostcart/checkout-feature-customer';
import { PaymentPage } from '@hostcart/checkout-feature-payment';
import {
  CancelPaypalSubscriptionPage,
  ConfirmPage,
  PostfillAddonsPage,
  PostfillDomainsPage,
  PostfillPage,
  PostfillPopularAddonsPage,
  PostfillProductsPage,
  SmsValidationPage,
  SuccessPage,
} from '@hostcart/checkout-feature-order';
import { PeriodModal } from '@hostcart/shared-feature-periods';

// The cart mounts the period modal of @hostcart/shared-feature-periods; a feature library may
// not import another, so the app hands it in.
function Cart() {
  return createElement(CartPage, { PeriodModal });
}

/** A customer screen with the checkout breadcrumbs at its step (the app composes the two features). */
function customerScreen(Page: ComponentType<CustomerScreenProps>): ComponentType {
  return function CustomerScreen() {
    return createElement(Page, { breadcrumbs: createElement(CheckoutBreadcrumbs, { current: 'customer' }) });
  };
}

/** The payment screen's form in the confirm page's edit modal; saving it returns to /confirm. */
function PaymentForm() {
  return createElement(PaymentPage, {});
}

/**
 * The checkout screens built so far; the other routes of this remote show the shell's "not
 * available yet" page until a screen is added here.
 */
export const screens: RemoteRoutesModule['screens'] = {
  cart: Cart,
  'login-or-register': customerScreen(LoginOrRegisterPage),
  logout: customerScreen(LogoutPage),
  'basic-info': customerScreen(BasicInfoPage),
  address: customerScreen(AddressPage),
  payment: function Payment() {
    return createElement(PaymentPage, { breadcrumbs: createElement(CheckoutBreadcrumbs, { current: 'payment' }) });
  },
  postfill: PostfillPage,
  'postfill-products': PostfillProductsPage,
  'postfill-popular-addons': PostfillPopularAddonsPage,
  'postfill-addons': PostfillAddonsPage,
  'postfill-domains': PostfillDomainsPage,
  confirm: function Confirm() {
    return createElement(ConfirmPage, { breadcrumbs: createElement(CheckoutBreadcrumbs, { current: 'confirm' }), PaymentForm });
  },
  'sms-validation': SmsValidationPage,
  success: SuccessPage,
  'cancel-paypal-subscription': CancelPaypalSubscriptionPage,
};
