import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deDE } from './locales/de-DE';
import { enGB } from './locales/en-GB';

export const SUPPORTED_LOCALES = ['de-DE', 'en-GB'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const FALLBACK_LOCALE: SupportedLocale = 'en-GB';

export const resources = {
  'de-DE': { translation: deDE },
  'en-GB': { translation: enGB },
};

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
 * Creates the i18next instance the shell hands to every remote (react-i18next is a shared
 * singleton, so remotes read the same instance through useTranslation).
 */
export function createI18n(locale: string = FALLBACK_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: supportedLocale(locale),
    fallbackLng: FALLBACK_LOCALE,
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
  });
  return instance;
}
