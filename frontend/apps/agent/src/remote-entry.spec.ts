import { routes } from '@hostcart/shared-routing';
import { screens, widgets } from './remote-entry';

// Agent routes whose screen is not built yet: the shell shows "not available yet" for them.
// Building one means registering it and removing it here.
const NOT_BUILT: string[] = [];

describe('agent remote', () => {
  const owned = routes.filter((r) => r.owner === 'agent' && !r.redirect).map((r) => r.id);

  it('exposes the screens object the shell loads', () => {
    expect(typeof screens).toBe('object');
    expect(screens).not.toBeNull();
  });

  it('owns routes, and has a screen for each except the ones not built yet', () => {
    expect(owned.filter((id) => !screens[id]).sort()).toEqual(NOT_BUILT);
  });

  it('provides the header user menu', () => {
    expect(typeof widgets?.['user-menu']).toBe('function');
  });

  it('only provides screens for routes it owns', () => {
    expect(Object.keys(screens).filter((id) => !owned.includes(id))).toEqual([]);
  });
});
