import { validateDomainSearch } from './domain-search';

describe('validateDomainSearch', () => {
  it('accepts a plain domain or name', () => {
    expect(validateDomainSearch('example.de')).toBeUndefined();
    expect(validateDomainSearch('  müller ')).toBeUndefined();
  });
  it('reports empty, short, forbidden characters and a too long first label', () => {
    expect(validateDomainSearch('  ')?.key).toBe('domain_search.input_empty');
    expect(validateDomainSearch('a')?.key).toBe('domain_search.input_short');
    expect(validateDomainSearch('my shop!.de')).toEqual({ key: 'domain_search.input_invalid', params: { chars: '␣ !' } });
    expect(validateDomainSearch(`${'a'.repeat(64)}.de`)?.key).toBe('domain_search.too_long');
  });
});
