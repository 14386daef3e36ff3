import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sanitizeQuery, type RouteDef } from '@hostcart/shared-routing';
import { ErrorPage } from '@hostcart/shared-ui';
import { RemoteScreen } from './remote-screen';

/**
 * One route of the table: its query is sanitised before any screen reads it, redirect-only routes
 * forward, the page title is set, and the owning app renders the screen.
 */
export function RouteScreen({ route, brandName }: { route: RouteDef; brandName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const clean = sanitizeQuery(location.search, route.query);
  const cleanSearch = clean.toString();
  const dirty = cleanSearch !== new URLSearchParams(location.search).toString();

  useEffect(() => {
    document.title = `${t(`titles.${route.id}`)} | ${brandName}`;
  }, [t, route.id, brandName]);

  // The path whose screen is committed. Navigations run as transitions: the address bar shows the
  // new path while the previous screen stays until the next one has loaded, so tools (and the
  // end-to-end tests) that must know which screen is shown read this, not the URL.
  useEffect(() => {
    document.documentElement.dataset['path'] = location.pathname;
  }, [location.pathname]);

  if (dirty) {
    return <Navigate replace to={{ pathname: location.pathname, search: cleanSearch ? `?${cleanSearch}` : '' }} state={location.state} />;
  }
  if (route.redirect) {
    return <Navigate replace to={route.redirect(clean)} />;
  }
  if (route.owner === 'shell') {
    return <ErrorPage status={route.id === 'error-401' ? 401 : 404} />;
  }
  // Keyed by the remote: React Router reuses this element across routes, and a screen of one
  // remote must not be looked up in the module of the remote shown before (flow → checkout).
  return <RemoteScreen key={route.owner} remote={route.owner} routeId={route.id} />;
}
