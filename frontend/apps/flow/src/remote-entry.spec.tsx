import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createI18n } from '@hostcart/shared-i18n';
import { routes, pathTo } from '@hostcart/shared-routing';
import { createAppStore } from '@hostcart/shared-store';
import { screens } from './remote-entry';

// Flow routes whose screen is not built yet: they show "not available yet". Building one means
// registering it and removing it here.
const NOT_BUILT = ['contract-transfer'];

// Screens whose heading is not the page title of their route. The reselection children only
// forward (to the screen of their name) once the item has loaded, so they share one heading.
const HEADINGS: Record<string, string> = {
  categories: 'categories.heading',
  'domains-add-domain': 'domains.add_domain.heading',
  'domains-add-product': 'domains.add_product.heading',
  'addon-reselection-addon-variants': 'titles.addon-reselection',
};

const owned = routes.filter((r) => r.owner === 'flow' && !r.redirect).map((r) => r.id);
const i18n = createI18n('en-GB');

/** Mounts the screen registered for a route at that route's path, as the shell does. */
function renderScreen(id: string) {
  const Screen = screens[id];
  if (!Screen) throw new Error(`no screen for ${id}`);
  // Every API call stays pending, so each screen shows the state it has before its data arrives.
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
  const route = routes.find((r) => r.id === id);
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[pathTo(id, { slug: 'webhosting' }, { id: 'row-1' })]}>
          <Routes>
            <Route path={route?.path} element={<Screen />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

describe('flow remote', () => {
  it('only provides screens for routes it owns', () => {
    expect(Object.keys(screens).filter((id) => !owned.includes(id))).toEqual([]);
  });

  it('provides a screen for every flow route except the ones not built yet', () => {
    expect(owned.filter((id) => !screens[id]).sort()).toEqual(NOT_BUILT);
  });

  // A screen registered under the wrong id (e.g. the addon fields page on the upsell fields route)
  // renders without complaint; its heading before any data arrives tells which screen it is.
  // Routes that share a title (addon and upsell fields, the reselection children) are not told
  // apart here: that needs a loaded cart item.
  it.each(owned.filter((id) => !NOT_BUILT.includes(id)))('%s shows the title of its own route', async (id) => {
    renderScreen(id);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(i18n.t(HEADINGS[id] ?? `titles.${id}`));
  });
});
