import type { FlowAddonLink, FlowContext, FlowFieldDefinition, FlowMaturity, FlowProduct } from './types';

/** A maturity of `months` with intervals given as [id, months] pairs, all active. */
export function maturity(id: number, months: number, intervals: [number, number][], extra: Partial<FlowMaturity> = {}): FlowMaturity {
  return {
    id,
    months,
    is_active: true,
    payment_intervals: intervals.map(([iid, m]) => ({ id: iid, months: m, is_active: true })),
    ...extra,
  };
}

export function field(id: number, rules = 'required|string', isPostponed = false): FlowFieldDefinition {
  return { id, validation_rules: rules, is_postponed: isPostponed };
}

export function link(addonId: number, opts: Partial<Omit<FlowAddonLink, 'groups'>> & { rules?: string[]; groupId?: number } = {}): FlowAddonLink {
  const { rules = [], groupId = addonId * 10, ...rest } = opts;
  return {
    addon_id: addonId,
    is_recommended: false,
    recommended_addon_order: 0,
    is_promoted: false,
    promoted_addon_order: 0,
    groups: rules.length > 0 ? [{ id: groupId, rules: rules.map((type) => ({ type })) }] : [],
    ...rest,
  };
}

/** An addon or upsell product sold for 12 months, billed monthly, unless told otherwise. */
export function lineProduct(id: number, extra: Partial<FlowProduct> = {}): FlowProduct {
  return { id, type: 'addon', is_domainrequired: 0, payment_maturities: [maturity(id * 10, 12, [[id * 100, 1]])], ...extra };
}

export const ROW = 'abc123';

/** A hosting product with one maturity and one interval, nothing else: the flow goes to the cart. */
export function bareContext(): FlowContext {
  return {
    item: { row_id: ROW, product: { id: 1, maturity_id: 11, interval_id: 111, additional_fields: [] }, addons: [], upsells: [], domains: [] },
    product: { id: 1, type: 'hosting', is_domainrequired: 0, addons: [], upsells: [], additional_fields: [], payment_maturities: [maturity(11, 12, [[111, 1]])] },
    lineProducts: [],
  };
}

/** A certificate for which every step of the guided flow applies. */
export function fullContext(): FlowContext {
  return {
    item: {
      row_id: ROW,
      product: { id: 1, maturity_id: 11, interval_id: 111, additional_fields: [{ field_id: 1, value: '' }] },
      addons: [
        { id: 103, maturity_id: 1030, interval_id: 10300, additional_fields: [] },
        { id: 104, maturity_id: 1040, interval_id: 10400, additional_fields: [] },
      ],
      upsells: [{ id: 201, maturity_id: 2010, interval_id: 20100, additional_fields: [] }],
      domains: [],
    },
    product: {
      id: 1,
      type: 'certificate',
      is_domainrequired: 1,
      addons: [link(101, { rules: ['variants'], groupId: 7 }), link(102, { is_promoted: true }), link(103, { is_recommended: true }), link(104)],
      upsells: [{ upsell_id: 201 }],
      additional_fields: [field(1)],
      payment_maturities: [maturity(11, 12, [[111, 1], [112, 12]]), maturity(12, 24, [[121, 1]])],
    },
    lineProducts: [
      lineProduct(101),
      lineProduct(102),
      lineProduct(103, { additional_fields: [field(31)] }),
      lineProduct(104, { additional_fields: [field(41)] }),
      lineProduct(201, { type: 'upsell', additional_fields: [field(51)] }),
    ],
  };
}
