import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Cart, ProductAddonLink } from '@hostcart/shared-data-access-api';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { routeById, routes, pathTo } from '@hostcart/shared-routing';
import { additionalField, catalogProduct, installFetch, renderWithApp, shownLocation } from '@hostcart/shared-testing';
import { screens } from './remote-entry';

// Flow routes whose screen is not built yet: they show "not available yet". Building one means
// registering it and removing it here.
const NOT_BUILT: string[] = [];

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
function renderScreen(id: string, path: string) {
  const Screen = screens[id];
  if (!Screen) throw new Error(`no screen for ${id}`);
  renderWithApp(
    <Routes>
      <Route path={routeById(id).path} element={<Screen />} />
    </Routes>,
    { path },
  );
}

describe('flow remote', () => {
  // Most screens are loaded when their route is entered (React.lazy); their libraries are required
  // up front so the first screen of each does not spend the findBy timeout on compiling them.
  beforeAll(() =>
    Promise.all([
      import('@hostcart/flow-feature-addons'),
      import('@hostcart/flow-feature-domains'),
      import('@hostcart/flow-feature-fields'),
      import('@hostcart/flow-feature-contract-transfer'),
      import('@hostcart/flow-feature-upsells'),
    ]),
  );

  it('only provides screens for routes it owns', () => {
    expect(Object.keys(screens).filter((id) => !owned.includes(id))).toEqual([]);
  });

  it('provides a screen for every flow route except the ones not built yet', () => {
    expect(owned.filter((id) => !screens[id]).sort()).toEqual(NOT_BUILT);
  });

  // A screen registered under the wrong id (e.g. the addon fields page on the upsell fields route)
  // renders without complaint; its heading before any data arrives tells which screen it is.
  it.each(owned.filter((id) => !NOT_BUILT.includes(id)))('%s shows the title of its own route', async (id) => {
    // Every API call stays pending, so each screen shows the state it has before its data arrives.
    installFetch(() => new Promise(() => undefined));
    renderScreen(id, pathTo(id, { slug: 'webhosting', transferId: 'T-1' }, { id: 'row-1' }));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(i18n.t(HEADINGS[id] ?? `titles.${id}`));
  });

  // Routes that share a title are told apart by what they do with a loaded cart item: item r1 of
  // host 1001 holds addon 1201 and upsell 1301, each with a field of its own.
  describe('with a loaded cart item', () => {
    const addonLink: ProductAddonLink = {
      id: 1,
      product_id: 1001,
      addon_id: 1201,
      is_recommended: false,
      recommended_addon_order: 0,
      is_promoted: false,
      promoted_addon_order: 0,
      groups: [],
    };
    const products = [
      catalogProduct(1001, 'Web hosting M', {
        addons: [addonLink],
        upsells: [{ upsell_id: 1301, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' }],
      }),
      catalogProduct(1201, 'Backup', { type: 'addon', additional_fields: [additionalField(71, 'backup_mail', 'Backup e-mail', 'required')] }),
      catalogProduct(1301, 'SSL Premium', { type: 'upsell', additional_fields: [additionalField(72, 'ssl_contact', 'SSL contact', 'required')] }),
    ];
    const line = (id: number) => ({ id, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] });
    const cart: Cart = {
      version: 1,
      items: [{ row_id: 'r1', product: line(1001), addons: [line(1201)], upsells: [line(1301)], domains: [], is_preconfigured: false }],
    };

    beforeEach(() => {
      installFetch(({ path }) => {
        if (path === '/session/cart') return { cart, notices: [] };
        if (path.startsWith('/products?')) {
          const ids = new URLSearchParams(path.split('?')[1]).get('ids')?.split(',').map(Number) ?? [];
          return { products: products.filter((p) => ids.includes(p.id)) };
        }
        return new Promise(() => undefined);
      });
    });

    it.each([
      ['additional-addon-fields', 1201, 'Backup e-mail'],
      ['additional-popularaddon-fields', 1301, 'SSL contact'],
    ])('%s asks for the fields of line %d', async (id, lineId, label) => {
      renderScreen(id, pathTo(id, {}, { id: 'r1', addonId: lineId }));
      expect(await screen.findByLabelText(label, { exact: false })).toBeTruthy();
    });

    it.each([
      ['addon-reselection-popular-addons', 'popular-addons'],
      ['addon-reselection-addon-variants', 'addon-variants'],
      ['addon-reselection-promoted-addons', 'promoted-addons'],
      ['addon-reselection-standard-addons', 'addons'],
    ])('%s forwards to %s', async (id, target) => {
      renderScreen(id, pathTo(id, {}, { id: 'r1' }));
      await waitFor(() => expect(shownLocation()?.split('?')[0]).toBe(routeById(target).path));
    });
  });
});
