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
  });
  return instance;
}
