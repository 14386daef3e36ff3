import { hrefOf, nextStep, type FlowContext, type FlowRoute } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';

/** The children of /addon-reselection (spec §2) and the screens they forward to. */
export type ReselectionChild = 'popular-addons' | 'addon-variants' | 'promoted-addons' | 'standard-addons';

// Route ids of the addon screens of the guided flow, in its order (spec §4 steps 2, 3, 4 and 9).
const ADDON_SCREENS = ['popular-addons', 'addon-variants', 'promoted-addons', 'addons'];

/**
 * Where /addon-reselection?id forwards without a child: the first addon screen the guided flow
 * (nextStep, the one decision of spec §4) has for the item, ignoring the steps in between that are
 * not about addons (domains, periods); the cart when there is none.
 */
export function reselectionTarget(ctx: FlowContext): string {
  const flow = { ...ctx, flags: undefined };
  // Steps 2 to 4 come right after the product fields; the standard addons right after the interval.
  const early: FlowRoute = nextStep(flow, 'additional-product-fields');
  if (ADDON_SCREENS.includes(early.name)) return hrefOf(early);
  const standard = nextStep(flow, 'periods-interval');
  if (standard.name === 'addons') return hrefOf(standard);
  return pathTo('cart');
}

/** The screen a child of /addon-reselection forwards to, with the item (and set or addon) in its query. */
export function reselectionChildTarget(child: ReselectionChild, rowId: string, query: URLSearchParams): string {
  switch (child) {
    case 'popular-addons':
      return pathTo('popular-addons', {}, { id: rowId });
    case 'addon-variants':
      return pathTo('addon-variants', {}, { id: rowId, set: query.get('set') ?? undefined });
    case 'promoted-addons':
      return pathTo('promoted-addons', {}, { id: rowId, addonId: query.get('addonId') ?? undefined });
    case 'standard-addons':
      return pathTo('addons', {}, { id: rowId });
  }
}
