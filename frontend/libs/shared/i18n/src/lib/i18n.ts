// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the `?texts=` modules are ambient declarations (no module to import): the reference brings them into every program that reaches this file through the path alias, not just this library's.
/// <reference path="./locale-chunks.d.ts" />
import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

type Texts = Record<string, unknown>;

/**
 * Each language is two chunks: the groups the first screen shows (locales/first-screen.json, about
 * 2 KB brotli) and the others (about 8 KB), split at build time (frontend/tools/locale-texts-loader.cjs;
 * jest maps both imports to the whole language). A visitor downloads only the shop's language, and
 * of it only the first screen's texts until another screen is entered (issues 14 and 24, first load).
 */
export function loadMessages(locale: SupportedLocale, part: 'first' | 'rest'): Promise<Texts> {
  if (locale === 'de-DE') {
    return part === 'first'
      ? import(/* webpackChunkName: "locale-de-DE" */ './locales/de-DE?texts=first').then((m) => m.deDE)
      : import(/* webpackChunkName: "locale-de-DE-rest" */ './locales/de-DE?texts=rest').then((m) => m.deDE);
  }
  return part === 'first'
    ? import(/* webpackChunkName: "locale-en-GB" */ './locales/en-GB?texts=first').then((m) => m.enGB)
    : import(/* webpackChunkName: "locale-en-GB-rest" */ './locales/en-GB?texts=rest').then((m) => m.enGB);
}

/** Of an instance made by loadI18n: whether every text is wanted, and the languages that have them. */
interface TextState {
  all: boolean;
  /** Per language, the loading of the rest, started or done. */
  loading: Map<string, Promise<void>>;
  /** The languages whose texts are all there. */
  complete: Set<string>;
}
const textStates = new WeakMap<I18n, TextState>();

/**
 * The state of an instance, also when it is reached through the Proxy react-i18next (18) hands to
 * components from useTranslation: the Proxy is another object to the WeakMap, and without this a
 * screen read "all texts there" and rendered missing-key markers until the rest arrived.
 */
function textStateOf(i18n: I18n): TextState | undefined {
  return textStates.get(i18n) ?? textStates.get((i18n as I18n & { __original?: I18n }).__original as I18n);
}

/**
 * Lets i18next fetch a language's chunks itself whenever changeLanguage needs them: the first
 * screen's texts, or all of them once another screen has needed them.
 */
function localeChunks(state: TextState): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      const locale = supportedLocale(language);
      const all = state.all;
      const parts = all ? [loadMessages(locale, 'first'), loadMessages(locale, 'rest')] : [loadMessages(locale, 'first')];
      Promise.all(parts).then(
        (loaded) => {
          if (all) {
            state.loading.set(locale, Promise.resolve());
            state.complete.add(locale);
          }
          callback(null, Object.assign({}, ...loaded) as Record<string, unknown>);
        },
        (err: Error) => callback(err, false),
      );
    },
  };
}

/**
 * Resolves once the current language's texts are all loaded (at once for an instance that has all
 * of them anyway, as the specs' createI18n). The shell awaits it before any screen but the first
 * renders; a text the first chunk lacks asks for it as well (loadI18n's missingKeyHandler), and
 * what was rendered meanwhile is rendered again when the texts arrive (bindI18nStore 'added').
 */
export function loadAllTexts(i18n: I18n): Promise<void> {
  const state = textStateOf(i18n);
  if (!state) return Promise.resolve();
  state.all = true;
  const locale = supportedLocale(i18n.language);
  let done = state.loading.get(locale);
  if (!done) {
    done = loadMessages(locale, 'rest').then(
      (rest) => {
        state.complete.add(locale);
        i18n.addResourceBundle(locale, 'translation', rest, true, true);
      },
      (err: unknown) => {
        // Asked again by the next screen or missing text rather than failing forever.
        state.loading.delete(locale);
        throw err;
      },
    );
    state.loading.set(locale, done);
  }
  return done;
}

/** Whether the current language's texts are all there (no loadAllTexts to wait for). */
export function hasAllTexts(i18n: I18n): boolean {
  const state = textStateOf(i18n);
  return !state || state.complete.has(supportedLocale(i18n.language));
}

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
  const state: TextState = { all: false, loading: new Map(), complete: new Set() };
  textStates.set(instance, state);
  try {
    await instance
      .use(localeChunks(state))
      .use(initReactI18next)
      .init({
        ...i18nOptions(locale),
        // A key the first screen's chunk lacks (a notification with a server key of a later
        // screen, the agent's menu) fetches the rest of the language; until it is there the text
        // shows its default or marker, and components render again when it arrives.
        saveMissing: true,
        saveMissingTo: 'current',
        missingKeyHandler: () => {
          loadAllTexts(instance).catch((err: unknown) => console.error('texts could not be loaded', err));
        },
        react: { bindI18nStore: 'added' },
      });
  } catch (err) {
    // A chunk that failed to load: the shop still starts (its texts show as markers) and the
    // error is reported by whoever awaits the next changeLanguage.
    console.error('texts could not be loaded', err);
  }
  return instance;
}
