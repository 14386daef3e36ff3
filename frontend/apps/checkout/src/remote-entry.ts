import { createElement } from 'react';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { CartPage } from '@hostcart/checkout-feature-cart';
import { PeriodModal } from '@hostcart/shared-feature-periods';

// The cart mounts the period modal of @hostcart/shared-feature-periods; a feature library may
// not import another, so the app hands it in.
function Cart() {
  return createElement(CartPage, { PeriodModal });
}

/**
 * The checkout screens built so far; the other routes of this remote show the shell's "not
 * available yet" page until a screen is added here.
 */
export const screens: RemoteRoutesModule['screens'] = {
  cart: Cart,
};
