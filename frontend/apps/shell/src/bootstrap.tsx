import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@hostcart/shared-i18n';
import { createAppStore, notify } from '@hostcart/shared-store';
import { fetchRuntimeConfig, flashToShow, initReporting, reportError } from '@hostcart/shared-util-reporting';
import { App } from './app/app';
import './styles.css';

const store = createAppStore();
const i18n = createI18n(document.documentElement.lang || undefined);

// The runtime configuration (spec §3 "Config") starts error reporting and may carry a flash
// message; the shop renders without waiting for reporting to load.
void fetchRuntimeConfig().then((config) => {
  void initReporting(config);
  const flash = flashToShow(config, sessionStorage);
  // Flagged to persist: the first screen's own navigation must not clear it.
  if (flash) store.dispatch(notify({ type: flash.type, message: flash.content, literal: true, preserveRouteChange: true }));
});

const onError = (error: unknown, info: { componentStack?: string }) => reportError(error, { componentStack: info.componentStack ?? '' });

createRoot(document.getElementById('root') as HTMLElement, { onUncaughtError: onError, onRecoverableError: onError }).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
