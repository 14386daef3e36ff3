import { createElement, type ComponentType } from 'react';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { CartPage, CheckoutBreadcrumbs } from '@hostcart/checkout-feature-cart';
import { AddressPage, BasicInfoPage, LoginOrRegisterPage, LogoutPage, type CustomerScreenProps } from '@hostcart/checkout-feature-customer';
import { PaymentPage } from '@hostcart/checkout-feature-payment';
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
};
