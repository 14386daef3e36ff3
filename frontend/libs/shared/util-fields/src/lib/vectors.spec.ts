import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { familyViolations } from './families';
import { MESSAGE_KEYS } from './keys';
import { parseRules, RuleParseError } from './parse';
import { validate } from './validate';

// The shared vectors are the contract with the Go validator (libs/go/fields): every case must hold
// here too. libs/testvectors/README.md is the specification both implement.
const vectorDir = resolve(__dirname, '../../../../../../libs/testvectors');

interface ValueVector {
  name: string;
  rules: string;
  value: string;
  others: Record<string, string>;
  valid: boolean;
  errors: string[];
}

interface RulesVector {
  name: string;
  rules: string;
  ok: boolean;
}

function readVectors<T>(file: string): T[] {
  return JSON.parse(readFileSync(join(vectorDir, file), 'utf8')) as T[];
}

const valueVectors = readVectors<ValueVector>('fields.json');
const rulesVectors = readVectors<RulesVector>('field-rules.json');

describe('fields.json', () => {
  it('is a sound vector file', () => {
    expect(valueVectors.length).toBeGreaterThanOrEqual(120);
    expect(new Set(valueVectors.map((c) => c.name)).size).toBe(valueVectors.length);
    for (const c of valueVectors) expect([c.name, c.valid]).toEqual([c.name, c.errors.length === 0]);
  });

  it.each(valueVectors.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = validate(parseRules(c.rules), c.value, c.others);
    expect(got.map((v) => v.key)).toEqual(c.errors);
    expect(got.length === 0).toBe(c.valid);
  });

  it('produces every message key in some vector', () => {
    const used = new Set(valueVectors.flatMap((c) => c.errors));
    expect([...used].filter((k) => !(MESSAGE_KEYS as readonly string[]).includes(k))).toEqual([]);
    expect(MESSAGE_KEYS.filter((k) => !used.has(k))).toEqual([]);
  });
});

describe('field-rules.json', () => {
  it('has cases both ways', () => {
    expect(rulesVectors.some((c) => c.ok)).toBe(true);
    expect(rulesVectors.some((c) => !c.ok)).toBe(true);
  });

  it.each(rulesVectors.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.ok) {
      expect(() => parseRules(c.rules)).not.toThrow();
      return;
    }
    expect(() => parseRules(c.rules)).toThrow(RuleParseError);
  });
});

// libs/testvectors/families.json: the family widgets' limits, street-number pattern and signature
// date window, the contract with FamilyViolations in libs/go/fields.
interface FamilyVector {
  name: string;
  component: string;
  value: string;
  others?: Record<string, string>;
  /** yyyy-mm-dd: the day the signature is checked against; absent: the date's format only. */
  today?: string;
  errors: string[];
}

const familyVectors = readVectors<FamilyVector>('families.json');

describe('families.json', () => {
  it('is a sound vector file', () => {
    expect(familyVectors.length).toBeGreaterThanOrEqual(40);
    expect(new Set(familyVectors.map((c) => c.name)).size).toBe(familyVectors.length);
  });

  it.each(familyVectors.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const today = c.today ? new Date(Number(c.today.slice(0, 4)), Number(c.today.slice(5, 7)) - 1, Number(c.today.slice(8, 10))) : undefined;
    expect(familyViolations(c.component, c.value, c.others ?? {}, today)).toEqual(c.errors);
  });
});
