import type { Promotion } from '@hostcart/shared-data-access-api';
import { hasIntervalChoice, initialMode, periodChoices, strippedPromotion, unsupportedLines } from './period-choices';
import { cartLine, catalog, item, maturity } from './test-utils';

const [host, support, mailPro] = catalog();

describe('periodChoices', () => {
  it('lists the orderable terms by months with the VAT of their default interval', () => {
    const withHidden = { ...host, payment_maturities: [...host.payment_maturities, maturity(13, 24, 700, [[23, 24]], { is_active: false })] };
    expect(periodChoices(withHidden, cartLine(1001, 12, 22), 'maturity')).toEqual([
      { maturityId: 11, intervalId: 0, months: 1, netCents: 999, vatPercent: 19, setupFeeCents: 0, after: { maturity: 1, interval: 1 }, current: false },
      { maturityId: 12, intervalId: 0, months: 12, netCents: 799, vatPercent: 19, setupFeeCents: 0, after: { maturity: 12, interval: 12 }, current: true },
    ]);
  });

  it('lists the active intervals of the current term', () => {
    expect(periodChoices(host, cartLine(1001, 12, 21), 'interval').map((c) => [c.maturityId, c.intervalId, c.months, c.current])).toEqual([
      [12, 21, 1, true],
      [12, 22, 12, false],
    ]);
  });
});

describe('modes', () => {
  it('opens with terms when there are several, else intervals', () => {
    expect(initialMode(host)).toBe('maturity');
    expect(initialMode(mailPro)).toBe('interval');
  });
  it('knows whether a term has intervals to choose from', () => {
    expect(hasIntervalChoice(host, 12)).toBe(true);
    expect(hasIntervalChoice(host, 11)).toBe(false);
  });
});

describe('unsupportedLines', () => {
  it('names the addons and upsells a new period would drop', () => {
    const it = item({ addons: [cartLine(2031, 312, 412)], upsells: [cartLine(3001, 321, 422)] });
    expect(unsupportedLines(it, host, [support, mailPro], { maturity: 1, interval: 1 }).map((p) => p.name)).toEqual(['Mail pro']);
    expect(unsupportedLines(it, host, [support, mailPro], { maturity: 12, interval: 12 })).toEqual([]);
    // A 24-month term: neither is offered.
    expect(unsupportedLines(it, host, [support, mailPro], { maturity: 24, interval: 12 }).map((p) => p.name)).toEqual(['Support', 'Mail pro']);
  });

  it('respects the exemption rules of the link', () => {
    const [supportLink] = host.addons ?? [];
    if (!supportLink) throw new Error('the catalog fixture links its addons');
    const exempt = { ...host, addons: [{ ...supportLink, groups: [{ id: 1, name: '', display_name: '', display_description: '', rules: [{ type: 'maturities_need_not_match' }, { type: 'intervals_need_not_match' }] }] }] };
    expect(unsupportedLines(item({ addons: [cartLine(2031, 312, 412)] }), exempt, [support], { maturity: 24, interval: 24 })).toEqual([]);
  });

  it('judges an invisible (auto-assigned) line by its period only, as the service keeps it', () => {
    const [link] = host.addons ?? [];
    if (!link) throw new Error('the fixture host has an addon link');
    const invisible = { ...host, addons: [{ ...link, groups: [{ id: 1, name: '', display_name: '', display_description: '', rules: [{ type: 'invisible' }, { type: 'autoassign' }] }] }] };
    const it = item({ addons: [cartLine(2031, 312, 412)] });
    expect(unsupportedLines(it, invisible, [support], { maturity: 12, interval: 12 })).toEqual([]);
    // A period the addon has no term for still drops it.
    expect(unsupportedLines(it, invisible, [support], { maturity: 24, interval: 12 }).map((p) => p.name)).toEqual(['Support']);
  });
});

describe('strippedPromotion', () => {
  const promo = (over: Partial<Promotion>): Promotion =>
    ({ code: 'X', is_automatic: false, supported: { maturity_months: [12], interval_months: [12], for_addon: false, for_upsell: false }, ...over }) as Promotion;
  it('warns for a manual promotion whose months do not fit', () => {
    expect(strippedPromotion(promo({}), { maturity: 1, interval: 1 }, 'maturity')).toBe(true);
    expect(strippedPromotion(promo({}), { maturity: 12, interval: 12 }, 'maturity')).toBe(false);
    expect(strippedPromotion(promo({}), { maturity: 12, interval: 1 }, 'interval')).toBe(true);
  });
  it('never warns for automatic or unrestricted promotions', () => {
    expect(strippedPromotion(promo({ is_automatic: true }), { maturity: 1, interval: 1 }, 'maturity')).toBe(false);
    expect(strippedPromotion(promo({ supported: null }), { maturity: 1, interval: 1 }, 'maturity')).toBe(false);
    expect(strippedPromotion(undefined, { maturity: 1, interval: 1 }, 'maturity')).toBe(false);
  });
  it('reads empty month lists as any', () => {
    expect(strippedPromotion(promo({ supported: { maturity_months: [], interval_months: [], for_addon: false, for_upsell: false } }), { maturity: 1, interval: 1 }, 'maturity')).toBe(false);
  });
});
