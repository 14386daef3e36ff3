import { routes } from '@hostcart/shared-routing';
import { screens } from './remote-entry';

describe('agent remote', () => {
  it('only provides screens for routes it owns', () => {
    const owned = routes.filter((r) => r.owner === 'agent' && !r.redirect).map((r) => r.id);
    for (const id of Object.keys(screens)) expect(owned).toContain(id);
  });
});
