import { groupCandidates, namesFor, splitIntoBatches, visibleGroups } from './batches';
import { group, search, tld } from '../test-utils';

describe('splitIntoBatches', () => {
  it('splits names into batches of 5 (spec §9), keeping their order', () => {
    const names = Array.from({ length: 12 }, (_, i) => `n${i}.de`);
    const batches = splitIntoBatches(names);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat()).toEqual(names);
  });

  it('gives exact multiples without an empty tail and nothing for no names', () => {
    expect(splitIntoBatches(Array.from({ length: 10 }, (_, i) => i)).map((b) => b.length)).toEqual([5, 5]);
    expect(splitIntoBatches([])).toEqual([]);
    expect(splitIntoBatches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('refuses a batch size that would loop forever', () => {
    expect(() => splitIntoBatches([1], 0)).toThrow(RangeError);
    expect(() => splitIntoBatches([1], 1.5)).toThrow(RangeError);
  });
});

describe('group candidates', () => {
  const g = group(1, 'Popular', [tld(1, 'de', 1), tld(2, 'co.uk', 1, { idn: false }), tld(3, 'old', 1, { is_active: false })]);

  it('checks the active TLDs and, for names with umlauts, only IDN-capable ones', () => {
    expect(groupCandidates(g, { idn: false }).map((t) => t.tld)).toEqual(['de', 'co.uk']);
    expect(groupCandidates(g, { idn: true }).map((t) => t.tld)).toEqual(['de']);
  });

  it('combines the ASCII second-level label with each TLD', () => {
    expect(namesFor(search('Müller.de', 'xn--mller-kva', 'müller', 'de'), groupCandidates(g, { idn: false }))).toEqual([
      'xn--mller-kva.de',
      'xn--mller-kva.co.uk',
    ]);
  });

  it('lists active groups with active TLDs in their order', () => {
    const groups = [group(2, 'B', [tld(5, 'at', 2)], 2), group(3, 'Empty', [tld(6, 'x', 3, { is_active: false })], 0), group(1, 'A', [tld(4, 'de', 1)], 1)];
    expect(visibleGroups(groups).map((x) => x.name)).toEqual(['A', 'B']);
  });
});
