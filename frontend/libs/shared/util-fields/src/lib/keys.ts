// Message keys of violations, the same strings as libs/go/fields/keys.go: both are checked against
// libs/testvectors/message-keys.json. The comment of a key names the params its text may interpolate; validateFields adds
// {field} (the field's label, else its key) to every violation it returns.
export const KEY_REQUIRED = 'validation.required'; // {field}
export const KEY_MIN_LENGTH = 'validation.min_length'; // {min}
export const KEY_MAX_LENGTH = 'validation.max_length'; // {max}
export const KEY_MIN_VALUE = 'validation.min_value'; // {min}
export const KEY_MAX_VALUE = 'validation.max_value'; // {max}
export const KEY_INTEGER = 'validation.integer';
export const KEY_NUMERIC = 'validation.numeric';
export const KEY_BOOLEAN = 'validation.boolean';
export const KEY_IN = 'validation.in'; // {values}: the allowed values joined by ", "
export const KEY_ACCEPTED = 'validation.accepted'; // boolean|in:true, e.g. a consent checkbox
export const KEY_PERSONS = 'validation.persons'; // a person with one name only, or malformed JSON
export const KEY_PERSONS_MAX = 'validation.persons_max'; // {max}
export const KEY_FQDN = 'validation.fqdn';
export const KEY_SECURE_PASSWORD = 'validation.secure_password';
export const KEY_EMAIL = 'validation.email';
export const KEY_IPV4 = 'validation.ipv4';
export const KEY_IPV6 = 'validation.ipv6';
export const KEY_ALPHA = 'validation.alpha';
export const KEY_ALPHA_NUM = 'validation.alpha_num';
export const KEY_ALPHA_DASH = 'validation.alpha_dash';
export const KEY_ALPHA_LOWER = 'validation.alpha_lower';
export const KEY_ALPHA_NUM_LOWER = 'validation.alpha_num_lower';
export const KEY_ALPHA_DASH_LOWER = 'validation.alpha_dash_lower';
export const KEY_LOWERCASE = 'validation.lowercase';
export const KEY_SAME_PASSWORD = 'validation.same_password'; // {other}: the key of the field it must match

/** Every key a violation can carry, for translation completeness checks. */
export const MESSAGE_KEYS = [
  KEY_REQUIRED,
  KEY_MIN_LENGTH,
  KEY_MAX_LENGTH,
  KEY_MIN_VALUE,
  KEY_MAX_VALUE,
  KEY_INTEGER,
  KEY_NUMERIC,
  KEY_BOOLEAN,
  KEY_IN,
  KEY_ACCEPTED,
  KEY_PERSONS,
  KEY_PERSONS_MAX,
  KEY_FQDN,
  KEY_SECURE_PASSWORD,
  KEY_EMAIL,
  KEY_IPV4,
  KEY_IPV6,
  KEY_ALPHA,
  KEY_ALPHA_NUM,
  KEY_ALPHA_DASH,
  KEY_ALPHA_LOWER,
  KEY_ALPHA_NUM_LOWER,
  KEY_ALPHA_DASH_LOWER,
  KEY_LOWERCASE,
  KEY_SAME_PASSWORD,
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** One broken rule: a message key and the values its text interpolates (i18next `{{name}}`). */
export interface Violation {
  key: MessageKey;
  params: Record<string, string>;
}

export function violation(key: MessageKey, params: Record<string, string> = {}): Violation {
  return { key, params };
}
