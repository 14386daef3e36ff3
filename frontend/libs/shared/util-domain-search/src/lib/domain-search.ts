/**
 * Domain search input rules of spec §5, the same rules and message keys as the domain service
 * (services/domain/domain/normalize.go), so the search field can answer before anything is sent.
 * The service stays the authority: it also converts umlauts to punycode, which this file only
 * approximates where the browser can.
 */

export const DOMAIN_INPUT_KEYS = {
  empty: 'domain.input_empty',
  tooShort: 'domain.input_too_short',
  tooLong: 'domain.input_too_long',
  cannotBeRegistered: 'domain.cannot_be_registered',
  invalid: 'domain.input_invalid',
} as const;

export type DomainInputKey = (typeof DOMAIN_INPUT_KEYS)[keyof typeof DOMAIN_INPUT_KEYS];

/** A rejected input: the message key and, for domain.input_invalid, each offending character once. */
export interface DomainInputError {
  key: DomainInputKey;
  chars?: string[];
}

/** Limits of search input (spec §5, §9). */
export const MIN_SLD_LENGTH = 2;
export const MAX_LABEL_LENGTH = 63;
export const MAX_DOMAIN_LENGTH = 253;
// The service stops looking at input longer than this (in UTF-8 bytes): no name needs more.
export const MAX_INPUT_BYTES = 1024;

// The characters spec §5 names. Anything else that cannot stand in a host name (underscore, emoji,
// control characters) is reported the same way.
const FORBIDDEN = new Set(Array.from(' ,`~!@§#$%^&*()+=[]{}|\\\'<>?/";:'));
// Full stops that IDNA maps to '.' (ideographic, full-width, half-width).
const DOT_LIKE = /[\u3002\uff0e\uff61]/g;
const NON_ASCII_ALLOWED = /^[\p{L}\p{Nd}\p{M}]$/u;

function allowedChar(c: string): boolean {
  if (FORBIDDEN.has(c)) return false;
  if (c === '-' || c === '.' || /^[\u3002\uff0e\uff61]$/.test(c)) return true;
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x80) return /^[A-Za-z0-9]$/.test(c);
  // A lone surrogate is not a character at all (the service sees U+FFFD for it).
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return NON_ASCII_ALLOWED.test(c);
}

/** The characters input may not contain, each once, in order of appearance. */
export function invalidChars(input: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of input) {
    if (allowedChar(c) || seen.has(c)) continue;
    seen.add(c);
    out.push(c);
  }
  return out;
}

const runeCount = (s: string) => Array.from(s).length;
const utf8Length = (s: string) => new TextEncoder().encode(s).length;
const trimChars = (s: string, chars: string) => {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start])) start++;
  while (end > start && chars.includes(s[end - 1])) end--;
  return s.slice(start, end);
};

interface Prepared {
  labels: string[];
  cleaned: string;
  reduced: boolean;
}

// The cleaning both checks share: trimmed, characters checked, dots mapped, lower-cased, leading
// and trailing dots and hyphens and a leading www. removed, split into non-empty labels.
function prepare(input: string): Prepared | DomainInputError {
  const trimmed = input.trim();
  if (trimmed === '') return { key: DOMAIN_INPUT_KEYS.empty };
  if (utf8Length(trimmed) > MAX_INPUT_BYTES) return { key: DOMAIN_INPUT_KEYS.tooLong };
  const chars = invalidChars(trimmed);
  if (chars.length > 0) return { key: DOMAIN_INPUT_KEYS.invalid, chars };
  // NFKC stands in for the UTS #46 mapping the service applies (full-width letters become ASCII).
  let s = trimChars(trimmed.replace(DOT_LIKE, '.').normalize('NFKC').toLowerCase(), '.-');
  let reduced = false;
  if (s.startsWith('www.')) {
    const rest = trimChars(s.slice(4), '.-');
    if (rest !== '') {
      s = rest;
      reduced = true;
    }
  }
  const labels = s.split('.').filter((l) => l !== '');
  if (labels.length === 0) return { key: DOMAIN_INPUT_KEYS.empty };
  return { labels, cleaned: s, reduced };
}

function isError(v: Prepared | DomainInputError): v is DomainInputError {
  return 'key' in v;
}

/**
 * The checks that need no TLD list: required, forbidden characters, at least 2 characters, at most
 * 63 in the first label. Returns undefined for acceptable input.
 */
export function validateDomainInput(input: string): DomainInputError | undefined {
  const prepared = prepare(input);
  if (isError(prepared)) return prepared;
  if (runeCount(prepared.cleaned) < MIN_SLD_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooShort };
  if (runeCount(prepared.labels[0]) > MAX_LABEL_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooLong };
  return undefined;
}

