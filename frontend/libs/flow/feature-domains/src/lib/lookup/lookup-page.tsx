import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  useGetCurrentBrandQuery,
  useGetDomainGroupsQuery,
  useGetInclusiveTldsQuery,
  useGetProductsQuery,
  useGetTldsQuery,
  useNormalizeDomainSearchQuery,
  type DomainSearchResult,
} from '@hostcart/shared-data-access-api';
import { AddingItemsGate } from '@hostcart/flow-data-access-flow';
import { closeModal, openModal, selectOpenModal, useAppDispatch, useAppSelector } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { displaysPricesWithVat } from '@hostcart/shared-util-pricing';
import { domainsOfItem, itemIdFrom, type SelectedDomain } from '../selection/domain-selection';
import { useDomainSelection } from '../selection/cart-selection';
import { AlreadyAssignedDialog } from './already-assigned-dialog';
import { visibleGroups } from './batches';
import { DomainFootnotes } from './footnotes';
import { inclusiveState } from './inclusive';
import { LookupContext, type LookupContextValue } from './lookup-context';
import { useDomainsNext } from './next-step';
import { DomainGroupResults, ExactResult, SuggestionResults } from './result-groups';
import { SearchForm } from './search-form';
import { SideNote } from './side-note';
import { TransferDialog } from './transfer-dialog';

const TRANSFER_MODAL = 'domain-transfer';
const ASSIGNED_MODAL = 'domain-already-assigned';

/**
 * /domains/lookup?d&id&referrer: domain search, results per group, the selection and the way on.
 * It adds items: a customer on an order draft goes to the cart (spec §2, §6).
 */
export function LookupPage() {
  // It adds nothing without a click: the search shows while the cart is being asked.
  return (
    <AddingItemsGate optimistic>
      <Lookup />
    </AddingItemsGate>
  );
}

