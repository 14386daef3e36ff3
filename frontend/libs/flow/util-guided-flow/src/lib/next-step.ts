import { routeById, sanitizeQuery } from '@hostcart/shared-routing';
import { chosenPeriod, isAddonAvailable, isStandardAddon, orderableMaturities, activeIntervals } from './availability';
import { hasMissingFields } from './fields';
import type { FlowAddonLink, FlowContext, FlowLine, FlowProduct } from './types';

/** The screens the guided flow leaves from (route ids of @hostcart/shared-routing). */
export type FlowScreen =
  /** A product was chosen and is in the cart (products page, category tile, URL, contract transfer). */
  | 'products'
  | 'additional-product-fields'
  | 'popular-addons'
  | 'addon-variants'
  | 'promoted-addons'
  | 'domains-lookup'
  | 'domains-add-domain'
  | 'domains-additional-fields'
  | 'domains-add-product'
  | 'periods-maturity'
  | 'periods-interval'
  | 'addons'
  | 'additional-addon-fields'
  | 'additional-popularaddon-fields';

/**
 * Where the flow comes from. The field screens step through the item's addons (then upsells) one
 * by one; naming the line just saved (lineId) makes sure the walk only moves forward.
 */
export type FlowFrom = FlowScreen | { screen: FlowScreen; lineId?: number };

/** A route of the route table with its query sanitised by the table's rules. */
export interface FlowRoute {
  /** Route id of @hostcart/shared-routing. */
  name: string;
  path: string;
  query: Record<string, string>;
}

type StepId =
  | 'ssl-fields'
  | 'popular-addons'
  | 'addon-variants'
  | 'promoted-addons'
  | 'domain-lookup'
  | 'domain-question'
  | 'domain-fields'
  | 'product-question'
  | 'maturity'
  | 'interval'
  | 'standard-addons'
  | 'addon-fields';

// Spec §4 "Guided flow after choosing a product", steps 1 to 10 (11 is the end of the walk).
const MAIN: readonly StepId[] = [
  'ssl-fields',
  'popular-addons',
  'addon-variants',
  'promoted-addons',
  'domain-lookup',
  'domain-question',
  'maturity',
  'interval',
  'standard-addons',
  'addon-fields',
];

// From the domain screens: missing domain fields, the product question, then maturity and so on.
const AFTER_DOMAINS: readonly StepId[] = ['domain-fields', 'product-question', ...MAIN.slice(MAIN.indexOf('maturity'))];

// Which steps each screen still considers: later steps in each screen skip earlier ones. The
// field screens repeat their own step, since they walk one line at a time.
const REMAINING: Record<FlowScreen, readonly StepId[]> = {
  products: MAIN,
  'additional-product-fields': MAIN.slice(1),
  'popular-addons': MAIN.slice(2),
  'addon-variants': MAIN.slice(3),
  'promoted-addons': MAIN.slice(4),
  'domains-lookup': AFTER_DOMAINS,
  'domains-add-domain': AFTER_DOMAINS,
  'domains-additional-fields': AFTER_DOMAINS.slice(1),
  'domains-add-product': AFTER_DOMAINS.slice(2),
  'periods-maturity': MAIN.slice(MAIN.indexOf('interval')),
  'periods-interval': MAIN.slice(MAIN.indexOf('standard-addons')),
  addons: MAIN.slice(MAIN.indexOf('addon-fields')),
  'additional-addon-fields': MAIN.slice(MAIN.indexOf('addon-fields')),
  'additional-popularaddon-fields': MAIN.slice(MAIN.indexOf('addon-fields')),
};

// Back from the cart only the forms that complete what the visitor just chose still apply.
const COMPLETING: ReadonlySet<StepId> = new Set(['domain-fields', 'addon-fields']);

function route(name: string, query: Record<string, string | number | undefined> = {}): FlowRoute {
  const def = routeById(name);
  const raw = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) raw.set(k, String(v));
  return { name, path: def.path, query: Object.fromEntries(sanitizeQuery(raw, def.query)) };
}

/** The link of a route: path plus query string. */
export function hrefOf(r: FlowRoute): string {
  const qs = new URLSearchParams(r.query).toString();
  return qs ? `${r.path}?${qs}` : r.path;
}

interface Resolved {
  ctx: FlowContext;
  screen: FlowScreen;
  lineId?: number;
  rowId: string;
  availableLinks: FlowAddonLink[];
}

function lineProduct(ctx: FlowContext, id: number): FlowProduct | undefined {
  return ctx.lineProducts.find((p) => p.id === id);
}

function availableLinks(ctx: FlowContext): FlowAddonLink[] {
  const { maturity, interval } = chosenPeriod(ctx.product, ctx.item.product);
  if (!maturity || !interval) return [];
  const period = { maturity: maturity.months, interval: interval.months };
  return (ctx.product.addons ?? []).filter((l) => isAddonAvailable(l, lineProduct(ctx, l.addon_id), period));
}

