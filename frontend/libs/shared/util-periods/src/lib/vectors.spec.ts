import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultInterval, defaultMaturity, intervalFits, isAddonAvailable, maturityFits, type AddonLink, type PeriodInterval, type PeriodMaturity, type PeriodMonths } from './periods';

// libs/go/periods runs the same file (libs/testvectors/README.md).
interface PeriodVectors {
  default_maturity: { name: string; maturities: PeriodMaturity[]; want: number }[];
  default_interval: { name: string; intervals: PeriodInterval[]; want: number }[];
  maturity_fits: { addon: number; product: number; fits: boolean }[];
  interval_fits: { addon: number; product: number; fits: boolean }[];
  addon_available: { name: string; link: { is_promoted: boolean; rules: string[] }; maturities: PeriodMaturity[]; product: PeriodMonths; available: boolean }[];
}

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../../../../libs/testvectors/periods.json'), 'utf8')) as PeriodVectors;

describe('periods.json', () => {
  it('has every section', () => {
    for (const section of [vectors.default_maturity, vectors.default_interval, vectors.maturity_fits, vectors.interval_fits, vectors.addon_available]) {
      expect(section.length).toBeGreaterThan(0);
    }
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

  it.each(vectors.addon_available.map((c) => [c.name, c] as const))('addon available: %s', (_name, c) => {
    // The link as the catalog API writes it: the rules belong to the link's addon groups.
    const link: AddonLink = {
      addon_id: 1,
      is_recommended: false,
      recommended_addon_order: 0,
      is_promoted: c.link.is_promoted,
      promoted_addon_order: 0,
      groups: [{ id: 1, rules: c.link.rules.map((type) => ({ type })) }],
    };
    expect(isAddonAvailable(link, { payment_maturities: c.maturities }, c.product)).toBe(c.available);
  });
});
