import { inclusiveState, isInclusive } from './inclusive';

const answer = { inclusive_tlds: ['de', 'com'], inclusive_domains: ['mine.de'], remaining: 0 };

describe('inclusive domains', () => {
  it('marks a chosen domain the server counted as free', () => {
    const state = inclusiveState(answer);
    expect(isInclusive({ domain: 'mine.de', tld: 'de', status: 0, inclusive: false }, state)).toBe(true);
  });

  it('marks orderable names under a free TLD only while free domains are left', () => {
    const none = inclusiveState(answer);
    const some = inclusiveState({ ...answer, remaining: 1 });
    const other = { domain: 'other.com', tld: 'com', status: 0, inclusive: false };
    expect(isInclusive(other, none)).toBe(false);
    expect(isInclusive(other, some)).toBe(true);
    expect(isInclusive({ ...other, status: 1 }, some)).toBe(true);
    expect(isInclusive({ ...other, status: 2 }, some)).toBe(false);
    expect(isInclusive({ domain: 'x.net', tld: 'net', status: 0, inclusive: false }, some)).toBe(false);
    expect(isInclusive({ domain: 'x.net', tld: 'net', status: 0, inclusive: true }, some)).toBe(true);
  });

  it('marks nothing for a product without free TLDs', () => {
    expect(inclusiveState({ inclusive_tlds: [], inclusive_domains: [], remaining: 0 })).toBeUndefined();
    expect(isInclusive({ domain: 'a.de', tld: 'de', status: 0, inclusive: true }, undefined)).toBe(false);
  });
});
