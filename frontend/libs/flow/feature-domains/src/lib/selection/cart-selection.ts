import { useMemo, useRef } from 'react';
import {
  cartApi,
  errorMessageKey,
  useAddDomainMutation,
  useGetCartQuery,
  useGetProductsQuery,
  useGetTldsQuery,
  useRemoveDomainMutation,
  useReplaceCartMutation,
  useSetAdditionalFieldsMutation,
  type Cart,
  type CartDomain,
  type CartItem,
  type CartResponse,
  type FieldValue,
  type Product,
  type Tld,
} from '@hostcart/shared-data-access-api';
import { useCartNotices } from '@hostcart/flow-data-access-flow';
import { notify, useAppDispatch, useAppStore } from '@hostcart/shared-store';
import {
  useDomainSelectionFrom,
  type ChangeOutcome,
  type DomainSelection,
  type SelectedDomain,
  type SelectOutcome,
} from './domain-selection';

/** Product type of the brand's domain-only product (catalog seed product_types.json). */
export const DOMAIN_ONLY_TYPE = 'domain-only';

/** The key the service refuses changes to a preconfigured item with (spec §8 "already assigned"). */
const LOCKED_KEY = 'cart.preconfigured_item_locked';

const EMPTY: Tld[] = [];

/**
 * Display names of ASCII (punycode) names this tab chose: the cart stores ASCII only and the
 * browser has no punycode decoder, so the name the search showed is remembered here. Names not in
 * it (chosen in another tab) are shown in ASCII.
 */
const displayNames = new Map<string, string>();

function tldOf(d: CartDomain, tlds: readonly Tld[]): string {
  return tlds.find((t) => t.id === d.id)?.tld ?? d.name.slice(d.name.indexOf('.') + 1);
}

/** A cart domain as the screens show it; domains of the domains-only item belong to itemId null. */
export function selectedOf(d: CartDomain, item: CartItem, domainOnlyId: number | undefined, tlds: readonly Tld[]): SelectedDomain {
  return {
    domain: d.name,
    domainUnicode: displayNames.get(d.name) ?? d.name,
    tld: tldOf(d, tlds),
    itemId: item.product.id === domainOnlyId ? null : item.row_id,
    kind: d.auth_code ? 'transfer' : 'register',
    authCode: d.auth_code || undefined,
    additionalFields: Object.fromEntries(d.additional_fields.map((f) => [String(f.field_id), f.value])),
  };
}

export function fieldValues(values: Record<string, string>): FieldValue[] {
  return Object.entries(values).map(([id, value]) => ({ field_id: Number(id), value }));
}

/** The cart with a new domain-only item holding the domain (the service fills in row id and period). */
export function withDomainOnlyItem(cart: Cart, productId: number, domain: SelectedDomain): Cart {
  const item: CartItem = {
    row_id: '',
    product: { id: productId, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] },
    addons: [],
    upsells: [],
    domains: [
      {
        id: 0,
        name: domain.domain,
        inclusive: false,
        auth_code: domain.authCode ?? '',
        promotion_code: '',
        additional_fields: fieldValues(domain.additionalFields),
      },
    ],
    is_preconfigured: false,
  };
  return { ...cart, items: [...cart.items, item] };
}

function holderOf(cart: Cart, name: string): CartItem | undefined {
  return cart.items.find((i) => i.domains.some((d) => d.name === name));
}

/**
 * The domain selection over the session cart (spec §4 domain lookup): a domain chosen for an item
 * is added to it (AddDomain; the service moves it from another item and says so with
 * cart.domain_moved); for a domains-only order it goes into the brand's domain-only item, which
 * is created with the first domain (the service drops an empty domain-only item, so it cannot be
 * added on its own). A domain held by a locked (preconfigured) item, or by a product's item when
 * choosing domains only, is "already assigned" (spec §8).
 */
