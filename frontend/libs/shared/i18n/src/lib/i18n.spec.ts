import { createI18n, supportedLocale } from './i18n';
import { deDE } from './locales/de-DE';
import { enGB } from './locales/en-GB';
import { routes } from '@hostcart/shared-routing';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

// The message keys named in spec §8.
const specKeys = [
  'error.something_went_wrong',
  'order_drafts.unable_to_save',
  'order_drafts.unable_to_cancel',
  'payment.payment_data_missing',
  'cart.max_amount_of_same_products_in_cart_reached',
  'cart.promotion_removed',
  'cart.promotion_no_longer_available',
  'cart.promotions_removed',
  'cart.promotions_no_longer_available',
  'cart.promotion_other_product_title',
  'cart.addon_not_available',
  'cart.please_choose_at_least_one_domain_to_proceed',
  'cart.domain_selection',
  'confirm.manual_promotion_not_found',
  'confirm.manual_promotion_not_applicable',
];

describe('translations', () => {
  it('has the same keys in de-DE and en-GB', () => {
    expect(keys(deDE).sort()).toEqual(keys(enGB).sort());
  });

  it.each(specKeys)('has a text for %s in both languages', (key) => {
    const de = createI18n('de-DE');
    const en = createI18n('en-GB');
    expect(de.exists(key)).toBe(true);
    expect(de.t(key)).not.toBe(en.t(key));
  });

  it('has a page title for every route', () => {
    const en = createI18n('en-GB');
    for (const route of routes) {
      expect(en.exists(`titles.${route.id}`)).toBe(true);
    }
  });

  it('interpolates and translates', () => {
    expect(createI18n('de-DE').t('footer.copyright', { year: 2024, brand: 'Hostwerk' })).toBe('© 2024 Hostwerk');
    expect(createI18n('en-GB').t('cart.confirm_missing', { defaultValue: 'x' })).toBe('x');
    expect(createI18n('de-DE').t('common.loading')).toBe('Wird geladen…');
  });

  it('falls back to en-GB for unknown locales', () => {
    expect(supportedLocale('fr-FR')).toBe('en-GB');
    expect(supportedLocale('de-DE')).toBe('de-DE');
    expect(createI18n('fr-FR').language).toBe('en-GB');
  });
});
