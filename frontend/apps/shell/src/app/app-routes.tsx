import { Navigate, Route, Routes } from 'react-router-dom';
import { FALLBACK_PATH, routes } from '@hostcart/shared-routing';
import { RouteScreen } from './route-screen';
import { useNavigationEffects } from './use-navigation-effects';

/** Every route of the table; anything else goes to the categories (spec §2). */
export function AppRoutes({ brandName }: { brandName: string }) {
  useNavigationEffects();
  return (
    <Routes>
      {routes.map((route) => (
        <Route key={route.id} path={route.path} element={<RouteScreen route={route} brandName={brandName} />} />
      ))}
      <Route path="*" element={<Navigate to={FALLBACK_PATH} replace />} />
    </Routes>
  );
}
