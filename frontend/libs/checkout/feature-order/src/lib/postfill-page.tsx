import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  errorMessageKey,
  useGetCartQuery,
  useGetProductsQuery,
  useGetTldsQuery,
  type AdditionalField,
  type Cart,
  type FieldValue,
  type Product,
  type Tld,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { productsByIds } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { parseRules, RuleParseError, trim } from '@hostcart/shared-util-fields';

/** The items the walk visited in this browser session (spec §2 "each visited once"). */
export const POSTFILL_VISITED_KEY = 'postfill_visited';

type FieldDef = Pick<AdditionalField, 'id' | 'validation_rules' | 'is_postponed'>;

function isRequired(rules: string): boolean {
  try {
    return parseRules(rules).required;
  } catch (e) {
    if (e instanceof RuleParseError) return false;
    throw e;
  }
}

/** A postponed required field without a value (the ones left for post-fill, spec §4 "Field forms"). */
export function hasMissingPostponed(defs: readonly FieldDef[] | undefined, values: readonly FieldValue[] | undefined): boolean {
  const filled = new Set((values ?? []).filter((v) => trim(v.value) !== '').map((v) => v.field_id));
  return (defs ?? []).some((d) => d.is_postponed && isRequired(d.validation_rules) && !filled.has(d.id));
}

export interface PostfillStop {
  /** Stable id of the stop, for "each visited once". */
  key: string;
  /** The field form that fills it, with p=y. */
  path: string;
}

/**
 * The stops of the post-fill walk (spec §2 "Post-fill"): cart items in order, their products,
 * then addons, upsells and domains, each with postponed required fields still empty.
 */
export function postfillStops(cart: Cart, products: readonly Product[], tlds: readonly Tld[]): PostfillStop[] {
  const product = new Map(products.map((p) => [p.id, p]));
  const tld = new Map(tlds.map((t) => [t.id, t]));
  const stops: PostfillStop[] = [];
  for (const item of cart.items) {
    if (hasMissingPostponed(product.get(item.product.id)?.additional_fields, item.product.additional_fields)) {
      stops.push({ key: `p:${item.row_id}`, path: pathTo('postfill-products', {}, { rowId: item.row_id, p: 'y' }) });
    }
  }
  for (const item of cart.items) {
    for (const a of item.addons) {
      if (hasMissingPostponed(product.get(a.id)?.additional_fields, a.additional_fields)) {
        stops.push({ key: `a:${item.row_id}:${a.id}`, path: pathTo('postfill-addons', {}, { id: item.row_id, addonId: a.id, p: 'y' }) });
      }
    }
  }
  for (const item of cart.items) {
    for (const u of item.upsells) {
      if (hasMissingPostponed(product.get(u.id)?.additional_fields, u.additional_fields)) {
        stops.push({ key: `u:${item.row_id}:${u.id}`, path: pathTo('postfill-popular-addons', {}, { id: item.row_id, addonId: u.id, p: 'y' }) });
      }
    }
  }
  for (const item of cart.items) {
    const missing = item.domains.some((d) => hasMissingPostponed(tld.get(d.id)?.additional_fields, d.additional_fields));
    if (missing) stops.push({ key: `d:${item.row_id}`, path: pathTo('postfill-domains', {}, { id: item.row_id, p: 'y' }) });
  }
  return stops;
}

function visited(): Set<string> {
  try {
    return new Set(JSON.parse(window.sessionStorage.getItem(POSTFILL_VISITED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function remember(keys: Set<string>): void {
  try {
    if (keys.size === 0) window.sessionStorage.removeItem(POSTFILL_VISITED_KEY);
    else window.sessionStorage.setItem(POSTFILL_VISITED_KEY, JSON.stringify([...keys]));
  } catch {
    // Without storage the walk still ends: the forms fill what they show.
  }
}

/** /postfill: forwards to the first unvisited stop, or to confirm when none remain. */
export function PostfillPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useGetCartQuery();
  const ids = useMemo(
    () => (cart.data ? productsByIds(cart.data.cart.items.flatMap((i) => [i.product.id, ...i.addons.map((a) => a.id), ...i.upsells.map((u) => u.id)])) : undefined),
    [cart.data],
  );
  const hasDomains = !!cart.data?.cart.items.some((i) => i.domains.length > 0);
  const products = useGetProductsQuery(ids && (ids.ids?.length ?? 0) > 0 ? ids : skipToken);
  const tlds = useGetTldsQuery(hasDomains ? undefined : skipToken);
  const loading = cart.isLoading || products.isLoading || (hasDomains && tlds.isLoading);
  const error = cart.error ?? products.error ?? (hasDomains ? tlds.error : undefined);
  const empty = !!cart.data && cart.data.cart.items.length === 0;

  useEffect(() => {
    if (loading || error || !cart.data || empty) return;
    const stops = postfillStops(cart.data.cart, products.data ?? [], tlds.data ?? []);
    const seen = visited();
    const next = stops.find((s) => !seen.has(s.key));
    if (next) {
      seen.add(next.key);
      remember(seen);
      navigate(next.path, { replace: true });
    } else {
      remember(new Set());
      navigate(pathTo('confirm'), { replace: true });
    }
  }, [cart.data, empty, error, loading, navigate, products.data, tlds.data]);

  if (error) {
    return (
      <ErrorState
        messageKey={errorMessageKey(error as never)}
        onRetry={() => {
          void cart.refetch();
          void products.refetch();
        }}
      />
    );
  }
  if (empty) return <Navigate to="/" replace />;
  return <LoadingState label={t('postfill.forwarding')} />;
}

/**
 * The post-fill children (spec §2: /postfill/products, /popular-addons, /addons, /domains) are
 * the flow's field forms with p=y, which return to /postfill after saving.
 */
export function postfillChild(target: 'additional-product-fields' | 'additional-popularaddon-fields' | 'additional-addon-fields' | 'domains-additional-fields') {
  return function PostfillChild() {
    const [query] = useSearchParams();
    const q: Record<string, string> = {};
    query.forEach((v, k) => {
      q[k] = v;
    });
    q['p'] = 'y';
    return <Navigate to={pathTo(target, {}, q)} replace />;
  };
}

export const PostfillProductsPage = postfillChild('additional-product-fields');
export const PostfillPopularAddonsPage = postfillChild('additional-popularaddon-fields');
export const PostfillAddonsPage = postfillChild('additional-addon-fields');
export const PostfillDomainsPage = postfillChild('domains-additional-fields');
