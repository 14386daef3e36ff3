import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BIC_PATTERN, IBAN_PATTERN, MAX_BIC, MAX_HOLDER, MAX_IBAN, MIN_BIC, MIN_HOLDER, MIN_IBAN, checkSepaField, type SepaField } from './sepa-rules';

// The payment service (services/payment/domain) runs the same file: libs/testvectors/README.md.
interface SepaVectors {
  patterns: { iban: string; bic: string };
  limits: Record<string, number>;
  cases: { name: string; field: SepaField; value: string; valid: boolean; errors: string[] }[];
}

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../../../../libs/testvectors/sepa.json'), 'utf8')) as SepaVectors;

describe('sepa.json', () => {
  it('holds the patterns and limits of sepa-rules', () => {
    expect({ iban: IBAN_PATTERN.source, bic: BIC_PATTERN.source }).toEqual(vectors.patterns);
    expect({ min_holder: MIN_HOLDER, max_holder: MAX_HOLDER, min_iban: MIN_IBAN, max_iban: MAX_IBAN, min_bic: MIN_BIC, max_bic: MAX_BIC }).toEqual(vectors.limits);
  });

  it('is a sound vector file', () => {
    expect(new Set(vectors.cases.map((c) => c.name)).size).toBe(vectors.cases.length);
    for (const c of vectors.cases) expect([c.name, c.valid]).toEqual([c.name, c.errors.length === 0]);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(checkSepaField(c.field, c.value)).toEqual(c.errors);
  });
});
