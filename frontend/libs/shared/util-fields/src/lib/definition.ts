import type { Violation } from './keys';
import { parseRules, RuleParseError, type RuleSet } from './parse';
import { validate } from './validate';

/** An additional field as validation needs it: its key, the label messages name it by, its rules. */
export interface FieldDefinition {
  readonly key: string;
  readonly label: string;
  readonly rules: RuleSet;
}

/** Parses a field's validation_rules text; a RuleParseError names the field. */
export function defineField(key: string, label: string, rules: string): FieldDefinition {
  try {
    return { key, label, rules: parseRules(rules) };
  } catch (err) {
    if (err instanceof RuleParseError) throw new RuleParseError(err.kind, err.rule, `field "${key}": ${err.message}`, key);
    throw err;
  }
}

/**
 * Checks every definition's value in values (a missing value counts as empty) and returns the
 * violations by field key, only for fields that have any. values also serves as the other fields
 * for same:. Each violation gets the param field: the label, or the key without one.
 */
export function validateFields(
  defs: readonly FieldDefinition[],
  values: Readonly<Record<string, string | undefined>>,
): Record<string, Violation[]> {
  const out: [string, Violation[]][] = [];
  for (const d of defs) {
    const value = Object.prototype.hasOwnProperty.call(values, d.key) ? (values[d.key] ?? '') : '';
    const found = validate(d.rules, value, values);
    if (found.length === 0) continue;
    const field = d.label || d.key;
    out.push([d.key, found.map((v) => ({ key: v.key, params: { ...v.params, field } }))]);
  }
  // fromEntries defines own properties, so even a key like __proto__ stays a plain entry.
  return Object.fromEntries(out);
}
