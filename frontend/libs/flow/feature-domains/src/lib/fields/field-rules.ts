import type { AdditionalField } from '@hostcart/shared-data-access-api';
import { defineField, MAX_PERSONS, parseRules, RuleParseError, validate, type Violation } from '@hostcart/shared-util-fields';

/**
 * The first problem of a value under the field's rules (the same engine and keys as the server),
 * or undefined. A definition whose rules do not parse is left to the server to judge.
 */
export function firstViolation(field: AdditionalField, value: string): Violation | undefined {
  try {
    const def = defineField(field.key, field.label, field.validation_rules);
    const [first] = validate(def.rules, value);
    return first ? { key: first.key, params: { ...first.params, field: field.label || field.key } } : undefined;
  } catch (err) {
    if (err instanceof RuleParseError) return undefined;
    throw err;
  }
}

/** The fields of a TLD shown now: in the main flow only those not postponed, in post-fill (p=y) all. */
export function fieldsShown(fields: readonly AdditionalField[], postponedStep: boolean): AdditionalField[] {
  return fields.filter((f) => postponedStep || !f.is_postponed).sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * The params a server message key needs (the server sends keys only): taken from the field's own
 * rules, the same way the shared engine fills them.
 */
export function serverMessageParams(field: AdditionalField | undefined, key: string): Record<string, string> {
  const params: Record<string, string> = { field: field ? field.label || field.key : '' };
  if (!field) return params;
  let rules;
  try {
    rules = parseRules(field.validation_rules).rules;
  } catch {
    return params;
  }
  const arg = (name: string) => rules.find((r) => r.name === name);
  if (key === 'validation.min_length' || key === 'validation.min_value') params['min'] = arg('min')?.arg ?? '';
  if (key === 'validation.max_length' || key === 'validation.max_value') params['max'] = arg('max')?.arg ?? '';
  if (key === 'validation.in') params['values'] = (arg('in')?.values ?? []).join(', ');
  if (key === 'validation.persons_max') params['max'] = String(MAX_PERSONS);
  if (key === 'validation.same_password') params['other'] = arg('same')?.arg ?? '';
  return params;
}
