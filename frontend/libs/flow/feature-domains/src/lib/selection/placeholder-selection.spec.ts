import { createAppStore } from '@hostcart/shared-store';
import type { SelectedDomain } from './domain-selection';
import { additionalFieldsSaved, domainRemoved, domainSelected, placeholderProductIdOf, selectOutcome, selectPlaceholderDomains } from './placeholder-selection';

const entry = (domain: string, itemId: string | null, extra: Partial<SelectedDomain> = {}): SelectedDomain => ({
  domain,
  domainUnicode: domain,
  tld: 'de',
  itemId,
  kind: 'register',
  additionalFields: {},
  ...extra,
});

describe('placeholder domain selection (stands in for the cart)', () => {
  it('keeps one entry per domain in the shared store and updates it', () => {
    const store = createAppStore();
    store.dispatch(domainSelected(entry('a.de', '7')));
    store.dispatch(domainSelected(entry('b.de', '7')));
    store.dispatch(domainSelected(entry('a.de', '7', { kind: 'transfer', authCode: 'X1' })));
    store.dispatch(additionalFieldsSaved({ domain: 'b.de', values: { '1': 'DE' } }));
    expect(selectPlaceholderDomains(store.getState())).toEqual([entry('a.de', '7', { kind: 'transfer', authCode: 'X1' }), entry('b.de', '7', { additionalFields: { '1': 'DE' } })]);
    store.dispatch(domainRemoved('a.de'));
    expect(selectPlaceholderDomains(store.getState()).map((d) => d.domain)).toEqual(['b.de']);
  });

  it('refuses a domain that belongs to another item (already assigned)', () => {
    const existing = [entry('a.de', '7')];
    expect(selectOutcome(existing, entry('a.de', '7', { kind: 'transfer' }))).toEqual({ ok: true });
    expect(selectOutcome(existing, entry('a.de', '8'))).toEqual({ ok: false, reason: 'already_assigned', assignedTo: '7' });
    expect(selectOutcome(existing, entry('a.de', null))).toEqual({ ok: false, reason: 'already_assigned', assignedTo: '7' });
    expect(selectOutcome(existing, entry('b.de', '8'))).toEqual({ ok: true });
  });

  it('reads numeric item ids as product ids until cart items exist', () => {
    expect(placeholderProductIdOf('1002')).toBe(1002);
    expect(placeholderProductIdOf('a1b2')).toBeUndefined();
    expect(placeholderProductIdOf('0')).toBeUndefined();
  });
});
