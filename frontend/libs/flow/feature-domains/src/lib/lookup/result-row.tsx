import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainStatus, type DomainSearchResult, useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { formatCents, grossCents } from '@hostcart/shared-util-pricing';
import { isInclusive } from './inclusive';
import { useLookup } from './lookup-context';

const STATUS_FALLBACK: Record<number, string> = {
  [DomainStatus.Available]: 'domain.status.available',
  [DomainStatus.Taken]: 'domain.status.taken',
  [DomainStatus.Unavailable]: 'domain.status.unavailable',
  [DomainStatus.AlreadyOwned]: 'domain.status.already_owned',
};

/** The price of a year (the contract length the API reports), gross or net by the brand setting. */
function contractPrice(result: DomainSearchResult, withVat: boolean, sessionVat: number | undefined): number | undefined {
  if (!result.price) return undefined;
  if (!withVat) return result.price.contract_net_cents;
  return sessionVat === undefined ? result.price.contract_gross_cents : grossCents(result.price.contract_net_cents, sessionVat);
}

/**
 * One domain of the results: name, price per year, status and what can be done with it.
 * takeFocus moves keyboard focus to the row, for the first row a "load more" brought in.
 */
export function ResultRow({ result, takeFocus = false }: { result: DomainSearchResult; takeFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const rowRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (takeFocus) rowRef.current?.focus();
  }, [takeFocus]);
  const { itemId, withVat, selection, inclusive, choose, requestTransfer, remove } = useLookup();
  const locale = i18n.language || 'en-GB';
  const name = result.domain_unicode || result.domain;
  const chosen = selection.domains.find((d) => d.domain === result.domain && d.itemId === itemId);
  const free = isInclusive(result, inclusive);
  const sessionVat = useSessionVatPercent();
  const cents = contractPrice(result, withVat, sessionVat);
  const months = result.price?.contract_months || 12;
  const statusKey = result.status_text || STATUS_FALLBACK[result.status] || 'domain.status.unavailable';
  const setupFee = !result.price
    ? 0
    : !withVat
      ? result.price.setupfee_net_cents
      : sessionVat === undefined
        ? result.price.setupfee_gross_cents
        : grossCents(result.price.setupfee_net_cents, sessionVat);

  return (
    <li
      ref={rowRef}
      tabIndex={takeFocus ? -1 : undefined}
      className={`hc-domain-row${chosen ? ' hc-domain-row--chosen' : ''}`}
      data-domain={result.domain}
      data-status={result.status}
    >
      <div className="hc-domain-row__name">
        <span className="hc-domain-row__domain">{name}</span>
        {free && <span className="hc-badge hc-badge--inclusive">{t('domains.inclusive')}</span>}
        {result.notice && <p className="hc-domain-row__notice">{result.notice}</p>}
      </div>
      <div className="hc-domain-row__price">
        {cents !== undefined &&
          (free ? (
            <>
              <s className="hc-domain-row__old-price">{formatCents(cents, locale)}</s> <span>{t('domains.inclusive_price')}</span>
            </>
          ) : (
            <>
              <span className="hc-domain-row__amount">{formatCents(cents, locale)}</span>{' '}
              <span className="hc-price__unit">{months === 12 ? t('domains.per_year') : t('domains.per_months', { count: months })}</span>
              {setupFee > 0 && <span className="hc-price__note">{t('domains.setup_fee', { price: formatCents(setupFee, locale) })}</span>}
            </>
          ))}
      </div>
      <div className="hc-domain-row__status">
        <span className={`hc-domain-status hc-domain-status--${result.status}`}>{t(statusKey, { defaultValue: t(STATUS_FALLBACK[result.status] ?? 'domain.status.unavailable') })}</span>
        <RowAction result={result} name={name} chosenKind={chosen?.kind} onChoose={choose} onTransfer={requestTransfer} onRemove={remove} />
      </div>
    </li>
  );
}

interface RowActionProps {
  result: DomainSearchResult;
  name: string;
  chosenKind: 'register' | 'transfer' | undefined;
  onChoose(result: DomainSearchResult): void;
  onTransfer(result: DomainSearchResult): void;
  onRemove(result: DomainSearchResult): void;
}

// The action is always the first element, so React keeps the same button node when the row
// changes state: keyboard focus stays on it after selecting, and the transfer dialog can hand
// focus back to it.
function RowAction({ result, name, chosenKind, onChoose, onTransfer, onRemove }: RowActionProps) {
  const { t } = useTranslation();
  if (chosenKind) {
    return (
      <>
        <button type="button" className="hc-button hc-button--secondary hc-button--small" onClick={() => onRemove(result)} aria-label={t('domains.remove_domain', { domain: name })}>
          {t('domains.remove')}
        </button>
        <span className="hc-domain-row__chosen">{t(chosenKind === 'transfer' ? 'domains.transfer_chosen' : 'domains.chosen')}</span>
      </>
    );
  }
  if (result.status === DomainStatus.Available) {
    return (
      <button type="button" className="hc-button hc-button--small" onClick={() => onChoose(result)} aria-label={t('domains.select_domain', { domain: name })}>
        {t('domains.select')}
      </button>
    );
  }
  if (result.status === DomainStatus.Taken) {
    return (
      <button type="button" className="hc-button hc-button--secondary hc-button--small" onClick={() => onTransfer(result)} aria-label={t('domains.transfer_domain', { domain: name })}>
        {t('domains.transfer')}
      </button>
    );
  }
  return (
    <button type="button" className="hc-button hc-button--small" disabled aria-label={t('domains.not_orderable_domain', { domain: name })}>
      {t('domains.not_orderable')}
    </button>
  );
}
