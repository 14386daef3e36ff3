import type { PricedDomain, PricedItem, PricedLine } from '@hostcart/shared-data-access-api';

/** A row the visitor asked to remove, waiting for the confirmation. */
export type Removal =
  | { kind: 'product'; item: PricedItem }
  | { kind: 'addon'; item: PricedItem; line: PricedLine; cascade: boolean }
  | { kind: 'upsell'; item: PricedItem; line: PricedLine }
  | { kind: 'domain'; item: PricedItem; domain: PricedDomain };

export function removalName(r: Removal): string {
  switch (r.kind) {
    case 'product':
      return r.item.product?.name ?? '';
    case 'domain':
      return r.domain.name;
    default:
      return r.line.name;
  }
}
