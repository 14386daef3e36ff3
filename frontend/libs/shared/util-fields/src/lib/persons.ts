import { KEY_PERSONS, KEY_PERSONS_MAX, violation, type Violation } from './keys';
import { trim } from './text';

/** The most additional tenants a persons value may list (spec §5). */
export const MAX_PERSONS = 11;

// The Go validator's JSON decoder refuses documents nested deeper than this; JSON.parse has no
// such limit, so it is checked here to agree on what is malformed.
const MAX_NESTING_DEPTH = 10000;

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Validates the additional-tenants value {"persons":[{"first_name","last_name"}]}. A person with
 * both names (after trimming) counts; one with neither is ignored, as the form does not save it;
 * one with only one name is incomplete.
 */
export function checkPersons(v: string): Violation[] {
  const { complete, ok } = countPersons(v);
  const out: Violation[] = [];
  if (!ok) out.push(violation(KEY_PERSONS));
  if (complete > MAX_PERSONS) out.push(violation(KEY_PERSONS_MAX, { max: String(MAX_PERSONS) }));
  return out;
}

function countPersons(v: string): { complete: number; ok: boolean } {
  let doc: unknown;
  try {
    doc = JSON.parse(v);
  } catch {
    return { complete: 0, ok: false };
  }
  if (nestingDepth(v) > MAX_NESTING_DEPTH || !isObject(doc)) return { complete: 0, ok: false };
  if (!hasOwn(doc, 'persons')) return { complete: 0, ok: true };
  const list = doc['persons'];
  if (!Array.isArray(list)) return { complete: 0, ok: false };
  let complete = 0;
  let ok = true;
  for (const item of list) {
    if (!isObject(item)) {
      ok = false;
      continue;
    }
    const first = name(item, 'first_name');
    const last = name(item, 'last_name');
    if (first === undefined || last === undefined) ok = false;
    else if (first && last) complete++;
    else if (first !== last) ok = false;
  }
  return { complete, ok };
}

/**
 * Whether a person's name is filled; absent and null count as empty, anything but a string is
 * malformed (undefined). Own members only, so "constructor" and friends are never names.
 */
function name(person: Record<string, unknown>, key: string): boolean | undefined {
  const value = hasOwn(person, key) ? person[key] : null;
  if (value === null) return false;
  if (typeof value === 'string') return trim(value) !== '';
  return undefined;
}

// The deepest nesting of arrays and objects in a valid JSON text.
function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}
