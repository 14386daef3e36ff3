import { createI18n } from './bundled';
import { hasAllTexts, loadAllTexts, loadI18n, missingKeyMarker, supportedLocale } from './i18n';
import firstScreen from './locales/first-screen.json';
import { deDE } from './locales/de-DE';
import { enGB } from './locales/en-GB';
import { routes } from '@hostcart/shared-routing';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function text(obj: object, key: string): string {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj) as string;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

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

  it('uses the same placeholders for a key in both languages', () => {
    const differing = keys(enGB)
      .map((key) => ({ key, de: placeholders(text(deDE, key)), en: placeholders(text(enGB, key)) }))
      .filter(({ de, en }) => de.join() !== en.join());
    expect(differing).toEqual([]);
  });

  it.each([
    ['de-DE', deDE],
    ['en-GB', enGB],
  ])('has every plural key of %s in its _one and _other forms, and nothing else', (_, messages) => {
    const all = new Set(keys(messages));
    const incomplete = [...all].filter((k) => PLURAL.test(k)).filter((k) => !all.has(k.replace(PLURAL, '_one')) || !all.has(k.replace(PLURAL, '_other')));
    expect(incomplete).toEqual([]);
    // German and English have only these two forms; anything else would be dead text.
    expect([...all].filter((k) => PLURAL.test(k) && !/_(one|other)$/.test(k))).toEqual([]);
  });

  it('lets only plural texts count: a {{count}} text has _one and _other forms', () => {
    // i18next picks the plural form from count; a text counting things without forms reads "1 Monate".
    const counting = keys(enGB).filter((k) => placeholders(text(enGB, k)).includes('count') || placeholders(text(deDE, k)).includes('count'));
    expect(counting.filter((k) => !PLURAL.test(k))).toEqual([]);
  });

  it.each([
    ['de-DE', deDE],
    ['en-GB', enGB],
  ])('keeps a control\'s visible %s label inside its accessible name (x and x_named, WCAG 2.5.3)', (locale, messages) => {
    const i18n = createI18n(locale);
    const params = { name: 'Backup', product: 'Hosting', code: 'CODE' };
    const mismatched = keys(messages)
      .filter((k) => k.endsWith('_named') && typeof text(messages, k.replace(/_named$/, '')) === 'string')
      .filter((k) => !i18n.t(k, params).toLowerCase().includes(i18n.t(k.replace(/_named$/, ''), params).toLowerCase()));
    expect(mismatched).toEqual([]);
  });

  it('picks the plural form from count', () => {
    const de = createI18n('de-DE');
    expect(de.t('terms.maturity.n', { count: 1 })).toBe('1 Monat');
    expect(de.t('terms.maturity.n', { count: 36 })).toBe('36 Monate');
    expect(de.t('terms.billed.n', { count: 24 })).toBe('Abrechnung alle 24 Monate');
    // Spec §9: billing in advance in months and days (billingAdvanceLabel of shared/util-pricing).
    expect(de.t('terms.advance', { count: 1, days: 30 })).toBe('1 Monat (30 Tage)');
    expect(de.t('terms.advance', { count: 12, days: 365 })).toBe('12 Monate (365 Tage)');
    expect(createI18n('en-GB').t('terms.advance', { count: 12, days: 365 })).toBe('12 months (365 days)');
    expect(createI18n('en-GB').t('header.cart_items', { count: 1 })).toBe('1 item');
  });

  it('renders a key found in no language as a marker, and a call with a default as that default', () => {
    const en = createI18n('en-GB');
    expect(en.t('cart_page.no_such_text')).toBe(missingKeyMarker('cart_page.no_such_text'));
    expect(missingKeyMarker('a.b')).toMatch(/^⟦[^⟧]+⟧$/);
    expect(en.t('cart_page.no_such_text', { defaultValue: en.t('error.generic') })).toBe(en.t('error.generic'));
    // No fallback language (it would make every German visitor download English too): a key
    // missing in German only is a marker, and the parity test keeps that from happening.
    expect(createI18n('de-DE').t('common.close')).toBe('Schließen');
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

describe('loadI18n', () => {
  it('loads only the language asked for, and another one when the shop switches to it', async () => {
    const i18n = await loadI18n('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(i18n.t('common.close')).toBe('Schließen');
    expect(i18n.hasResourceBundle('en-GB', 'translation')).toBe(false);
    await i18n.changeLanguage('en-GB');
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('common.close')).toBe('Close');
  });

  it('starts in en-GB for a locale without texts', async () => {
    const i18n = await loadI18n('fr-FR');
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('common.close')).toBe('Close');
    expect(i18n.hasResourceBundle('de-DE', 'translation')).toBe(false);
  });
});

describe('the first screen\'s texts', () => {
  it('are groups every language has', () => {
    for (const messages of [enGB, deDE]) {
      for (const group of firstScreen.groups) expect(Object.keys(messages)).toContain(group);
    }
  });

  it('come first; the rest when a screen asks for all of them, or a text is missing', async () => {
    const i18n = await loadI18n('en-GB');
    expect(hasAllTexts(i18n)).toBe(false);
    // In jest both chunks are the whole language (jest.preset.js); a build has only the
    // first screen's groups until then.
    i18n.t('cart_page.title');
    await loadAllTexts(i18n);
    expect(hasAllTexts(i18n)).toBe(true);
    await i18n.changeLanguage('de-DE');
    // Once all texts were wanted, a language switch brings all of the new language.
    expect(hasAllTexts(i18n)).toBe(true);
    expect(i18n.t('common.close')).toBe('Schließen');
  });

  it('are asked of the instance also through the Proxy components get from useTranslation', async () => {
    // react-i18next 18 hands components a Proxy of the instance (its __original is the instance):
    // the shell's screen gate asks through it, and read "all there" before the rest had arrived.
    const i18n = await loadI18n('de-DE');
    const wrapped = new Proxy(i18n, { get: (target, prop) => (prop === '__original' ? target : Reflect.get(target, prop)) });
    expect(hasAllTexts(wrapped)).toBe(false);
    await loadAllTexts(wrapped);
    expect(hasAllTexts(wrapped)).toBe(true);
    expect(hasAllTexts(i18n)).toBe(true);
  });

  it('are all there at once in the specs\' instance', () => {
    expect(hasAllTexts(createI18n('de-DE'))).toBe(true);
  });
});
