import { isExistingCustomer, loginOffered, type Brand, type PricedCart, type SessionCustomer } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';

/** What stops "to checkout" (spec §5 "Cart", §8): the first item that misses a domain or a field. */
export type CheckoutBlock =
  | { kind: 'domain'; rowId: string; productName: string; lookup: string }
  | { kind: 'fields'; rowId: string; itemName: string; fieldsPath: string };

/**
 * The first blocking problem, items in cart order: a product with is_domainrequired 1 and no
 * domain comes before missing required, non-postponed fields (product, addons, upsells, domains).
 * The priced view already knows both (missing_domain, missing_field_ids); nothing is derived here.
 */
export function firstCheckoutBlock(priced: PricedCart): CheckoutBlock | null {
  const items = priced.items ?? [];
  for (const item of items) {
    if (item.missing_domain) {
      return { kind: 'domain', rowId: item.row_id, productName: item.product?.name ?? '', lookup: pathTo('domains-lookup', {}, { id: item.row_id }) };
    }
  }
  for (const item of items) {
    const rowId = item.row_id;
    const product = item.product;
    if (product && product.missing_field_ids?.length) {
      return { kind: 'fields', rowId, itemName: product.name, fieldsPath: pathTo('additional-product-fields', {}, { id: product.id, rowId }) };
    }
    for (const addon of item.addons ?? []) {
      if (addon.missing_field_ids?.length) {
        return { kind: 'fields', rowId, itemName: addon.name, fieldsPath: pathTo('additional-addon-fields', {}, { id: rowId, addonId: addon.id }) };
      }
    }
    for (const upsell of item.upsells ?? []) {
      if (upsell.missing_field_ids?.length) {
        return {
          kind: 'fields',
          rowId,
          itemName: upsell.name,
          fieldsPath: pathTo('additional-popularaddon-fields', {}, { id: rowId, addonId: upsell.id }),
        };
      }
    }
    for (const domain of item.domains ?? []) {
      if (domain.missing_field_ids?.length) {
        return { kind: 'fields', rowId, itemName: domain.name, fieldsPath: pathTo('domains-additional-fields', {}, { id: rowId, d: domain.name }) };
      }
    }
  }
  return null;
}

/**
 * The step after the cart (spec §4 "Checkout flow"): the logout view for an existing customer,
 * else login-or-register when login is allowed, else basic info.
 */
export function checkoutTarget(brand: Brand | undefined, customer?: SessionCustomer | null): string {
  if (isExistingCustomer(customer)) return pathTo('logout');
  return pathTo(loginOffered(brand) ? 'login-or-register' : 'basic-info');
}
