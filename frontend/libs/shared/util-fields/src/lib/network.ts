import { length } from './text';

// One DNS label: letters, digits and inner hyphens, 1 to 63 characters.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const LABEL_PATTERN = new RegExp(`^${LABEL}$`);
const TOP_LABEL_PATTERN = /^[A-Za-z]{2,63}$/;
// The WHATWG "valid e-mail address" with at least one dot in the domain, since a shop order needs
// an address that can be reached from the internet.
const EMAIL_PATTERN = new RegExp("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@" + LABEL + `(?:\\.${LABEL})+$`);
const MAX_EMAIL_LENGTH = 254;
const IPV4_OCTET = /^(?:0|[1-9][0-9]{0,2})$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * A domain name of 4 to 253 characters with at least two dot-separated labels of up to 63 letters,
 * digits and inner hyphens, the last of them 2 to 63 letters. No trailing dot, no non-ASCII (an IDN
 * must be given in its xn-- form).
 */
export function isFQDN(v: string): boolean {
  const n = length(v);
  if (n < 4 || n > 253) return false;
  const labels = v.split('.');
  if (labels.length < 2 || !TOP_LABEL_PATTERN.test(labels[labels.length - 1])) return false;
  return labels.slice(0, -1).every((l) => LABEL_PATTERN.test(l));
}

export function isEmail(v: string): boolean {
  // Length first: it also bounds the work of the pattern.
  return length(v) <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(v);
}

/** Four dot-separated decimal octets 0–255 without leading zeros. */
export function isIPv4(v: string): boolean {
  const parts = v.split('.');
  return parts.length === 4 && parts.every((p) => IPV4_OCTET.test(p) && Number(p) <= 255);
}

/**
 * The text forms of RFC 4291 §2.2: eight groups of 1–4 hex digits, one "::" for one or more zero
 * groups, and an optional dotted IPv4 tail in place of the last two groups. Zones ("%eth0"),
 * brackets and prefix lengths are not addresses.
 */
export function isIPv6(v: string): boolean {
  let text = v;
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    if (cut < 0 || !isIPv4(text.slice(cut + 1))) return false;
    text = `${text.slice(0, cut + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string): string[] | undefined => {
    if (half === '') return [];
    const gs = half.split(':');
    return gs.every((g) => HEX_GROUP.test(g)) ? gs : undefined;
  };
  const head = groups(halves[0]);
  if (head === undefined) return false;
  if (halves.length === 1) return head.length === 8;
  const tail = groups(halves[1]);
  return tail !== undefined && head.length + tail.length <= 7;
}
