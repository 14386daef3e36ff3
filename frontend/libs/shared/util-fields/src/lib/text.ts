// Trimming, length and character classes, pinned to libs/testvectors/README.md rather than to the
// engine: String.prototype.trim follows the engine's Unicode version, the Go validator does not.
const TRIM_SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);

function isTrimSpace(c: number): boolean {
  return TRIM_SPACES.has(c) || (c >= 0x2000 && c <= 0x200a);
}

/** Removes leading and trailing white space exactly as the Go validator's Trim does. */
export function trim(s: string): string {
  // Every trimmed character is a single UTF-16 unit, so scanning units is exact.
  let start = 0;
  let end = s.length;
  while (start < end && isTrimSpace(s.charCodeAt(start))) start++;
  while (end > start && isTrimSpace(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** Length in Unicode code points: an emoji counts once, a combining accent on its own. */
export function length(s: string): number {
  return [...s].length;
}

// Letters with combining marks, so a decomposed accent belongs to its letter; numbers; '-' and '_'.
const ALPHA = /^[\p{L}\p{M}]+$/u;
const ALPHA_NUM = /^[\p{L}\p{M}\p{N}]+$/u;
const ALPHA_DASH = /^[\p{L}\p{M}\p{N}_-]+$/u;
const UPPER_OR_TITLE = /[\p{Lu}\p{Lt}]/u;

export const isAlpha = (s: string): boolean => ALPHA.test(s);
export const isAlphaNum = (s: string): boolean => ALPHA_NUM.test(s);
export const isAlphaDash = (s: string): boolean => ALPHA_DASH.test(s);

/** No upper-case or title-case letter; digits, symbols and caseless letters are fine. */
export const isLowercase = (s: string): boolean => !UPPER_OR_TITLE.test(s);
