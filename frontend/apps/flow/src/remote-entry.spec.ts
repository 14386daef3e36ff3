import { routes } from '@hostcart/shared-routing';
import { screens } from './remote-entry';

describe('flow remote', () => {
  it('only provides screens for routes it owns', () => {
    const owned = routes.filter((r) => r.owner === 'flow' && !r.redirect).map((r) => r.id);
    for (const id of Object.keys(screens)) expect(owned).toContain(id);
  });
});

describe('flow screens', () => {
  it('renders the catalog and domain routes', () => {
    expect(Object.keys(screens).sort()).toEqual([
      'categories',
      'domains',
      'domains-add-domain',
      'domains-add-product',
      'domains-additional-fields',
      'domains-lookup',
      'products',
    ]);
  });
});
