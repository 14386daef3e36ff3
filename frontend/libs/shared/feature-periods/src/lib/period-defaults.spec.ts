import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultInterval, defaultMaturity, intervalFits, maturityFits, type DefaultableInterval, type DefaultableMaturity } from './period-defaults';

// libs/go/periods runs the same file (libs/testvectors/README.md).
interface PeriodVectors {
  default_maturity: { name: string; maturities: DefaultableMaturity[]; want: number }[];
  default_interval: { name: string; intervals: DefaultableInterval[]; want: number }[];
  maturity_fits: { addon: number; product: number; fits: boolean }[];
  interval_fits: { addon: number; product: number; fits: boolean }[];
}

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../../../../libs/testvectors/periods.json'), 'utf8')) as PeriodVectors;

describe('periods.json', () => {
  it('has every section', () => {
    for (const section of [vectors.default_maturity, vectors.default_interval, vectors.maturity_fits, vectors.interval_fits]) expect(section.length).toBeGreaterThan(0);
  });

  it.each(vectors.default_maturity.map((c) => [c.name, c] as const))('default maturity: %s', (_name, c) => {
    expect(defaultMaturity(c.maturities)?.id ?? 0).toBe(c.want);
  });

  it.each(vectors.default_interval.map((c) => [c.name, c] as const))('default interval: %s', (_name, c) => {
    expect(defaultInterval(c.intervals)?.id ?? 0).toBe(c.want);
  });

  it.each(vectors.maturity_fits.map((c) => [c.addon, c.product, c.fits] as const))('maturity %i fits %i: %s', (addon, product, fits) => {
    expect(maturityFits(addon, product)).toBe(fits);
  });

  it.each(vectors.interval_fits.map((c) => [c.addon, c.product, c.fits] as const))('interval %i fits %i: %s', (addon, product, fits) => {
    expect(intervalFits(addon, product)).toBe(fits);
  });
});
