// The per-country phone check, loaded on demand by loadPhoneCheck (phone.ts) as a chunk of its own:
// named imports, so the bundler keeps only what the check uses of libphonenumber-js.
import { isSupportedCountry, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';
import { trim } from './text';

// Digits, U+0020 spaces and plus signs only, a plus only in front (the service's character rule).
const characters = (phone: string) => /^[0-9 +]+$/u.test(phone) && phone.lastIndexOf('+') <= 0;

/** Whether a phone is a valid number of `country` (ISO 3166-1 alpha-2) or, with +, of any country. */
export function validPhone(phone: string, country: string): boolean {
  const v = trim(phone);
  if (v === '' || !characters(v)) return false;
  const region = country.toUpperCase();
  const known = isSupportedCountry(region as CountryCode);
  // A national number needs its country; an international one (+, or the country's exit code) brings its own.
  if (!known && !v.startsWith('+')) return false;
  try {
    return parsePhoneNumberWithError(v, known ? { defaultCountry: region as CountryCode } : undefined).isValid();
  } catch {
    return false;
  }
}
