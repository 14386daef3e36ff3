import { validateDomainSearch } from './domain-search';

describe('validateDomainSearch', () => {
  it('accepts a plain domain or name', () => {
    expect(validateDomainSearch('example.de')).toBeUndefined();
    expect(validateDomainSearch('  müller ')).toBeUndefined();
    expect(validateDomainSearch('WWW.Müller-Test.DE.')).toBeUndefined();
  });
  it('reports empty, short, forbidden characters and a too long first label with the server keys', () => {
    expect(validateDomainSearch('  ')?.key).toBe('domain.input_empty');
    expect(validateDomainSearch('a')?.key).toBe('domain.input_too_short');
    expect(validateDomainSearch('my shop!.de')).toEqual({ key: 'domain.input_invalid', params: { chars: '␣ !' } });
    expect(validateDomainSearch(`${'a'.repeat(64)}.de`)?.key).toBe('domain.input_too_long');
  });
});