function Lookup() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const goNext = useDomainsNext();
  const [query, setQuery] = useSearchParams();
  const d = query.get('d') ?? '';
  const selection = useDomainSelection();
  const itemId = itemIdFrom(query.get('id'), selection);
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;
  const productId = itemId ? selection.productIdOf(itemId) : undefined;
  const brand = useGetCurrentBrandQuery();
  const withVat = displaysPricesWithVat(brand.data?.properties);
  // Hidden products too (one query with the selection's catalog): a product sold only through an
  // offer still needs its domain.
  const products = useGetProductsQuery({ includeHidden: true }, { skip: productId === undefined });
  const product = products.data?.find((p) => p.id === productId);
  const tlds = useGetTldsQuery();
  const groups = useGetDomainGroupsQuery();
  const normalized = useNormalizeDomainSearchQuery(d, { skip: d === '' });
  const search = normalized.data?.valid ? normalized.data.search : null;

  const chosen = useMemo(() => domainsOfItem(selection.domains, itemId), [selection.domains, itemId]);
  const chosenNames = useMemo(() => chosen.map((c) => c.domain), [chosen]);
  const inclusiveAnswer = useGetInclusiveTldsQuery({ productId: productId ?? 0, domains: chosenNames }, { skip: productId === undefined });
  const inclusive = inclusiveState(inclusiveAnswer.data);

  const [announcement, setAnnouncement] = useState('');
  const openModalId = useAppSelector(selectOpenModal);
  const [transferTarget, setTransferTarget] = useState<DomainSearchResult | undefined>();
  const [assignedDomain, setAssignedDomain] = useState<string | undefined>();

  const choose = useCallback(
    async (result: DomainSearchResult, kind: SelectedDomain['kind'] = 'register', authCode?: string) => {
      const name = result.domain_unicode || result.domain;
      const outcome = await selection.select({
        domain: result.domain,
        domainUnicode: name,
        tld: result.tld,
        itemId,
        kind,
        authCode,
        additionalFields: selection.domains.find((s) => s.domain === result.domain)?.additionalFields ?? {},
      });
      if (!outcome.ok) {
        if (outcome.reason === 'already_assigned') {
          setAssignedDomain(name);
          dispatch(openModal(ASSIGNED_MODAL));
        }
        return;
      }
      setAnnouncement(t(kind === 'transfer' ? 'domains.announce_transfer' : 'domains.announce_selected', { domain: name }));
    },
    [selection, itemId, dispatch, t],
  );

  const context = useMemo<LookupContextValue>(
    () => ({
      itemId,
      productId,
      withVat,
      selection,
      inclusive,
      announce: setAnnouncement,
      choose: (r) => void choose(r),
      requestTransfer: (r) => {
        setTransferTarget(r);
        dispatch(openModal(TRANSFER_MODAL));
      },
      remove: (r) => {
        void selection.remove(r.domain).then((outcome) => {
          if (outcome.ok) setAnnouncement(t('domains.announce_removed', { domain: r.domain_unicode || r.domain }));
        });
      },
    }),
    [itemId, productId, withVat, selection, inclusive, choose, dispatch, t],
  );

  const onSearch = (value: string) => {
    const next = new URLSearchParams(query);
    next.set('d', value);
    setQuery(next, { replace: true });
  };

  const serverError = normalized.data && !normalized.data.valid ? normalized.data.error ?? undefined : undefined;
  const offered = tlds.data;

  return (
    <LookupContext.Provider value={context}>
      <section className="hc-page hc-lookup-page">
        <h1>{t('titles.domains-lookup')}</h1>
        {product && <p className="hc-lookup__product">{t('domains.for_product', { product: product.name })}</p>}
        <p className="hc-visually-hidden" role="status" aria-live="polite" data-testid="domain-live-region">
          {announcement}
        </p>
        <div className="hc-lookup">
          <div className="hc-lookup__main">
            <SearchForm value={d} tlds={offered} serverError={serverError} onSearch={onSearch} />
            {d === '' ? (
              <p className="hc-lookup__intro">{t('domains.intro')}</p>
            ) : normalized.isLoading || (normalized.isFetching && !normalized.data) ? (
              <LoadingState lines={3} label={t('domains.searching')} />
            ) : normalized.error ? (
              <ErrorState messageKey={errorMessageKey(normalized.error)} onRetry={() => void normalized.refetch()} />
            ) : search ? (
              <>
                <p className="hc-lookup__normalised" data-testid="normalised-domain">
                  {t('domains.results_for', { domain: search.domain_unicode || search.sld_unicode })}
                  {search.reduced && <span className="hc-hint"> {t('domains.reduced', { input: search.input })}</span>}
                </p>
                <ExactResult search={search} />
                <SuggestionResults key={`s-${search.input}`} search={search} />
                {groups.error ? (
                  <ErrorState messageKey={errorMessageKey(groups.error)} onRetry={() => void groups.refetch()} />
                ) : !groups.data ? (
                  <LoadingState lines={2} />
                ) : (
                  visibleGroups(groups.data).map((g) => <DomainGroupResults key={`${g.id}-${search.input}`} group={g} search={search} />)
                )}
              </>
            ) : null}
            <DomainFootnotes withVat={withVat} />
          </div>
          <SideNote
            chosen={chosen}
            productName={product?.name}
            forItem={itemId !== null}
            inclusive={inclusive}
            onRemove={(c) => context.remove({ domain: c.domain, domain_unicode: c.domainUnicode })}
            onContinue={() => void goNext({ from: 'domains-lookup', rowId: itemId ?? selection.domainOnlyRowId, flags: { returnToCart } })}
            // Spec §2 "Cart": a product that needs a domain would only be blocked in the cart.
            onContinueWithout={
              product && product.is_domainrequired !== 1 ? () => void goNext({ from: 'domains-lookup', rowId: itemId ?? undefined, flags: { returnToCart } }) : undefined
            }
            domainRequired={product?.is_domainrequired === 1}
          />
        </div>
        <TransferDialog
          domain={openModalId === TRANSFER_MODAL && transferTarget ? transferTarget.domain_unicode || transferTarget.domain : undefined}
          onCancel={() => dispatch(closeModal())}
          onConfirm={(authCode) => {
            dispatch(closeModal());
            if (transferTarget) void choose(transferTarget, 'transfer', authCode);
          }}
        />
        <AlreadyAssignedDialog domain={openModalId === ASSIGNED_MODAL ? assignedDomain : undefined} onClose={() => dispatch(closeModal())} />
      </section>
    </LookupContext.Provider>
  );
}
