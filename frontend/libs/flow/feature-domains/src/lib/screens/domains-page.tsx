import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetDomainGroupsQuery, useGetTldsQuery } from '@hostcart/shared-data-access-api';
import { FALLBACK_PATH } from '@hostcart/shared-routing';
import { LoadingState } from '@hostcart/shared-ui';

/**
 * /domains: loads the domain data (TLDs and groups) into the store, then goes to the categories.
 * A failed load does not hold the visitor here: the lookup loads it again when needed.
 */
export function DomainsPage() {
  const { t } = useTranslation();
  const tlds = useGetTldsQuery();
  const groups = useGetDomainGroupsQuery();
  const settled = !tlds.isLoading && !groups.isLoading;
  if (settled) return <Navigate replace to={FALLBACK_PATH} />;
  return (
    <section className="hc-page">
      <h1 className="hc-visually-hidden">{t('titles.domains')}</h1>
      <LoadingState lines={2} />
    </section>
  );
}
