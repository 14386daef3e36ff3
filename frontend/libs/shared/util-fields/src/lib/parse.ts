import { decimal, DIGITS_PATTERN, NUMERIC_PATTERN, type Decimal } from './decimal';
import { trim } from './text';

/** Why a rule text does not parse: a name that is no rule, or a known rule used wrongly. */
export type RuleErrorKind = 'unknown_rule' | 'invalid_rule';

/**
 * A definition whose rules fail to parse is a catalogue error (Go: ErrUnknownRule /
 * ErrInvalidRule), reported when the definition is read rather than ignored when a value is checked.
 */
export class RuleParseError extends Error {
  readonly kind: RuleErrorKind;
  /** The rule name the error is about. */
  readonly rule: string;
  /** The field whose rules failed, when the error comes from defineField. */
  readonly field?: string;

  constructor(kind: RuleErrorKind, rule: string, message: string, field?: string) {
    super(message);
    this.name = 'RuleParseError';
    this.kind = kind;
    this.rule = rule;
    this.field = field;
    // Keeps instanceof working when the class is compiled to ES5 functions.
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

export type ValueType = 'text' | 'integer' | 'numeric' | 'boolean';

/** Every rule name, with whether it takes an argument after ':'. */
const RULE_ARGS = {
  required: false,
  string: false,
  integer: false,
  numeric: false,
  boolean: false,
  in: true,
  min: true,
  max: true,
  same: true,
  persons: false,
  fqdn: false,
  secure_password: false,
  email: false,
  ipv4: false,
  ipv6: false,
  alpha: false,
  alpha_num: false,
  alpha_dash: false,
  alpha_lower: false,
  alpha_num_lower: false,
  alpha_dash_lower: false,
  lowercase: false,
} as const;

export type RuleName = keyof typeof RULE_ARGS;

const TYPE_RULES: Partial<Record<RuleName, ValueType>> = { string: 'text', integer: 'integer', numeric: 'numeric', boolean: 'boolean' };

function isRuleName(name: string): name is RuleName {
  return Object.prototype.hasOwnProperty.call(RULE_ARGS, name);
}

export interface Rule {
  readonly name: RuleName;
  /** The argument as written (trimmed); '' for rules without one. */
  readonly arg: string;
  /** min/max on text: a length in code points. */
  readonly length?: number;
  /** min/max on integer or numeric values. */
  readonly bound?: Decimal;
  /** in: the allowed values, canonical for booleans. */
  readonly values?: readonly string[];
}

/** A parsed validation_rules text. */
export interface RuleSet {
  readonly rules: readonly Rule[];
  /** Whether the rules include required (the UI marks such fields). */
  readonly required: boolean;
  readonly type: ValueType;
}

/** Rules that accept everything, for a field without validation_rules. */
export const NO_RULES: RuleSet = { rules: [], required: false, type: 'text' };

// Bounds length arguments to what both languages hold as exact integers.
const MAX_LENGTH_ARG = 2 ** 31 - 1;

/**
 * Reads rules separated by '|', each a name optionally followed by ':' and an argument
 * ("required|string|max:100"). White space around names and arguments is ignored, as are empty
 * segments. Throws RuleParseError for unknown names, missing or unexpected arguments, repeated
 * rules and more than one type rule.
 */
export function parseRules(text: string): RuleSet {
  const written: { name: RuleName; arg: string }[] = [];
  const seen = new Set<string>();
  let typed: RuleName | undefined;
  let type: ValueType = 'text';
  for (const raw of text.split('|')) {
    const seg = trim(raw);
    if (seg === '') continue;
    const colon = seg.indexOf(':');
    const hasArg = colon >= 0;
    const name = trim(hasArg ? seg.slice(0, colon) : seg);
    const arg = hasArg ? trim(seg.slice(colon + 1)) : '';
    if (!isRuleName(name)) throw new RuleParseError('unknown_rule', name, `unknown validation rule "${name}"`);
    if (seen.has(name)) throw invalid(name, `"${name}" appears twice`);
    if (!RULE_ARGS[name] && hasArg) throw invalid(name, `"${name}" takes no argument`);
    if (RULE_ARGS[name] && arg === '') throw invalid(name, `"${name}" needs an argument`);
    seen.add(name);
    const t = TYPE_RULES[name];
    if (t !== undefined) {
      if (typed !== undefined) throw invalid(name, `"${typed}" and "${name}" both set the type`);
      typed = name;
      type = t;
    }
    written.push({ name, arg });
  }
  // Arguments are read once the type is known: "max:5|integer" bounds the value, not the length.
  const rules = written.map((r) => readArg(r.name, r.arg, type));
  return { rules, required: seen.has('required'), type };
}

function invalid(rule: string, detail: string): RuleParseError {
  return new RuleParseError('invalid_rule', rule, `invalid validation rule: ${detail}`);
}

function readArg(name: RuleName, arg: string, type: ValueType): Rule {
  switch (name) {
    case 'min':
    case 'max':
      if (type === 'boolean') throw invalid(name, `"${name}" does not apply to booleans`);
      if (type === 'integer' || type === 'numeric') {
        if (!NUMERIC_PATTERN.test(arg)) throw invalid(name, `${name}:${arg} needs a number`);
        return { name, arg, bound: decimal(arg) };
      }
      if (!DIGITS_PATTERN.test(arg) || Number(arg) > MAX_LENGTH_ARG) throw invalid(name, `${name}:${arg} needs a length (0 or more)`);
      return { name, arg, length: Number(arg) };
    case 'in': {
      const values = arg.split(',').map((raw) => {
        let v = trim(raw);
        if (type === 'boolean') {
          const c = canonicalBool(v);
          if (c === undefined) throw invalid(name, `in:${arg} lists a non-boolean`);
          v = c;
        }
        if (v === '') throw invalid(name, `in:${arg} lists an empty value`);
        return v;
      });
      return { name, arg, values };
    }
    default:
      return { name, arg };
  }
}

/** Maps the accepted spellings of a boolean to 'true' or 'false'. */
export function canonicalBool(s: string): 'true' | 'false' | undefined {
  switch (s) {
    case 'true':
    case '1':
      return 'true';
    case 'false':
    case '0':
      return 'false';
  }
  return undefined;
}
