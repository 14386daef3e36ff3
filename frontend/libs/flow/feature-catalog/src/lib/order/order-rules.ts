import type { Product } from '@hostcart/shared-data-access-api';

/**
 * Spec §2 "Categories and products": a chosen product first goes to its additional fields when any
 * of them belongs to the main flow (not postponed); otherwise it goes straight into the cart.
 */
export function needsProductFields(product: Pick<Product, 'additional_fields'>): boolean {
  return (product.additional_fields ?? []).some((f) => !f.is_postponed);
}
