// Numbers are plain decimals: an optional sign, ASCII digits, and for numeric an optional fraction
// with at least one digit. No exponents, no separators, no leading or trailing dot.
export const INTEGER_PATTERN = /^[+-]?[0-9]+$/;
export const NUMERIC_PATTERN = /^[+-]?[0-9]+(\.[0-9]+)?$/;
export const DIGITS_PATTERN = /^[0-9]+$/;

/** An exact decimal: no float rounding decides a min or max, however long the number. */
export interface Decimal {
  negative: boolean;
  whole: string; // no leading zeros; '' for zero
  fraction: string; // no trailing zeros
}

/** Reads a string that matched NUMERIC_PATTERN. */
export function decimal(s: string): Decimal {
  const negative = s.startsWith('-');
  const unsigned = s.replace(/^[+-]/, '');
  const [whole, fraction = ''] = unsigned.split('.');
  const d = { negative, whole: whole.replace(/^0+/, ''), fraction: fraction.replace(/0+$/, '') };
  // -0 and +0.00 are the same number as 0.
  if (d.whole === '' && d.fraction === '') d.negative = false;
  return d;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const magnitude = compareMagnitudes(a, b);
  return a.negative ? -magnitude : magnitude;
}

function compareMagnitudes(a: Decimal, b: Decimal): number {
  if (a.whole.length !== b.whole.length) return Math.sign(a.whole.length - b.whole.length);
  if (a.whole !== b.whole) return a.whole < b.whole ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}
