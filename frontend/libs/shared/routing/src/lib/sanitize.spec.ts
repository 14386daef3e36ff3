import { sanitizeQuery, sanitizeValue } from './sanitize';

describe('sanitizeValue', () => {
  it('keeps only letters and digits in cart item ids (no underscore)', () => {
    expect(sanitizeValue('itemId', 'ab12_CD-9<script>')).toBe('ab12CD9script');
  });

  it('drops special characters and spaces from domains but keeps dots, hyphens and umlauts', () => {
    expect(sanitizeValue('domain', ' my-shop.de ')).toBe('my-shop.de');
    expect(sanitizeValue('domain', 'müller.de')).toBe('müller.de');
    expect(sanitizeValue('domain', 'a b,c`~!@§#$%^&*()+=[]{}|\\\'<>?/";:d.de')).toBe('abcd.de');
  });

  it('keeps word characters and hyphens in slugs and promo codes', () => {
    expect(sanitizeValue('slug', 'web-hosting_2024')).toBe('web-hosting_2024');
    expect(sanitizeValue('slug', 'SUMMER-24!"; drop')).toBe('SUMMER-24drop');
  });

  it('keeps only digits in integers', () => {
    expect(sanitizeValue('integer', '12a3-4.5')).toBe('12345');
  });

  it('keeps the base64 characters of the panel data and drops the rest', () => {
    expect(sanitizeValue('base64', 'eyJh+b/c=-_"<x>')).toBe('eyJh+b/c=-_x');
  });

  it('keeps word characters in oauth and referrer values', () => {
    expect(sanitizeValue('word', 'ref_42-x y')).toBe('ref_42xy');
  });

  it('keeps word characters and ! + / = in the payment redirect value', () => {
    expect(sanitizeValue('paymentRedirect', 'Ab+c/d=!_9&x=<y>')).toBe('Ab+c/d=!_9x=y');
  });
});

describe('sanitizeQuery', () => {
  const spec = { d: 'domain', id: 'itemId', promocode: 'slug', chooseProduct: 'integer' } as const;

  it('sanitises declared parameters and keeps undeclared ones', () => {
    const q = sanitizeQuery('?d=ex ample.de&id=a_b&utm_source=x y&chooseProduct=7x', spec);
    expect(q.get('d')).toBe('example.de');
    expect(q.get('id')).toBe('ab');
    expect(q.get('chooseProduct')).toBe('7');
    expect(q.get('utm_source')).toBe('x y');
  });

  it('drops declared parameters that sanitise to nothing and repeated occurrences', () => {
    const q = sanitizeQuery('promocode=%21%21&chooseProduct=1&chooseProduct=2', spec);
    expect(q.has('promocode')).toBe(false);
    expect(q.getAll('chooseProduct')).toEqual(['1']);
  });

  it('leaves a clean query unchanged', () => {
    expect(sanitizeQuery('d=example.de&id=abc123', spec).toString()).toBe('d=example.de&id=abc123');
  });
});
