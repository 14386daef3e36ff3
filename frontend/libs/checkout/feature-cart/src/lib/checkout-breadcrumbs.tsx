import { useTranslation } from 'react-i18next';
// Its styles come with the component, so every checkout screen that shows it has them.
import './checkout-breadcrumbs.css';

/** The four checkout steps (spec §2 "Cart", §9 "Breadcrumbs have 4 steps"), in order. */
export const CHECKOUT_STEPS = ['cart', 'customer', 'payment', 'confirm'] as const;
/** The cloud-panel domains order's set (spec §4 "Breadcrumb sets"): domain selection, then confirm. */
export const CLOUD_DOMAINS_STEPS = ['domains', 'confirm'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number] | (typeof CLOUD_DOMAINS_STEPS)[number];

/** A cloud-panel domains order: the panel signed the user in with order type cloudpit_domains (spec §3 order_type). */
function cloudDomainsOrder(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem('order_type') === 'cloudpit_domains';
  } catch {
    return false;
  }
}

/**
 * Breadcrumbs of the checkout: each step is past, present or future by its position relative to
 * the current one (spec §4). Later checkout screens render it with their own step.
 */
export function CheckoutBreadcrumbs({ current, steps: given }: { current: CheckoutStep; steps?: readonly CheckoutStep[] }) {
  const { t } = useTranslation();
  const steps = given ?? (current === 'confirm' && cloudDomainsOrder() ? CLOUD_DOMAINS_STEPS : CHECKOUT_STEPS);
  const currentIndex = steps.indexOf(current);
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