/** The first line of the list, after the one just saved, whose required fields are not all filled. */
function firstIncomplete(ctx: FlowContext, lines: readonly FlowLine[], after?: number): FlowLine | undefined {
  const start = after === undefined ? 0 : lines.findIndex((l) => l.id === after) + 1;
  return lines.slice(start).find((l) => hasMissingFields(lineProduct(ctx, l.id)?.additional_fields, l.additional_fields));
}

const STEPS: Record<StepId, (r: Resolved) => FlowRoute | undefined> = {
  'ssl-fields': ({ ctx, rowId }) =>
    ctx.product.type === 'certificate' && hasMissingFields(ctx.product.additional_fields, ctx.item.product.additional_fields)
      ? route('additional-product-fields', { id: ctx.product.id, rowId })
      : undefined,

  'popular-addons': ({ ctx, rowId }) => ((ctx.product.upsells ?? []).length > 0 ? route('popular-addons', { id: rowId }) : undefined),

  'addon-variants': ({ availableLinks: links, rowId }) => {
    for (const link of links) {
      const group = link.groups.find((g) => g.rules.some((r) => r.type === 'variants'));
      if (group) return route('addon-variants', { id: rowId, set: group.id });
    }
    return undefined;
  },

  'promoted-addons': ({ availableLinks: links, rowId }) => {
    const promoted = links.filter((l) => l.is_promoted).sort((a, b) => a.promoted_addon_order - b.promoted_addon_order);
    return promoted.length > 0 ? route('promoted-addons', { id: rowId, addonId: promoted[0].addon_id }) : undefined;
  },

  'domain-lookup': ({ ctx, rowId }) =>
    ctx.product.is_domainrequired === 1 && (ctx.item.domains ?? []).length === 0 ? route('domains-lookup', { id: rowId }) : undefined,

  'domain-question': ({ ctx, rowId }) =>
    ctx.product.is_domainrequired === 2 && (ctx.item.domains ?? []).length === 0
      ? route('domains-add-domain', { id: rowId })
      : undefined,

  'domain-fields': ({ ctx, rowId }) =>
    (ctx.item.domains ?? []).some((d) => hasMissingFields(ctx.domainFields?.[d.name], d.additional_fields))
      ? route('domains-additional-fields', { id: rowId })
      : undefined,

  'product-question': ({ ctx }) =>
    ctx.flags?.domainSearched || ctx.product.type === 'domain-only'
      ? route('domains-add-product', { d: ctx.item.domains?.[0]?.name })
      : undefined,

  maturity: ({ ctx, rowId }) => (orderableMaturities(ctx.product).length > 1 ? route('periods-maturity', { id: rowId }) : undefined),

  interval: ({ ctx, rowId }) => {
    const { maturity } = chosenPeriod(ctx.product, ctx.item.product);
    return maturity && activeIntervals(maturity).length > 1 ? route('periods-interval', { id: rowId }) : undefined;
  },

  'standard-addons': ({ availableLinks: links, rowId }) => (links.some(isStandardAddon) ? route('addons', { id: rowId }) : undefined),

  'addon-fields': ({ ctx, screen, lineId, rowId }) => {
    // Addons before upsells, the order of the cart rows and of the post-fill walk.
    if (screen !== 'additional-popularaddon-fields') {
      const addon = firstIncomplete(ctx, ctx.item.addons ?? [], screen === 'additional-addon-fields' ? lineId : undefined);
      if (addon) return route('additional-addon-fields', { id: rowId, addonId: addon.id });
    }
    const upsell = firstIncomplete(ctx, ctx.item.upsells ?? [], screen === 'additional-popularaddon-fields' ? lineId : undefined);
    return upsell ? route('additional-popularaddon-fields', { id: rowId, addonId: upsell.id }) : undefined;
  },
};

/**
 * The route after screen `from` in the guided flow of spec §4: the first applicable step after
 * it, else the cart. The post-fill walk always returns to /postfill; opened from the cart
 * (returnToCart) only the forms completing the item (domain fields, addon and upsell fields) come
 * before the cart.
 */
export function nextStep(ctx: FlowContext, from: FlowFrom): FlowRoute {
  if (ctx.flags?.postfill) return route('postfill');
  const { screen, lineId } = typeof from === 'string' ? { screen: from, lineId: undefined } : from;
  const resolved: Resolved = { ctx, screen, lineId, rowId: ctx.item.row_id, availableLinks: availableLinks(ctx) };
  for (const step of REMAINING[screen]) {
    if (ctx.flags?.returnToCart && !COMPLETING.has(step)) continue;
    const next = STEPS[step](resolved);
    if (next) return next;
  }
  return route('cart');
}
