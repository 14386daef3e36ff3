import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from './i18n';
import { deDE } from './locales/de-DE';
import { enGB } from './locales/en-GB';

/** Both languages, imported statically: for specs only (the shop loads one, see loadI18n). */
export const resources = {
  'de-DE': { translation: deDE },
  'en-GB': { translation: enGB },
};

/**
 * The shop's i18next instance with both languages loaded synchronously, so a spec can render at
 * once and switch languages without waiting. Same options as loadI18n's.
 */
export function createI18n(locale?: string): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions(locale ?? ''), resources });
  return instance;
}
