import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCheckDomainAvailabilityQuery,
  useGetDomainRecommendationsQuery,
  useSearchFullDomainQuery,
  type DomainGroup,
  type DomainSearch,
} from '@hostcart/shared-data-access-api';
import { useSeenInViewport } from '../hooks/use-seen-in-viewport';
import { groupCandidates, namesFor, splitIntoBatches } from './batches';
import { CallError } from './call-error';
import { useLookup } from './lookup-context';
import { ResultRow } from './result-row';

/** How many suggestions "our suggestions" asks for. */
export const SUGGESTION_LIMIT = 6;

function SkeletonRows({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <li className="hc-domain-row hc-domain-row--loading" aria-busy="true">
      <span className="hc-visually-hidden">{t('domains.checking', { count })}</span>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="hc-skeleton__block" aria-hidden="true" />
      ))}
    </li>
  );
}

/**
 * One availability call of up to 5 names and its rows. A batch asked for with "load more" moves
 * focus to its first row once loaded, so keyboard users land on what they asked for.
 */
function AvailabilityBatch({ names, groupName, focusFirst }: { names: string[]; groupName: string; focusFirst: boolean }) {
  const { t } = useTranslation();
  const { productId, announce } = useLookup();
  const { data, error, isFetching, refetch } = useCheckDomainAvailabilityQuery({ domains: names, productId });

  useEffect(() => {
    if (data) announce(t('domains.results_loaded', { count: data.length, group: groupName }));
  }, [data, announce, t, groupName]);

  if (isFetching && !data) return <SkeletonRows count={names.length} />;
  if (error || !data) return <CallError as="li" error={error} onRetry={() => void refetch()} />;
  return (
    <>
      {data.map((r, i) => (
        <ResultRow key={r.domain} result={r} takeFocus={focusFirst && i === 0} />
      ))}
    </>
  );
}

interface SectionProps {
  titleId: string;
  title: string;
  state: 'idle' | 'active';
  testId: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

function ResultSection({ titleId, title, state, testId, titleRef, children }: SectionProps) {
  return (
    <section className="hc-domain-group" aria-labelledby={titleId} data-state={state} data-testid={testId}>
      <h2 id={titleId} ref={titleRef} className="hc-domain-group__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A domain group (spec §4): nothing is checked until its title enters the viewport; then its
 * TLDs are checked in batches of 5, one more batch per "load more" until all are loaded.
 */
export function DomainGroupResults({ group, search }: { group: DomainGroup; search: DomainSearch }) {
  const { t } = useTranslation();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const seen = useSeenInViewport(titleRef);
  const batches = useMemo(() => splitIntoBatches(namesFor(search, groupCandidates(group, search))), [group, search]);
  const [shown, setShown] = useState(1);
  const remaining = batches.slice(shown).reduce((n, b) => n + b.length, 0);

  return (
    <ResultSection titleId={titleId} title={group.name} state={seen ? 'active' : 'idle'} testId={`domain-group-${group.id}`} titleRef={titleRef}>
      {!seen ? (
        <p className="hc-domain-group__idle">{t('domains.group_waiting')}</p>
      ) : batches.length === 0 ? (
        <p>{t('domains.group_none')}</p>
      ) : (
        <>
          <ul className="hc-domain-list" aria-labelledby={titleId}>
            {batches.slice(0, shown).map((names, i) => (
              <AvailabilityBatch key={names.join(' ')} names={names} groupName={group.name} focusFirst={i > 0} />
            ))}
          </ul>
          {remaining > 0 && (
            <button type="button" className="hc-button hc-button--secondary hc-domain-group__more" onClick={() => setShown((n) => n + 1)}>
              {t('domains.load_more', { count: remaining, group: group.name })}
            </button>
          )}
        </>
      )}
    </ResultSection>
  );
}

/** "Our suggestions": available alternatives from the recommendations call, loaded when in view. */
export function SuggestionResults({ search }: { search: DomainSearch }) {
  const { t } = useTranslation();
  const { productId, announce } = useLookup();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const seen = useSeenInViewport(titleRef);
  const title = t('domains.suggestions');
  const { data, error, isFetching, refetch } = useGetDomainRecommendationsQuery({ d: search.input, productId, limit: SUGGESTION_LIMIT }, { skip: !seen });
  // The exact name has its own section above (same cached call, no second request).
  const exact = useSearchFullDomainQuery({ d: search.input, productId }).data?.result?.domain;
  const recommendations = useMemo(() => data?.recommendations.filter((r) => r.domain !== exact), [data, exact]);

  useEffect(() => {
    if (recommendations) announce(t('domains.results_loaded', { count: recommendations.length, group: title }));
  }, [recommendations, announce, t, title]);

  let body: ReactNode;
  if (!seen) body = <p className="hc-domain-group__idle">{t('domains.group_waiting')}</p>;
  else if (isFetching && !data) body = <ul className="hc-domain-list"><SkeletonRows count={3} /></ul>;
  else if (error || !recommendations) body = <CallError error={error} onRetry={() => void refetch()} />;
  else if (recommendations.length === 0) body = <p>{t('domains.no_suggestions')}</p>;
  else
    body = (
      <ul className="hc-domain-list" aria-labelledby={titleId}>
        {recommendations.map((r) => (
          <ResultRow key={r.domain} result={r} />
        ))}
      </ul>
    );
  return (
    <ResultSection titleId={titleId} title={title} state={seen ? 'active' : 'idle'} testId="domain-suggestions" titleRef={titleRef}>
      {body}
    </ResultSection>
  );
}

/** The exact name the visitor typed (or the SLD under the brand's first top TLD). */
export function ExactResult({ search }: { search: DomainSearch }) {
  const { t } = useTranslation();
  const { productId } = useLookup();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { data, error, isFetching, refetch } = useSearchFullDomainQuery({ d: search.input, productId });
  let body: ReactNode;
  if (isFetching && !data) body = <ul className="hc-domain-list"><SkeletonRows count={1} /></ul>;
  else if (error || !data?.result) body = <CallError error={error} onRetry={() => void refetch()} />;
  else
    body = (
      <ul className="hc-domain-list" aria-labelledby={titleId}>
        <ResultRow result={data.result} />
      </ul>
    );
  return (
    <ResultSection titleId={titleId} title={t('domains.exact')} state="active" testId="domain-exact" titleRef={titleRef}>
      {body}
    </ResultSection>
  );
}
