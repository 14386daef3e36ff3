import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PricedCart, Product } from '@hostcart/shared-data-access-api';
import { formatList } from '@hostcart/shared-util-pricing';
import { Check } from './confirm-fields';
import type { Agreement } from './feedback-rules';
import type { FeedbackValues } from './storage';

/** Per agreement, the names of the cart's products that ask for it (catalog attribute "true"). */
export function agreementProducts(priced: PricedCart, products: Product[]): Record<string, string[]> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: Record<string, string[]> = {};
  for (const item of priced.items) {
    for (const l of [item.product, ...item.addons, ...item.upsells]) {
      if (!l) continue;
      for (const a of byId.get(l.id)?.attributes ?? []) {
        if (a.value !== 'true') continue;
        const names = (out[a.key] ??= []);
        if (!names.includes(l.name)) names.push(l.name);
      }
    }
  }
  return out;
}

const accepted = (v: unknown) => v === true || 'validation.accepted';

/**
 * The consents of the order: a new customer's general terms and privacy terms, and only the
 * agreements the cart really needs, each linked to its own document (brand properties) and naming
 * the products that ask for it. A consumer may also ask for the services to start within the
 * withdrawal period, acknowledging that the right ends once they are fully performed (§ 356 Abs. 4
 * BGB, § 18 FAGG; CHECKOUT-LAW.md "its own checkbox"): optional, as the law makes the request the
 * consumer's; without it the services start after the period, as the hint says. Worded "Rücktritt"
 * for an Austrian brand, as the contract box's link.
 */
export function ConsentsFieldset({
  form,
  withTerms,
  required,
  termsUrl,
  brandProperties,
  priced,
  products,
  consumer = false,
}: {
  form: UseFormReturn<FeedbackValues>;
  /** The general terms and privacy checkboxes (a new customer's feedback section). */
  withTerms: boolean;
  required: Agreement[];
  termsUrl?: string;
  brandProperties: Record<string, string>;
  priced: PricedCart;
  products: Product[];
  /** The customer is a consumer (not a business): the early-start request applies. */
  consumer?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  if (!withTerms && required.length === 0 && !consumer) return null;
  const austrian = brandProperties['country_code'] === 'AT';
  const err = (name: keyof FeedbackValues) => errors[name]?.message;
  const agreementUrl: Record<Agreement, string | undefined> = {
    mca_agreement: brandProperties['terms_mca_url'],
    eult_agreement: brandProperties['terms_eult_url'],
    gtc_agreement: brandProperties['terms_gtc_url'],
  };
  const appliesTo = agreementProducts(priced, products);
  return (
    <fieldset className="hc-fieldset">
      <legend className="hc-fieldset__legend">{t('order_confirm.consents_heading')}</legend>
      {withTerms && (
        <>
          <Check
            id="generalbusinessterm"
            label={t('order_confirm.consent_terms')}
            link={termsUrl}
            linkLabel={t('order_confirm.terms_link')}
            required
            registration={register('generalbusinessterm', { validate: accepted })}
            error={err('generalbusinessterm')}
          />
          <Check
            id="privacyterm"
            label={t('order_confirm.consent_privacy')}
            link={brandProperties['privacy_url']}
            linkLabel={t('order_confirm.privacy_link')}
            required
            registration={register('privacyterm', { validate: accepted })}
            error={err('privacyterm')}
          />
        </>
      )}
      {required.map((a) => (
        <Check
          key={a}
          id={a}
          label={t(`order_confirm.consent_${a}`)}
          hint={appliesTo[a]?.length ? t('order_confirm.agreement_applies_to', { products: formatList(appliesTo[a], i18n.language) }) : undefined}
          link={agreementUrl[a]}
          linkLabel={t('order_confirm.agreement_link')}
          required
          registration={register(a, { validate: accepted })}
          error={err(a)}
        />
      ))}
      {consumer && (
        <Check
          id="early_start"
          label={t(austrian ? 'order_confirm.consent_early_start_at' : 'order_confirm.consent_early_start')}
          hint={t(austrian ? 'order_confirm.early_start_hint_at' : 'order_confirm.early_start_hint')}
          link={brandProperties['revocation_url']}
          linkLabel={t(austrian ? 'order_confirm.contract_box.withdrawal_link_at' : 'order_confirm.contract_box.withdrawal_link')}
          registration={register('early_start')}
        />
      )}
    </fieldset>
  );
}
