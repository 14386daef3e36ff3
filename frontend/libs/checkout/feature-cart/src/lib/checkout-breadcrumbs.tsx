import { useTranslation } from 'react-i18next';
import { CLOUD_DOMAINS_ORDER, isExistingCustomer, useGetSessionCustomerQuery } from '@hostcart/shared-data-access-api';
// Its styles come with the component, so every checkout screen that shows it has them.
import './checkout-breadcrumbs.css';

/** The four checkout steps (spec §2 "Cart", §9 "Breadcrumbs have 4 steps"), in order. */
export const CHECKOUT_STEPS = ['cart', 'customer', 'payment', 'confirm'] as const;
/** The cloud-panel domains order's set (spec §4 "Breadcrumb sets"): domain selection, then confirm. */
export const CLOUD_DOMAINS_STEPS = ['domains', 'confirm'] as const;
/** An existing customer's set (spec §4 "Breadcrumb sets", §6): shopping cart, then confirm. */
export const EXISTING_CUSTOMER_STEPS = ['cart', 'confirm'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number] | (typeof CLOUD_DOMAINS_STEPS)[number];

/** The panel's order type kept by the oauth callback, for as long as the session's customer is not known. */
function storedCloudDomainsOrder(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem('order_type') === CLOUD_DOMAINS_ORDER;
  } catch {
    return false;
  }
}

/**
 * The breadcrumb set of the session (spec §4 "Breadcrumb sets", §6), from the session's customer
 * as the server answers it: a cloud-panel domains order (the panel signed the customer in with
 * order type cloudpit_domains) shows domain selection then confirm; an existing customer (with a
 * customer number) shopping cart then confirm; everybody else the four checkout steps.
 */
export function useBreadcrumbSet(): readonly CheckoutStep[] {
  const session = useGetSessionCustomerQuery();
  const customer = session.data?.customer;
  const cloud = customer ? customer.panel?.order_type === CLOUD_DOMAINS_ORDER : storedCloudDomainsOrder();
  if (cloud) return CLOUD_DOMAINS_STEPS;
  if (isExistingCustomer(customer)) return EXISTING_CUSTOMER_STEPS;
  return CHECKOUT_STEPS;
}

/**
 * The position of a screen's step in a set. A step the set has not (the customer data or payment
 * of a shorter set, the cart of the domains order) is the set's first step: only confirm is last.
 */
function positionOf(steps: readonly CheckoutStep[], current: CheckoutStep): number {
  const index = steps.indexOf(current);
  if (index >= 0) return index;
  return current === 'confirm' ? steps.length - 1 : 0;
}

/**
 * Breadcrumbs of the checkout: each step is past, present or future by its position relative to
 * the current one (spec §4). Every checkout screen renders it with its own step; the set follows
 * the session's customer (useBreadcrumbSet) unless one is given.
 */
export function CheckoutBreadcrumbs({ current, steps: given }: { current: CheckoutStep; steps?: readonly CheckoutStep[] }) {
  const { t } = useTranslation();
  const bySession = useBreadcrumbSet();
  const steps = given ?? bySession;
  const currentIndex = positionOf(steps, current);
  return (
    <nav className="hc-breadcrumbs" aria-label={t('cart_page.breadcrumbs.label')}>
      <ol className={`hc-breadcrumbs__list hc-breadcrumbs__list--steps-${steps.length}`}>
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'past' : index === currentIndex ? 'present' : 'future';
          return (
            <li key={step} className={`hc-breadcrumbs__step hc-breadcrumbs__step--${state}`} data-state={state} aria-current={state === 'present' ? 'step' : undefined}>
              <span className="hc-breadcrumbs__number" aria-hidden="true">
                {index + 1}
              </span>{' '}
              <span className="hc-visually-hidden">{t('cart_page.breadcrumbs.step', { number: index + 1, total: steps.length })} </span>
              {t(`cart_page.breadcrumbs.${step}`)}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