/** A TLD the brand offers, as GET /domains lists it. */
export interface OfferedTld {
  /** ASCII form without a leading dot ("de", "co.uk", "xn--p1ai"). */
  tld: string;
  /** Display form (Unicode for internationalised TLDs). */
  tld2?: string;
  /** Whether names with umlauts can be registered under it. */
  idn?: boolean;
}

/** Search input reduced to the registrable name (display forms; the service adds punycode). */
export interface NormalizedSearch {
  sld: string;
  /** The offered TLD (ASCII) the input ended in, '' when it had none. */
  tld: string;
  /** True when subdomains or a leading www. were cut off. */
  reduced: boolean;
  /** True when the name has letters beyond ASCII. */
  idn: boolean;
}

function matchTld(labels: string[], offered: readonly OfferedTld[]): { tld: OfferedTld; at: number } | undefined {
  const byName = new Map<string, OfferedTld>();
  let maxLabels = 1;
  for (const t of offered) {
    for (const name of [t.tld, t.tld2]) {
      if (!name) continue;
      byName.set(name.toLowerCase(), t);
      maxLabels = Math.max(maxLabels, name.split('.').length);
    }
  }
  for (let k = Math.min(maxLabels, labels.length - 1); k >= 1; k--) {
    const tld = byName.get(labels.slice(labels.length - k).join('.'));
    if (tld) return { tld, at: labels.length - k };
  }
  return undefined;
}

/**
 * The ASCII (punycode) form of one label, or undefined where the runtime cannot tell. Browsers
 * convert host names with the same IDNA rules (UTS #46) the service uses.
 */
export function toAsciiLabel(label: string): string | undefined {
  if (/^[a-z0-9-]*$/.test(label) && !label.startsWith('xn--')) return label;
  try {
    const host = new URL(`http://${label}.invalid/`).hostname;
    return host.endsWith('.invalid') ? host.slice(0, -'.invalid'.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Normalises search input like the service (spec §5): lower-cased, leading www. and leading or
 * trailing dots and hyphens stripped, subdomains reduced to the registrable part using the offered
 * TLDs (the longest match, so co.uk wins over uk).
 */
export function normalizeDomainSearch(input: string, offered: readonly OfferedTld[]): NormalizedSearch | DomainInputError {
  const prepared = prepare(input);
  if (isError(prepared)) return prepared;
  const { labels } = prepared;
  let reduced = prepared.reduced;
  let sldLabel = labels[0];
  let tld: OfferedTld | undefined;
  if (labels.length > 1) {
    const match = matchTld(labels, offered);
    if (!match) return { key: DOMAIN_INPUT_KEYS.cannotBeRegistered };
    tld = match.tld;
    sldLabel = labels[match.at - 1];
    if (match.at - 1 > 0) reduced = true;
  }
  const sld = trimChars(sldLabel, '-');
  if (runeCount(sld) < MIN_SLD_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooShort };
  if (runeCount(sld) > MAX_LABEL_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooLong };
  // Hyphens in third and fourth place are reserved for punycode ("xn--").
  if (sld.slice(2, 4) === '--' && !sld.startsWith('xn--')) return { key: DOMAIN_INPUT_KEYS.cannotBeRegistered };
  const idn = Array.from(sld).some((c) => (c.codePointAt(0) ?? 0) > 0x7f) || sld.startsWith('xn--');
  const ascii = toAsciiLabel(sld);
  // Punycode that does not decode is no name at all.
  if (ascii === undefined && sld.startsWith('xn--')) return { key: DOMAIN_INPUT_KEYS.cannotBeRegistered };
  if (ascii !== undefined && ascii.length > MAX_LABEL_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooLong };
  if (tld) {
    if (idn && !tld.idn) return { key: DOMAIN_INPUT_KEYS.cannotBeRegistered };
    if ((ascii ?? sld).length + 1 + tld.tld.length > MAX_DOMAIN_LENGTH) return { key: DOMAIN_INPUT_KEYS.tooLong };
  }
  return { sld, tld: tld?.tld ?? '', reduced, idn };
}

export function isDomainInputError(v: unknown): v is DomainInputError {
  return typeof v === 'object' && v !== null && 'key' in v;
}

/**
 * Offending characters as the message shows them: whitespace and invisible characters would
 * vanish in the text, so they are written as symbols or code points.
 */
export function displayChars(chars: readonly string[]): string {
  return chars
    .map((c) => {
      if (c === ' ') return '␣';
      if (c === '\t') return '⇥';
      if (/^[\p{Cc}\p{Cf}\p{Z}]$/u.test(c)) return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      return c;
    })
    .join(' ');
}
