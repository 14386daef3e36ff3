import { parseRules, RuleParseError, trim } from '@hostcart/shared-util-fields';
import type { FlowFieldDefinition, FlowFieldValue } from './types';

function isRequired(rules: string): boolean {
  try {
    return parseRules(rules).required;
  } catch (e) {
    // A definition the rule engine cannot read cannot be filled in either; the flow must not send
    // the visitor to a form that can never be completed.
    if (e instanceof RuleParseError) return false;
    throw e;
  }
}

/**
 * A required field of the main flow (not postponed) without a value: the forms that complete an
 * item (spec §4 "Field forms", §5 "Cart").
 */
export function hasMissingFields(
  definitions: readonly FlowFieldDefinition[] | null | undefined,
  values: readonly FlowFieldValue[] | null | undefined,
): boolean {
  const filled = new Set((values ?? []).filter((v) => trim(v.value) !== '').map((v) => v.field_id));
  return (definitions ?? []).some((d) => !d.is_postponed && isRequired(d.validation_rules) && !filled.has(d.id));
}
