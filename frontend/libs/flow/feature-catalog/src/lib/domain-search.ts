/** Domain search input rules of spec §5; returns a message key (with params) or undefined. */
export interface DomainSearchError {
  key: string;
  params?: Record<string, string>;
}

const FORBIDDEN = /[\s,`~!@§#$%^&*()+=[\]{}|\\'<>?/";:]/g;

export function validateDomainSearch(raw: string): DomainSearchError | undefined {
  const value = raw.trim();
  if (value === '') return { key: 'domain_search.input_empty' };
  if (value.length < 2) return { key: 'domain_search.input_short' };
  const bad = value.match(FORBIDDEN);
  if (bad) {
    const chars = [...new Set(bad.map((c) => (c.trim() === '' ? '␣' : c)))].join(' ');
    return { key: 'domain_search.input_invalid', params: { chars } };
  }
  if (value.split('.')[0].length > 63) return { key: 'domain_search.too_long' };
  return undefined;
}
