// The card provider's part of the payment screen: its methods (loading and error states, spec §8
// 'no payment method available' / 'payment methods unavailable'), the component for the server's
// environment mounted into a container, and spec §9's card collection note.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cardMethodType,
  useGetCardPaymentMethodsQuery,
  type CardPaymentMethod,
  type CardPaymentMethodData,
} from '@hostcart/shared-data-access-api';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { createCardComponent, type CardComponent } from './card-component';

export interface CardPaymentProps {
  /** The chosen payment type's slug, e.g. adyen-scheme. */
  slug: string;
  countryCode?: string;
  /** The component's verdict: valid, with its paymentMethod data (null while invalid). */
  onChange: (valid: boolean, paymentMethod: CardPaymentMethodData | null) => void;
}

export function CardPayment({ slug, countryCode, onChange }: CardPaymentProps) {
  const { t } = useTranslation();
  const methods = useGetCardPaymentMethodsQuery(countryCode ?? '');
  if (methods.isLoading || methods.isFetching) return <LoadingState label={t('payment_form.card_loading')} lines={2} />;
  if (methods.error || !methods.data) return <ErrorState messageKey="payment.methods_unavailable" onRetry={() => void methods.refetch()} />;
  const method = methods.data.payment_methods.find((m) => m.type === cardMethodType(slug));
  if (!method) {
    return (
      <p className="hc-field-error" role="alert">
        {t('payment.no_method_available')}
      </p>
    );
  }
  return (
    <div className="hc-card-payment">
      <CardMount
        key={`${slug}:${methods.data.environment}`}
        method={method}
        clientKey={methods.data.client_key}
        environment={methods.data.environment}
        amountCents={Number(methods.data.amount_cents) || 0}
        currency={methods.data.currency}
        countryCode={countryCode}
        onChange={onChange}
      />
      <p className="hc-hint">{t('payment_form.card_collection')}</p>
    </div>
  );
}

interface CardMountProps {
  method: CardPaymentMethod;
  clientKey: string;
  environment: string;
  amountCents: number;
  currency: string;
  countryCode?: string;
  onChange: CardPaymentProps['onChange'];
}

/** Creates the environment's component once and mounts it into its container; unmounts on leave. */
function CardMount({ method, clientKey, environment, amountCents, currency, countryCode, onChange }: CardMountProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What the component is created with but not re-created for (it keeps its own state): read at
  // creation from here, so the effect below depends only on what does re-create it.
  const createdWith = useRef({ method, amountCents, currency, countryCode, i18n });
  createdWith.current = { method, amountCents, currency, countryCode, i18n };
  const methodType = method.type;
  const language = i18n.language;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    let component: CardComponent | null = null;
    setState('loading');
    createCardComponent({
      clientKey,
      environment,
      ...createdWith.current,
      onChange: (valid, data) => {
        if (active) onChangeRef.current(valid, data);
      },
    })
      .then((c) => {
        if (!active || !container.current) return;
        component = c;
        c.mount(container.current);
        setState('ready');
      })
      .catch(() => {
        if (active) setState('failed');
      });
    return () => {
      active = false;
      const c = component;
      // A component's own React root must not be unmounted while this tree commits.
      if (c) queueMicrotask(() => c.unmount());
      onChangeRef.current(false, null);
    };
    // The component keeps its own state; it is created again only for another method or language.
  }, [methodType, environment, clientKey, language, attempt]);

  return (
    <>
      {state === 'loading' && <LoadingState label={t('payment_form.card_loading')} lines={2} />}
      {state === 'failed' && <ErrorState messageKey="payment.methods_unavailable" onRetry={() => setAttempt((a) => a + 1)} />}
      <div ref={container} className="hc-card-component" hidden={state !== 'ready'} />
    </>
  );
}
