// One frontend interface for the card provider's component (spec §5 "Other payment forms": the card
// provider form is valid only when its component reports valid data). Two implementations, chosen
// by the environment the server names in /adyen/payment-methods:
// - 'sandbox' (devstack, tests): the shop's own accessible form, sandbox-card.tsx;
// - 'test' / 'live': the provider's @adyen/adyen-web Card, loaded with a dynamic import() only here,
//   so it stays out of the initial bundle (adyen-card.ts).
// Card numbers never reach our servers outside the sandbox: in production the paymentMethod the
// component reports carries the provider's encrypted fields only.
import type { i18n as I18n } from 'i18next';
import type { CardPaymentMethod, CardPaymentMethodData } from '@hostcart/shared-data-access-api';

export const SANDBOX_ENVIRONMENT = 'sandbox';

export interface CardComponentOptions {
  /** The provider's public client key (empty for the sandbox). */
  clientKey: string;
  /** 'sandbox', 'test' or 'live' (also the provider's regional live-* names). */
  environment: string;
  /** The card method the payment type stands for (adyen-scheme → the "scheme" method). */
  method: CardPaymentMethod;
  /** What the payment will charge, in cents, and its currency. */
  amountCents: number;
  currency: string;
  /** The customer's country (ISO 3166-1 alpha-2). */
  countryCode?: string;
  /** The shop's i18next instance: its language, and the sandbox form's texts. */
  i18n: I18n;
  /** Called on every change: valid, and the paymentMethod data when valid (null otherwise). */
  onChange: (valid: boolean, paymentMethod: CardPaymentMethodData | null) => void;
}

/** A card component mounted into a container the screen owns. */
export interface CardComponent {
  mount(container: HTMLElement): void;
  unmount(): void;
}

/** True for the environments of the provider's own component. */
export function isProviderEnvironment(environment: string): boolean {
  return environment === 'test' || environment === 'live' || environment.startsWith('live-');
}

/**
 * The component for the environment. The provider's code is imported only when this is called for
 * 'test' or 'live', i.e. when a card method is shown; an unknown environment (also an empty one) is
 * refused rather than guessed.
 */
export async function createCardComponent(options: CardComponentOptions): Promise<CardComponent> {
  if (options.environment === SANDBOX_ENVIRONMENT) {
    const { createSandboxCard } = await import('./sandbox-card');
    return createSandboxCard(options);
  }
  if (isProviderEnvironment(options.environment)) {
    const { createAdyenCard } = await import('./adyen-card');
    return createAdyenCard(options);
  }
  throw new Error(`card component: unknown environment "${options.environment}"`);
}
