import { routes } from '@hostcart/shared-routing';
import { screens } from './remote-entry';

describe('checkout remote', () => {
  it('only provides screens for routes it owns', () => {
    const owned = routes.filter((r) => r.owner === 'checkout' && !r.redirect).map((r) => r.id);
    for (const id of Object.keys(screens)) expect(owned).toContain(id);
  });

  it('provides the cart, customer and payment screens', () => {
    for (const id of ['cart', 'login-or-register', 'logout', 'basic-info', 'address', 'payment']) expect(screens[id]).toBeDefined();
  });

  it('provides the post-fill, confirm, SMS, success and cancel-PayPal screens', () => {
    for (const id of ['postfill', 'postfill-products', 'postfill-popular-addons', 'postfill-addons', 'postfill-domains', 'confirm', 'sms-validation', 'success', 'cancel-paypal-subscription']) {
      expect(screens[id]).toBeDefined();
    }
  });
});
