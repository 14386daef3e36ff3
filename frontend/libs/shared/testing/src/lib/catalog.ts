import type { AdditionalField, PaymentMaturity, Product } from '@hostcart/shared-data-access-api';

/**
 * A contract term with its intervals as [id, months] pairs (VAT 19 %); the last interval is the
 * default unless `extra` says otherwise.
 */
export function maturity(id: number, months: number, priceCents: number, intervals: [number, number][], extra: Partial<PaymentMaturity> = {}): PaymentMaturity {
  return {
    id,
    months,
    price_cents: priceCents,
    setup_fee_cents: 0,
    cancelation_period: 30,
    is_active: true,
    is_default: false,
    product_id: 0,
    payment_intervals: intervals.map(([iid, m], i) => ({ id: iid, months: m, interval_vat: 19, is_active: true, is_default: i === intervals.length - 1 })),
    ...extra,
  };
}

/** A visible, active catalog product of category "Hosting" without terms, fields, addons or upsells. */
export function catalogProduct(id: number, name: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    description: '',
    tagline: '',
    type: 'hosting',
    type_id: 1,
    category_name: 'Hosting',
    category_slug: 'hosting',
    category_id: 1,
    is_active: true,
    is_hidden: false,
    hide_in_cart: false,
    is_highlight: false,
    domain_capable: false,
    qty_max: 0,
    order: id,
    is_domainrequired: 0,
    additional_fields: [],
    payment_maturities: [],
    from_price: null,
    free_tlds: null,
    addons: [],
    upsells: [],
    external_product_id: '',
    sms_validation: false,
    upsell_headline: '',
    advantages: [],
    advantages_headline: '',
    advantages_button_text: '',
    disadvantages: [],
    attributes: [],
    ...extra,
  };
}

/** An additional field definition (text input, main flow) with its pipe-separated rules of spec §5. */
export function additionalField(id: number, key: string, label: string, rules: string, extra: Partial<AdditionalField> = {}): AdditionalField {
  return { id, key, label, order: id, validation_rules: rules, input_component: 'text', is_postponed: false, prefilled_with: '', headline: '', is_secret: false, ...extra };
}
