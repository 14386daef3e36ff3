import { AVAILABILITY_BATCH_SIZE, type DomainGroup, type DomainSearch, type Tld } from '@hostcart/shared-data-access-api';

/** Splits names into the batches availability is checked in (spec §4, §9: 5 names a call). */
export function splitIntoBatches<T>(items: readonly T[], size: number = AVAILABILITY_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * The TLDs of a group a search is checked against: the active ones, in the group's order. A name
 * with umlauts only goes to TLDs that accept internationalised names; the others cannot register
 * it, and the service would reject the whole batch.
 */
export function groupCandidates(group: DomainGroup, search: Pick<DomainSearch, 'idn'>): Tld[] {
  return group.tlds.filter((t) => t.is_active && (!search.idn || t.idn));
}

/** Full ASCII names of the search's second-level label under each TLD. */
export function namesFor(search: Pick<DomainSearch, 'sld'>, tlds: readonly Tld[]): string[] {
  return tlds.map((t) => `${search.sld}.${t.tld}`);
}

/** The groups the lookup shows, in their order, leaving out inactive and empty ones. */
export function visibleGroups(groups: readonly DomainGroup[]): DomainGroup[] {
  return groups.filter((g) => g.is_active && g.tlds.some((t) => t.is_active)).sort((a, b) => a.order - b.order || a.id - b.id);
}
