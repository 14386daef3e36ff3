import vectors from './domain-search.vectors.json';
import { displayChars, normalizeDomainSearch, validateDomainInput, type OfferedTld } from './domain-search';

interface VectorCase {
  name: string;
  input: string;
  validate: string | null;
  normalize: { key: string; chars?: string[] } | { sld: string; tld: string; reduced: boolean; idn: boolean };
}

const tlds = vectors.tlds as OfferedTld[];
const cases = vectors.cases as VectorCase[];

// The cases mirror the domain service's tests (services/domain/domain/normalize_test.go), so the
// search field rejects exactly what the server rejects, with the same message keys.
describe('domain search input vectors', () => {
  it('has unique case names', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))('validateDomainInput: %s', (_name, c) => {
    expect(validateDomainInput(c.input)?.key ?? null).toBe(c.validate);
  });

  it.each(cases.map((c) => [c.name, c] as const))('normalizeDomainSearch: %s', (_name, c) => {
    expect(normalizeDomainSearch(c.input, tlds)).toEqual(c.normalize);
  });
});

describe('normalizeDomainSearch', () => {
  it('matches Unicode display forms of internationalised TLDs', () => {
    expect(normalizeDomainSearch('пример.рф', [{ tld: 'xn--p1ai', tld2: 'рф', idn: true }])).toEqual({
      sld: 'пример',
      tld: 'xn--p1ai',
      reduced: false,
      idn: true,
    });
  });

  it('prefers the longest offered TLD', () => {
    expect(normalizeDomainSearch('shop.example.co.uk', [{ tld: 'uk' }, { tld: 'co.uk' }])).toMatchObject({ sld: 'example', tld: 'co.uk' });
    expect(normalizeDomainSearch('shop.example.co.uk', [{ tld: 'uk' }])).toMatchObject({ sld: 'co', tld: 'uk', reduced: true });
  });
});

describe('displayChars', () => {
  it('makes invisible characters visible', () => {
    expect(displayChars([' ', '!', '\t', '\u200b'])).toBe('␣ ! ⇥ U+200B');
  });
});
