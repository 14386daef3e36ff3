import { checkCustomerField, type CustomerMessageKey } from './customer';

/** A phone the service refuses (spec §5): other characters, or no valid number of the country. */
export const KEY_PHONE_INVALID = 'customer.phone_invalid';

export type PhoneMessageKey = CustomerMessageKey | typeof KEY_PHONE_INVALID;

/** Whether a trimmed phone is a valid number of `country` (ISO 3166-1 alpha-2) or, with +, of any country. */
export type PhoneCheck = (phone: string, country: string) => boolean;

let loading: Promise<PhoneCheck> | undefined;

/**
 * Loads the per-country check: libphonenumber-js with its full ("max") metadata, the metadata the
 * service's libphonenumber (Go) validates with, so both accept the same numbers
 * (libs/testvectors/phone.json; the smaller "min" metadata checks lengths only loosely and accepts
 * German mobile numbers a digit short or long). It is its own chunk, fetched by the screens that
 * ask for a phone, never with the first screen. Loaded once; a failed load is tried again next time.
 */
export function loadPhoneCheck(): Promise<PhoneCheck> {
  loading ??= import('./phone-check').then(
    (m): PhoneCheck => m.validPhone,
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/**
 * The message keys the service would refuse the address's phone with (empty when it passes): the
 * field's rule (required), then the per-country check.
 */
export async function checkPhoneField(phone: string, country: string): Promise<PhoneMessageKey[]> {
  const keys = checkCustomerField('phone', phone);
  if (keys.length > 0) return keys;
  const valid = await loadPhoneCheck();
  return valid(phone, country) ? [] : [KEY_PHONE_INVALID];
}

/**
 * For react-hook-form's validate on the address's phone: the first refusal's key, or true. The
 * country is read when the value is checked. Should the check's chunk fail to load, only the
 * field's rule is applied here and the server judges the rest.
 */
export function phoneFieldRule(country: () => string): (value: string) => Promise<true | PhoneMessageKey> {
  return async (value) => {
    try {
      return (await checkPhoneField(value, country()))[0] ?? true;
    } catch {
      return checkCustomerField('phone', value)[0] ?? true;
    }
  };
}
