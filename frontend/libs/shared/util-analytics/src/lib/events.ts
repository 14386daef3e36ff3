/**
 * Analytics events of spec §4a in the GA4 ecommerce shape. Amounts come from the API as integer
 * EUR cents (the cart's priced view, the catalog's from_price); here they only become euros.
 */

/** What kind of cart line an item is; GA4's item_category carries it. */
export type ItemKind = 'product' | 'addon' | 'upsell' | 'domain';

/** One line as the screens know it, amounts in cents as the API gives them. */
export interface AnalyticsLine {
  kind: ItemKind;
  /** Catalog id of the product, addon or upsell; the domain name for a domain. */
  id: number | string;
  name: string;
  /** The amount the row shows (e.g. monthly display price, a domain's price). */
  priceCents: number;
  quantity?: number;
  /** E.g. the maturity label ("12 months"); GA4's item_variant. */
  variant?: string;
  /** Catalog category name; GA4's item_category2. */
  category?: string;
  /** Promotion code of the line. */
  coupon?: string;
  discountCents?: number;
}

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_category: ItemKind;
  item_category2?: string;
  item_variant?: string;
  price: number;
  quantity: number;
  coupon?: string;
  discount?: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

export const CURRENCY = 'EUR';

export interface Ecommerce {
  currency: typeof CURRENCY;
  value?: number;
  items: Ga4Item[];
  transaction_id?: string;
  tax?: number;
  coupon?: string;
  item_list_id?: string;
  item_list_name?: string;
  /** add_payment_info: the chosen payment type's slug. */
  payment_type?: string;
}

export type EcommerceEventName = 'add_to_cart' | 'remove_from_cart' | 'view_item_list' | 'view_cart' | 'begin_checkout' | 'add_payment_info' | 'purchase';

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: Ecommerce;
}

/** The checkout pages without a GA4 ecommerce event of their own, numbered like the breadcrumbs. */
export const CHECKOUT_PAGES = { address: 2, confirm: 4 } as const;
export type CheckoutPage = keyof typeof CHECKOUT_PAGES;

export interface CheckoutPageEvent {
  event: 'checkout_page_view';
  checkout_page: CheckoutPage;
  checkout_step: (typeof CHECKOUT_PAGES)[CheckoutPage];
}

export type AnalyticsEvent = EcommerceEvent | CheckoutPageEvent;

/** Integer cents to euros, the one conversion this library does. */
export function euros(cents: number): number {
  return Math.round(cents) / 100;
}

function item(line: AnalyticsLine, index?: number): Ga4Item {
  const out: Ga4Item = {
    item_id: String(line.id),
    item_name: line.name,
    item_category: line.kind,
    price: euros(line.priceCents),
    quantity: line.quantity ?? 1,
  };
  if (line.category) out.item_category2 = line.category;
  if (line.variant) out.item_variant = line.variant;
  if (line.coupon) out.coupon = line.coupon;
  if (line.discountCents) out.discount = euros(line.discountCents);
  if (index !== undefined) out.index = index;
  return out;
}

// Summing whole cents is exact; the lines' amounts themselves are never derived here.
function sumCents(lines: readonly AnalyticsLine[]): number {
  return lines.reduce((sum, l) => sum + l.priceCents * (l.quantity ?? 1), 0);
}

function ecommerce(event: EcommerceEventName, lines: readonly AnalyticsLine[], valueCents: number, extra: Partial<Ecommerce> = {}): EcommerceEvent {
  return { event, ecommerce: { currency: CURRENCY, value: euros(valueCents), items: lines.map((l) => item(l)), ...extra } };
}

/** A product, addon, upsell or domain added; value defaults to the lines' amounts. */
export function addToCart(lines: readonly AnalyticsLine[], valueCents = sumCents(lines)): EcommerceEvent {
  return ecommerce('add_to_cart', lines, valueCents);
}

/** A product, addon, upsell or domain removed (a product with its lines); value defaults to their amounts. */
export function removeFromCart(lines: readonly AnalyticsLine[], valueCents = sumCents(lines)): EcommerceEvent {
  return ecommerce('remove_from_cart', lines, valueCents);
}

/** The products page shown: the category is the list. */
export function viewItemList(list: { id: string; name: string }, products: readonly AnalyticsLine[]): EcommerceEvent {
  return {
    event: 'view_item_list',
    ecommerce: {
      currency: CURRENCY,
      item_list_id: list.id,
      item_list_name: list.name,
      items: products.map((p, i) => ({ ...item(p, i), item_list_id: list.id, item_list_name: list.name })),
    },
  };
}

/** The cart page shown; value is the cart total the priced view gives. */
export function viewCart(lines: readonly AnalyticsLine[], totalCents: number): EcommerceEvent {
  return ecommerce('view_cart', lines, totalCents);
}

/** Next on the cart page. */
export function beginCheckout(lines: readonly AnalyticsLine[], totalCents: number, coupon?: string): EcommerceEvent {
  return ecommerce('begin_checkout', lines, totalCents, coupon ? { coupon } : {});
}

/** A payment method chosen and saved on the payment page. */
export function addPaymentInfo(paymentType: string, lines: readonly AnalyticsLine[], totalCents: number): EcommerceEvent {
  return ecommerce('add_payment_info', lines, totalCents, { payment_type: paymentType });
}

export interface Order {
  /** The order code (or id) the confirmation answered. */
  transactionId: string;
  totalCents: number;
  taxCents: number;
  coupon?: string;
}

/** The order finalized. */
export function purchase(order: Order, lines: readonly AnalyticsLine[]): EcommerceEvent {
  return ecommerce('purchase', lines, order.totalCents, {
    transaction_id: order.transactionId,
    tax: euros(order.taxCents),
    ...(order.coupon ? { coupon: order.coupon } : {}),
  });
}

/** The address or confirm page shown. */
export function checkoutPageView(page: CheckoutPage): CheckoutPageEvent {
  return { event: 'checkout_page_view', checkout_page: page, checkout_step: CHECKOUT_PAGES[page] };
}
