import { isItemConfigured, markItemConfigured } from './configured-items';

describe('configured items (issue 23)', () => {
  beforeEach(() => sessionStorage.clear());

  it('knows a row once it is marked, in this tab only', () => {
    expect(isItemConfigured('row1')).toBe(false);
    markItemConfigured('row1');
    expect(isItemConfigured('row1')).toBe(true);
    expect(isItemConfigured('row2')).toBe(false);
    expect(isItemConfigured(undefined)).toBe(false);
    expect(isItemConfigured(null)).toBe(false);
  });

  it('keeps the newest 50 rows and survives a broken entry', () => {
    for (let i = 0; i < 60; i++) markItemConfigured(`row${i}`);
    expect(isItemConfigured('row9')).toBe(false);
    expect(isItemConfigured('row10')).toBe(true);
    expect(isItemConfigured('row59')).toBe(true);
    sessionStorage.setItem('hostcart.flow.configured-rows', '{not json');
    expect(isItemConfigured('row59')).toBe(false);
    markItemConfigured('row1');
    expect(isItemConfigured('row1')).toBe(true);
  });
});
