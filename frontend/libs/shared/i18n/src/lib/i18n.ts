import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './locales/en-GB';

export const SUPPORTED_LOCALES = ['de-DE', 'en-GB'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const FALLBACK_LOCALE: SupportedLocale = 'en-GB';

/**
 * What a key found in no language renders as. The Chromium walk fails on it (layoutFindings in
 * frontend/e2e/src/browser.cjs), so a text that was never written cannot pass unnoticed.
 */
export function missingKeyMarker(key: string): string {
  return `⟦${key}⟧`;
}

/** A locale we have texts for; anything else falls back to en-GB (spec §9). */
export function supportedLocale(code: string | undefined): SupportedLocale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(code ?? '') ? (code as SupportedLocale) : FALLBACK_LOCALE;
}

/**
 * Each language is its own chunk (about 9 KB brotli): a visitor downloads only the language the
 * shop shows, the other one when they switch (issue 14, first load).
 */
export function loadMessages(locale: SupportedLocale): Promise<Messages> {
  return locale === 'de-DE'
    ? import(/* webpackChunkName: "locale-de-DE" */ './locales/de-DE').then((m) => m.deDE)
    : import(/* webpackChunkName: "locale-en-GB" */ './locales/en-GB').then((m) => m.enGB);
}

/** Lets i18next fetch a language's chunk itself whenever changeLanguage needs it. */
const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadMessages(supportedLocale(language)).then(
      (messages) => callback(null, messages as unknown as Record<string, unknown>),
      (err: Error) => callback(err, false),
    );
  },
};

/** The options every instance shares; only where the texts come from differs. */
export function i18nOptions(locale: string): InitOptions {
  return {
    lng: supportedLocale(locale),
    // No text-level fallback: with one, i18next would load en-GB for every German visitor too.
    // Nothing is lost: both languages have the same keys (i18n.spec), and an unsupported locale
    // still becomes en-GB through supportedLocale (spec §9).
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LOCALES],
    // Codes like de-DE are used as they are; no lookup of a bare "de".
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // A missing key would otherwise show as its bare dotted name, which reads like text
    // to a check. The marker is the same in every build: the e2e walk runs the production bundle,
    // and a visitor is no worse off with it than with the bare name. A call that names its own
    // default (server message keys with defaultValue) keeps that default.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? missingKeyMarker(key),
  };
}

/**
 * Creates the i18next instance the shell hands to every remote (react-i18next is a shared
 * singleton, so remotes read the same instance through useTranslation), resolving once the texts
 * of `locale` are loaded. Only that language is fetched; `changeLanguage` fetches another one
 * before it switches. Specs use the synchronous `createI18n` of `@hostcart/shared-i18n/testing`.
 */
export async function loadI18n(locale: string): Promise<I18n> {
  const instance = i18next.createInstance();
  try {
    await instance.use(localeChunks).use(initReactI18next).init(i18nOptions(locale));
  } catch (err) {
    // A chunk that failed to load: the shop still starts (its texts show as markers) and the
    // error is reported by whoever awaits the next changeLanguage.
    console.error('texts could not be loaded', err);
  }
  return instance;
}
