import type { MessageKey } from './keys';
import { parseRules, type RuleSet } from './parse';
import { validate } from './validate';

/**
 * The customer forms' rules of spec §5 and §9 in the shared rule language, by field (the API's
 * names): the same texts as `Rules` in services/customer/domain, both checked against
 * libs/testvectors/customer-fields.json. The screens check them for instant feedback; the server
 * stays the authority.
 */
export const CUSTOMER_RULES = {
  group: 'required|integer|in:0,1',
  gender: 'required|integer|in:0,1',
  first_name: 'required|string|max:100',
  last_name: 'required|string|max:100',
  email: 'required|email',
  company_name: 'required|string|max:100',
  company_vat_id: 'string|max:100',
  street: 'required|string|max:200',
  postal_code: 'required|string|max:10',
  city: 'required|string|max:100',
  phone: 'required|string',
  country_code: 'required|string',
} as const;

export type CustomerField = keyof typeof CUSTOMER_RULES;

/** The VAT id's characters refused (the service's customer.vat_id_malformed). */
export const KEY_VAT_ID_MALFORMED = 'customer.vat_id_malformed';

export type CustomerMessageKey = MessageKey | typeof KEY_VAT_ID_MALFORMED;

const parsed = new Map<CustomerField, RuleSet>();
const rulesOf = (field: CustomerField): RuleSet => {
  let rs = parsed.get(field);
  if (!rs) {
    rs = parseRules(CUSTOMER_RULES[field]);
    parsed.set(field, rs);
  }
  return rs;
};

/** A field's length limit (its max:N), for the texts that name it; 0 for a field without one. */
export function customerMaxLength(field: CustomerField): number {
  const max = rulesOf(field).rules.find((r) => r.name === 'max');
  return max ? Number(max.arg) : 0;
}

/** The value as the service stores it: the VAT id without white space, the rest as typed (validate trims). */
export function normalizeCustomerValue(field: CustomerField, value: string): string {
  return field === 'company_vat_id' ? value.replace(/\s+/gu, '') : value;
}

/**
 * The message keys the service would refuse a customer form value with, in order (empty when it
 * passes): the field's rule text, and for the VAT id its characters (Latin letters, digits and
 * `+*-./`, as WellFormedVATID). The phone's per-country check is `checkPhone`.
 */
export function checkCustomerField(field: CustomerField, value: string): CustomerMessageKey[] {
  const v = normalizeCustomerValue(field, value);
  const keys: CustomerMessageKey[] = validate(rulesOf(field), v).map((x) => x.key);
  if (field === 'company_vat_id' && keys.length === 0 && !/^[A-Za-z0-9+*\-./]*$/u.test(v)) keys.push(KEY_VAT_ID_MALFORMED);
  return keys;
}

/** For react-hook-form's validate: the first refusal's key, or true. */
export function customerFieldRule(field: CustomerField): (value: string) => true | CustomerMessageKey {
  return (value) => checkCustomerField(field, value)[0] ?? true;
}
