import type { PricedItem, Product, ProductAddonLink } from '@hostcart/shared-data-access-api';

const hasRule = (link: ProductAddonLink, rule: string) => (link.groups ?? []).some((g) => (g.rules ?? []).some((r) => r.type === rule));

/** An auto-assigned addon: removing it with cascade removes its whole item (spec §4). */
export function isAutoAssigned(product: Product | undefined, addonId: number): boolean {
  const link = product?.addons?.find((l) => l.addon_id === addonId);
  return !!link && hasRule(link, 'autoassign');
}

/**
 * Addons the cart offers to add to an item with one click (spec §2 "Clicking an addon in the
 * cart toggles it"): the product's addon links that are not in the item yet, not invisible, not
 * hidden in the cart, and not non-removable (those come by themselves and show no add button).
 * Variant and module groups have their own screens. Sorted recommended first, then by order.
 * Whether an addon fits the item's term is the service's decision when it is added.
 */
export function offeredAddons(item: PricedItem, product: Product | undefined, addonProducts: ReadonlyMap<number, Product>): Product[] {
  if (!product) return [];
  const inCart = new Set((item.addons ?? []).map((a) => a.id));
  const links = (product.addons ?? []).filter(
    (l) =>
      !inCart.has(l.addon_id) &&
      !hasRule(l, 'invisible') &&
      !hasRule(l, 'non_removable') &&
      !hasRule(l, 'variants') &&
      !hasRule(l, 'modules') &&
      addonProducts.has(l.addon_id) &&
      !addonProducts.get(l.addon_id)?.hide_in_cart,
  );
  links.sort((a, b) => {
    if (a.is_recommended !== b.is_recommended) return a.is_recommended ? -1 : 1;
    if (a.is_recommended) return a.recommended_addon_order - b.recommended_addon_order;
    return (addonProducts.get(a.addon_id)?.order ?? 0) - (addonProducts.get(b.addon_id)?.order ?? 0);
  });
  return links.map((l) => addonProducts.get(l.addon_id) as Product);
}
