import { length } from './text';

/** The characters of which a secure password needs at least one (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+{}[]:;<>,.?~';

const MIN_PASSWORD_LENGTH = 8;

/**
 * At least 8 code points with an ASCII upper-case letter, an ASCII lower-case letter, an ASCII
 * digit and one of PASSWORD_SPECIALS. Other characters are allowed but count for no class.
 */
export function isSecurePassword(v: string): boolean {
  if (length(v) < MIN_PASSWORD_LENGTH) return false;
  let upper = false;
  let lower = false;
  let digit = false;
  let special = false;
  for (const c of v) {
    if (c >= 'A' && c <= 'Z') upper = true;
    else if (c >= 'a' && c <= 'z') lower = true;
    else if (c >= '0' && c <= '9') digit = true;
    else if (PASSWORD_SPECIALS.includes(c)) special = true;
  }
  return upper && lower && digit && special;
}
