import { compareDecimals, decimal, INTEGER_PATTERN, NUMERIC_PATTERN } from './decimal';
import * as K from './keys';
import { isEmail, isFQDN, isIPv4, isIPv6 } from './network';
import { canonicalBool, type Rule, type RuleSet } from './parse';
import { isSecurePassword } from './password';
import { checkPersons } from './persons';
import { isAlpha, isAlphaDash, isAlphaNum, isLowercase, length, trim } from './text';

/** The other fields' submitted values by field key, for same:. */
export type OtherValues = Readonly<Record<string, string | undefined>>;

/**
 * Checks one value against the rules and returns the violations in the order the rules are
 * written (empty when the value is valid). The value is trimmed first. An empty value breaks only
 * required: every other rule accepts it, so optional fields may stay blank. When the value fails
 * its type rule (integer, numeric, boolean), min, max and in are not checked.
 */
export function validate(ruleSet: RuleSet, value: string, others: OtherValues = {}): K.Violation[] {
  const v = trim(value);
  if (v === '') return ruleSet.required ? [K.violation(K.KEY_REQUIRED)] : [];
  const typeOK = typeHolds(ruleSet, v);
  return ruleSet.rules.flatMap((r) => check(ruleSet, r, v, typeOK, others));
}

function typeHolds(rs: RuleSet, v: string): boolean {
  switch (rs.type) {
    case 'integer':
      return INTEGER_PATTERN.test(v);
    case 'numeric':
      return NUMERIC_PATTERN.test(v);
    case 'boolean':
      return canonicalBool(v) !== undefined;
    default:
      return true;
  }
}

const one = (ok: boolean, key: K.MessageKey, params?: Record<string, string>): K.Violation[] => (ok ? [] : [K.violation(key, params)]);

// Applies one rule to a trimmed, non-empty value.
function check(rs: RuleSet, r: Rule, v: string, typeOK: boolean, others: OtherValues): K.Violation[] {
  switch (r.name) {
    case 'required':
    case 'string':
      return [];
    case 'integer':
      return one(typeOK, K.KEY_INTEGER);
    case 'numeric':
      return one(typeOK, K.KEY_NUMERIC);
    case 'boolean':
      return one(typeOK, K.KEY_BOOLEAN);
    case 'min':
    case 'max':
      return typeOK ? checkSize(r, v) : [];
    case 'in':
      return typeOK ? checkIn(rs, r, v) : [];
    case 'same':
      return one(v === trim(ownValue(others, r.arg)), K.KEY_SAME_PASSWORD, { other: r.arg });
    case 'persons':
      return checkPersons(v);
    case 'fqdn':
      return one(isFQDN(v), K.KEY_FQDN);
    case 'secure_password':
      return one(isSecurePassword(v), K.KEY_SECURE_PASSWORD);
    case 'email':
      return one(isEmail(v), K.KEY_EMAIL);
    case 'ipv4':
      return one(isIPv4(v), K.KEY_IPV4);
    case 'ipv6':
      return one(isIPv6(v), K.KEY_IPV6);
    case 'alpha':
      return one(isAlpha(v), K.KEY_ALPHA);
    case 'alpha_num':
      return one(isAlphaNum(v), K.KEY_ALPHA_NUM);
    case 'alpha_dash':
      return one(isAlphaDash(v), K.KEY_ALPHA_DASH);
    case 'alpha_lower':
      return one(isAlpha(v) && isLowercase(v), K.KEY_ALPHA_LOWER);
    case 'alpha_num_lower':
      return one(isAlphaNum(v) && isLowercase(v), K.KEY_ALPHA_NUM_LOWER);
    case 'alpha_dash_lower':
      return one(isAlphaDash(v) && isLowercase(v), K.KEY_ALPHA_DASH_LOWER);
    case 'lowercase':
      return one(isLowercase(v), K.KEY_LOWERCASE);
  }
}

// A missing key is '', and only own keys count: same:constructor must not see Object's method.
function ownValue(others: OtherValues, key: string): string {
  return Object.prototype.hasOwnProperty.call(others, key) ? (others[key] ?? '') : '';
}

// Compares a number's value when the type is integer or numeric, else the length in code points.
function checkSize(r: Rule, v: string): K.Violation[] {
  const isMin = r.name === 'min';
  const c = r.bound !== undefined ? compareDecimals(decimal(v), r.bound) : Math.sign(length(v) - (r.length ?? 0));
  if (isMin && c < 0) return [K.violation(r.bound ? K.KEY_MIN_VALUE : K.KEY_MIN_LENGTH, { min: r.arg })];
  if (!isMin && c > 0) return [K.violation(r.bound ? K.KEY_MAX_VALUE : K.KEY_MAX_LENGTH, { max: r.arg })];
  return [];
}

function checkIn(rs: RuleSet, r: Rule, v: string): K.Violation[] {
  const values = r.values ?? [];
  const given = rs.type === 'boolean' ? (canonicalBool(v) ?? v) : v;
  if (values.includes(given)) return [];
  if (rs.type === 'boolean' && values.length === 1 && values[0] === 'true') return [K.violation(K.KEY_ACCEPTED)];
  return [K.violation(K.KEY_IN, { values: values.join(', ') })];
}
