import { isValidIBAN } from 'ibantools';

/**
 * The SEPA form's rules (spec §5 "SEPA", §9 field lengths), the browser's one copy of
 * services/payment/domain's: both are checked against libs/testvectors/sepa.json. The server stays
 * the authority; these give instant feedback.
 */
export const MIN_HOLDER = 3;
export const MAX_HOLDER = 255;
export const MIN_IBAN = 3;
export const MAX_IBAN = 255;
export const MIN_BIC = 8;
export const MAX_BIC = 11;
/** Two letters, two digits, then 1 to 30 letters or digits, after white space is removed (spec §5). */
export const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;
/** ISO 9362: institution (4 letters), country (2 letters), location (2), optional branch (3). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export type SepaField = 'holder' | 'iban' | 'bic';

export type SepaMessageKey =
  | 'payment.holder_required'
  | 'payment.iban_required'
  | 'payment.iban_invalid'
  | 'payment.bic_required'
  | 'payment.bic_invalid'
  | 'validation.min_length'
  | 'validation.max_length';

/** The value as the service checks and stores it: the holder trimmed, the IBAN without white space, the BIC trimmed; both upper case. */
export function normalizeSepaValue(field: SepaField, value: string): string {
  if (field === 'holder') return value.trim();
  if (field === 'iban') return value.replace(/\s+/gu, '').toUpperCase();
  return value.trim().toUpperCase();
}

/**
 * An IBAN as ISO 13616 has it, beyond the pattern: its country's length and account format and the
 * mod-97 check digits (the service asks go-iban the same).
 */
export function validIBAN(iban: string): boolean {
  return IBAN_PATTERN.test(iban) && isValidIBAN(iban);
}

/** The message keys the service would refuse the value with (empty when it passes). */
export function checkSepaField(field: SepaField, value: string): SepaMessageKey[] {
  const v = normalizeSepaValue(field, value);
  // The holder is counted in code points, as the service counts runes.
  const n = field === 'holder' ? [...v].length : v.length;
  switch (field) {
    case 'holder':
      return n === 0 ? ['payment.holder_required'] : n < MIN_HOLDER ? ['validation.min_length'] : n > MAX_HOLDER ? ['validation.max_length'] : [];
    case 'iban':
      return n === 0 ? ['payment.iban_required'] : n < MIN_IBAN ? ['validation.min_length'] : n > MAX_IBAN ? ['validation.max_length'] : validIBAN(v) ? [] : ['payment.iban_invalid'];
    case 'bic':
      return n === 0 ? ['payment.bic_required'] : n < MIN_BIC ? ['validation.min_length'] : n > MAX_BIC ? ['validation.max_length'] : BIC_PATTERN.test(v) ? [] : ['payment.bic_invalid'];
  }
}

/** For react-hook-form's validate: the first refusal's key, or true. */
export function sepaFieldRule(field: SepaField): (value: string) => true | SepaMessageKey {
  return (value) => checkSepaField(field, value)[0] ?? true;
}
