import { additionalField } from '@hostcart/shared-testing';
import type { FieldDef } from './types';

/** A field definition for tests; the seed's shapes (services/catalog/seed/additional_fields.json). */
export function fieldDef(id: number, key: string, label: string, rules: string, extra: Partial<FieldDef> = {}): FieldDef {
  return additionalField(id, key, label, rules, extra);
}
