import { fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { selectNotifications, useAppSelector } from '@hostcart/shared-store';
import { installFetch, json } from './http';
import { renderWithApp, shownLocation } from './render';

function Probe() {
  const { t } = useTranslation();
  const count = useAppSelector((s) => selectNotifications(s).length);
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/next?x=1', { state: { returnToCart: true } })}>
      {t('common.back_to_categories')} {count}
    </button>
  );
}

describe('renderWithApp', () => {
  it('renders with the store, the locale and the router at the given URL and state', async () => {
    renderWithApp(
      <Routes>
        <Route path="/start" element={<Probe />} />
        <Route path="*" element={null} />
      </Routes>,
      { path: '/start?id=r1', state: { a: 1 }, locale: 'de-DE' },
    );
    expect(shownLocation()).toBe('/start?id=r1');
    expect(screen.getByTestId('location-state').textContent).toBe('{"a":1}');
    const button = screen.getByRole('button');
    expect(button.textContent).toMatch(/ 0$/);
    expect(button.textContent).not.toContain('back_to_categories');
    fireEvent.click(button);
    expect(await screen.findByText('/next?x=1')).toBeTruthy();
    expect(screen.getByTestId('location-state').textContent).toBe('{"returnToCart":true}');
  });
});

describe('installFetch', () => {
  it('records requests below /api/v2 with their JSON body and answers 404 for unknown routes', async () => {
    const seen = installFetch((req) => (req.path === '/known' ? { ok: true } : req.path === '/teapot' ? json({ error: 'x' }, 418) : undefined));
    expect(await (await fetch('http://localhost/api/v2/known')).json()).toEqual({ ok: true });
    expect((await fetch('http://localhost/api/v2/teapot', { method: 'POST', body: JSON.stringify({ a: 1 }) })).status).toBe(418);
    const missing = await fetch('http://localhost/api/v2/missing?q=1');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'error.not_found' });
    expect(seen).toEqual([
      { method: 'GET', path: '/known', body: undefined },
      { method: 'POST', path: '/teapot', body: { a: 1 } },
      { method: 'GET', path: '/missing?q=1', body: undefined },
    ]);
  });
});
