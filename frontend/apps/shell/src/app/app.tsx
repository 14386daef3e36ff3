import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import {
  type Brand,
  errorMessageKey,
  storedDraftSessionCode,
  useGetAdminQuery,
  useGetCurrentBrandQuery,
  useGetSessionCustomerQuery,
  useGetSessionLocaleQuery,
  type SessionLocale,
} from '@hostcart/shared-data-access-api';
import { supportedLocale, type SupportedLocale } from '@hostcart/shared-i18n';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { Layout } from '@hostcart/shell-feature-layout';
import { AppRoutes } from './app-routes';
import { RemoteWidget } from './remote-screen';

/** The language the shop speaks: the session's choice, else the brand's default, else en-GB. */
export function shopLocale(brand: Brand | undefined, sessionLocale: SessionLocale | undefined): SupportedLocale {
  return supportedLocale(sessionLocale?.code ?? brand?.locales.find((l) => l.is_default)?.code);
}

/** Loads brand and session locale, then renders the layout around the routed screen. */
export function App() {
  const { i18n } = useTranslation();
  const brand = useGetCurrentBrandQuery();
  const sessionLocale = useGetSessionLocaleQuery();
  const locale = shopLocale(brand.data, sessionLocale.data);
  const localeSettled = !sessionLocale.isLoading;

  useEffect(() => {
    if (!localeSettled) return;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale, localeSettled]);

  const favicon = brand.data?.properties['fav_icon_url'];
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && favicon) link.href = favicon;
  }, [favicon]);

  if (brand.error) {
    return (
      <main className="hc-main hc-page hc-page--narrow">
        <h1>{i18n.t('error.something_went_wrong')}</h1>
        <ErrorState messageKey={errorMessageKey(brand.error)} onRetry={() => void brand.refetch()} />
      </main>
    );
  }
  if (!brand.data || !localeSettled || i18n.language !== locale) {
    return (
      <main className="hc-main hc-page">
        <LoadingState lines={4} />
      </main>
    );
  }
  return (
    <Layout brand={brand.data} locale={locale} userMenu={<UserMenuSlot />}>
      <AppRoutes brandName={brand.data.name} />
    </Layout>
  );
}

/**
 * The user menu belongs to the agent remote; it is loaded only for a sales agent, a customer
 * updating a draft or a panel user, so other visitors' first screen does not fetch that remote. The stored draft
 * code is read again on every navigation (continue-preconfigured-order stores it).
 */
function UserMenuSlot() {
  useLocation();
  const admin = useGetAdminQuery();
  const customer = useGetSessionCustomerQuery();
  if (!admin.data?.is_sales_agent && !storedDraftSessionCode() && !customer.data?.customer.panel) return null;
  return <RemoteWidget remote="agent" id="user-menu" />;
}
