import { screen, waitFor } from '@testing-library/react';
import { hostItem, installFakeShop, product, renderScreens, shop, upsell } from './test-utils';

const location = () => screen.getByTestId('location').textContent;

function linkTo(addonId: number, extra: { is_promoted?: boolean; promoted_addon_order?: number } = {}) {
  return { id: addonId, product_id: 1001, addon_id: addonId, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [], ...extra };
}

describe('AddonReselectionPage', () => {
  it('forwards to the first addon screen of the item, keeping the history state', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens({ pathname: '/addon-reselection', search: '?id=r1', state: { returnToCart: true } });
    await waitFor(() => expect(location()).toBe('/popular-addons?id=r1'));
    expect(screen.getByTestId('location-state').textContent).toBe('{"returnToCart":true}');
  });

  it('skips the steps that are not about addons (a required domain) and finds the standard addons', async () => {
    const host = product(1001, 'Web hosting M', { is_domainrequired: 1, addons: [linkTo(2001)] });
    installFakeShop([host, upsell(2001, 'Mail archive')], [hostItem()]);
    renderScreens('/addon-reselection?id=r1');
    await waitFor(() => expect(location()).toBe('/addons?id=r1'));
  });

  it('goes to the cart when the item has no addon screen', async () => {
    installFakeShop([product(1001, 'Web hosting M')], [hostItem()]);
    renderScreens('/addon-reselection?id=r1');
    await waitFor(() => expect(location()).toBe('/cart'));
  });

  it('forwards each child to its screen with the item and its parameter', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/addon-reselection/promoted-addons?id=r1&addonId=2011');
    await waitFor(() => expect(location()).toBe('/promoted-addons?id=r1&addonId=2011'));
  });

  it('forwards the standard-addons child to /addons', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/addon-reselection/standard-addons?id=r1');
    await waitFor(() => expect(location()).toBe('/addons?id=r1'));
  });

  it('sends an id matching no cart item to the categories', async () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/addon-reselection/standard-addons?id=gone');
    await waitFor(() => expect(location()).toBe('/categories'));
  });

  it('shows a loading state while it looks the item up', () => {
    installFakeShop(shop(), [hostItem()]);
    renderScreens('/addon-reselection?id=r1');
    expect(screen.getByRole('status').textContent).toContain('Opening the extras…');
  });
});
