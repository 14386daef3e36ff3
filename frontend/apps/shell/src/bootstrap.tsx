import { Fragment, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { catalogApi, localeApi } from '@hostcart/shared-data-access-api';
import { loadI18n } from '@hostcart/shared-i18n';
import { createAppStore, notify } from '@hostcart/shared-store';
import { fetchRuntimeConfig, flashToShow, initReporting, rootErrorReporting } from '@hostcart/shared-util-reporting';
import { markEnvironment } from '@hostcart/shared-util-analytics';
import { App, shopLocale } from './app/app';
import './styles.css';

const store = createAppStore();

// The runtime configuration (spec §3 "Config") starts error reporting and may carry a flash
// message; the shop renders without waiting for reporting to load.
void fetchRuntimeConfig().then((config) => {
  void initReporting(config);
  // Spec §9: sales outside production are flagged as tests in the analytics.
  markEnvironment(config?.env);
  const flash = flashToShow(config, sessionStorage);
  // Flagged to persist: the first screen's own navigation must not clear it.
  if (flash) store.dispatch(notify({ type: flash.type, message: flash.content, literal: true, preserveRouteChange: true }));
});

/**
 * The language App will show, asked of the API before the first render so that only its texts
 * are downloaded (issue 14, first load): the page's lang attribute cannot tell, the gateway serves
 * one index.html for every brand. App's own queries then find both answers in the store.
 */
async function startLocale() {
  const brand = store.dispatch(catalogApi.endpoints.getCurrentBrand.initiate());
  const session = store.dispatch(localeApi.endpoints.getSessionLocale.initiate());
  const [brandResult, sessionResult] = await Promise.all([brand, session]);
  // App subscribes on its first render; the answers stay cached meanwhile (keepUnusedDataFor).
  brand.unsubscribe();
  session.unsubscribe();
  // A failed query leaves its data undefined: the brand's error is App's to show, in en-GB.
  return shopLocale(brandResult.data, sessionResult.data);
}

// StrictMode renders twice and runs effects twice in development, to show effects that do not clean
// up; a production build (the one e2e and visitors get) has no use for it.
const Strict = process.env['NODE_ENV'] === 'production' ? Fragment : StrictMode;

void startLocale()
  .then(loadI18n)
  .then((i18n) =>
    // Every render error React sees (caught by a screen's boundary, uncaught, recovered from) is
    // reported once through the shop's reporting (spec §8).
    createRoot(document.getElementById('root') as HTMLElement, rootErrorReporting()).render(
      <Strict>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </I18nextProvider>
        </Provider>
      </Strict>,
    ),
  );