export function useCartDomainSelection(): DomainSelection {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const cart = useGetCartQuery();
  // Hidden products too: the domain-only product is hidden from the product lists.
  const catalog = useGetProductsQuery({ includeHidden: true });
  const tlds = useGetTldsQuery();
  const [addDomain] = useAddDomainMutation();
  const [removeDomain] = useRemoveDomainMutation();
  const [replaceCart] = useReplaceCartMutation();
  const [setFields] = useSetAdditionalFieldsMutation();
  const { showCartNotices } = useCartNotices();
  // Changes run one after the other: each reads the cart the previous one answered. Two quick
  // clicks of a domains-only order would otherwise both create the domain-only item with a PUT
  // of the same cart, and the second would drop the first domain (or meet a version conflict).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The newest cart a change answered, for the next change even before the cached cart has it.
  const answered = useRef<Cart | undefined>(undefined);

  const domainOnlyId = catalog.data?.find((p: Product) => p.type === DOMAIN_ONLY_TYPE)?.id;
  const items = cart.data?.cart.items;
  const tldList = tlds.data ?? EMPTY;

  return useMemo<DomainSelection>(() => {
    // Reads the store, not the render's snapshot: two quick clicks must see each other's result.
    const latest = (): Cart => {
      const cached = cartApi.endpoints.getCart.select()(store.getState()).data?.cart ?? { items: items ?? [], version: 0 };
      const last = answered.current;
      return last && last.version > cached.version ? last : cached;
    };
    const keep = (cart: Cart) => {
      if (!answered.current || cart.version >= answered.current.version) answered.current = cart;
    };
    const domainOnlyRow = (c: Cart) => (domainOnlyId === undefined ? undefined : c.items.find((i) => i.product.id === domainOnlyId)?.row_id);

    function serial<T>(run: () => Promise<T>): Promise<T> {
      const next = queue.current.then(run, run);
      queue.current = next.catch(() => undefined);
      return next;
    }

    async function change(run: () => Promise<CartResponse>): Promise<ChangeOutcome> {
      try {
        const answer = await run();
        keep(answer.cart);
        showCartNotices(answer.notices);
        return { ok: true, cart: answer.cart };
      } catch (error) {
        const key = errorMessageKey(error as never);
        dispatch(notify({ type: 'error', message: key }));
        return { ok: false, reason: 'error', key };
      }
    }

    async function select(wanted: SelectedDomain): Promise<SelectOutcome> {
      if (wanted.domainUnicode && wanted.domainUnicode !== wanted.domain) displayNames.set(wanted.domain, wanted.domainUnicode);
      const current = latest();
      const holder = holderOf(current, wanted.domain);
      const forDomainsOnly = wanted.itemId === null;
      if (holder && holder.row_id !== wanted.itemId) {
        const heldByProduct = domainOnlyId === undefined || holder.product.id !== domainOnlyId;
        // Domains only must not take a domain away from the product it was chosen for.
        if (holder.is_preconfigured || (forDomainsOnly && heldByProduct)) {
          return { ok: false, reason: 'already_assigned', assignedTo: heldByProduct ? holder.row_id : null };
        }
      }
      const rowId = forDomainsOnly ? domainOnlyRow(current) : wanted.itemId;
      const body = {
        name: wanted.domain,
        auth_code: wanted.kind === 'transfer' ? wanted.authCode : undefined,
        additional_fields: Object.keys(wanted.additionalFields).length > 0 ? fieldValues(wanted.additionalFields) : undefined,
      };
      if (!rowId && domainOnlyId === undefined) {
        dispatch(notify({ type: 'error', message: 'cart.product_not_available' }));
        return { ok: false, reason: 'error', key: 'cart.product_not_available' };
      }
      try {
        const answer = rowId
          ? await addDomain({ rowId, ...body }).unwrap()
          : await replaceCart(withDomainOnlyItem(current, domainOnlyId as number, wanted)).unwrap();
        keep(answer.cart);
        showCartNotices(answer.notices);
        return { ok: true, cart: answer.cart };
      } catch (error) {
        const key = errorMessageKey(error as never);
        if (key === LOCKED_KEY) return { ok: false, reason: 'already_assigned', assignedTo: holder?.row_id ?? null };
        dispatch(notify({ type: 'error', message: key }));
        return { ok: false, reason: 'error', key };
      }
    }

    const currentItems = items ?? [];
    return {
      domains: currentItems.flatMap((it) => it.domains.map((d) => selectedOf(d, it, domainOnlyId, tldList))),
      isLoading: cart.isLoading || catalog.isLoading,
      error: cart.error,
      domainOnlyRowId: domainOnlyRow({ items: currentItems, version: 0 }),
      select: (wanted) => serial(() => select(wanted)),
      remove: (name) => serial(() => change(() => removeDomain(name).unwrap())),
      saveAdditionalFields: (name, values) =>
        serial(() => {
          const holder = holderOf(latest(), name);
          if (!holder) return Promise.resolve({ ok: false, reason: 'error', key: 'cart.domain_not_found' } as const);
          return change(() =>
            setFields({ rowId: holder.row_id, line: { kind: 'domain', domain: name }, additional_fields: fieldValues(values) }).unwrap(),
          );
        }),
      productIdOf: (itemId) => currentItems.find((i) => i.row_id === itemId)?.product.id,
    };
  }, [items, domainOnlyId, tldList, cart.isLoading, cart.error, catalog.isLoading, store, dispatch, addDomain, removeDomain, replaceCart, setFields, showCartNotices]);
}

/** The selection the domain screens use: the provided one, else the cart. */
export function useDomainSelection(): DomainSelection {
  return useDomainSelectionFrom(useCartDomainSelection);
}
