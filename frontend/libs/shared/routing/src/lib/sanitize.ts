/**
 * Query value sanitising of spec §2. Each route declares the kind of every query parameter it
 * reads; a value is reduced to the characters its kind allows before any screen sees it.
 */
export type QueryKind =
  /** Cart item ids (row ids, base36): word characters without underscore. */
  | 'itemId'
  /** Domains: special characters and spaces dropped (the forbidden set of the search input, §5). */
  | 'domain'
  /** Category slugs and promo codes: word characters and hyphens. */
  | 'slug'
  /** Numeric ids: digits only. */
  | 'integer'
  /** oauth values and referrer ids: word characters. */
  | 'word'
  /** The card provider's redirectResult: word characters plus ! + / =. */
  | 'paymentRedirect'
  /**
   * The cloud panel's oauth data (base64 JSON, §2 /oauth/callback): word characters plus + / = -.
   * §2 keeps word characters of oauth values, which would corrupt base64; nothing else passes.
   */
  | 'base64';

// The same characters the domain search input rejects (§5), plus any whitespace.
const DOMAIN_DROPPED = /[\s,`~!@§#$%^&*()+=[\]{}|\\'<>?/";:]/g;

const SANITISERS: Record<QueryKind, (value: string) => string> = {
  itemId: (v) => v.replace(/[^A-Za-z0-9]/g, ''),
  domain: (v) => v.replace(DOMAIN_DROPPED, ''),
  slug: (v) => v.replace(/[^\w-]/g, ''),
  integer: (v) => v.replace(/\D/g, ''),
  word: (v) => v.replace(/\W/g, ''),
  paymentRedirect: (v) => v.replace(/[^\w!+/=]/g, ''),
  base64: (v) => v.replace(/[^\w+/=-]/g, ''),
};

export function sanitizeValue(kind: QueryKind, value: string): string {
  return SANITISERS[kind](value);
}

export type QuerySpec = Readonly<Record<string, QueryKind>>;

/**
 * Returns the query with every declared parameter sanitised. A declared parameter that sanitises
 * to nothing is dropped, and only its first occurrence counts. Undeclared parameters (tracking
 * tags and the like) pass through untouched: no screen reads them.
 */
export function sanitizeQuery(search: string | URLSearchParams, spec: QuerySpec): URLSearchParams {
  const input = typeof search === 'string' ? new URLSearchParams(search) : search;
  const output = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of input) {
    const kind = spec[key];
    if (!kind) {
      output.append(key, value);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    const clean = sanitizeValue(kind, value);
    if (clean !== '') output.append(key, clean);
  }
  return output;
}
