import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAddAddonMutation, useRemoveAddonMutation, type CartResponse } from '@hostcart/shared-data-access-api';
import { markItemConfigured, useCartNotices, useGoNext } from '@hostcart/flow-data-access-flow';
import { isStandardAddon } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import { Modal } from '@hostcart/shared-ui';
import { AddonPrice } from './addon-price';
import { addonPeriodFor, availableLinks, groupsWithRule, isRemovable, parentPeriod } from './addon-period';
import { flowScreen, useFailureText, type ScreenBodyProps } from './flow-screen';
import { ModuleSelector } from './module-selector';
import { KeptNoteBox, NoteBox } from './note-box';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/**
 * /addons?id: the standard addons (spec §2 "Addons"): recommended first, then the regular ones,
 * each sorted by its order field, beside a note box with what the item holds. Skipped when none is
 * available; confirm goes on with the guided flow (addon fields if any are unfilled, else the cart).
 */
export const AddonsPage = flowScreen('titles.addons', Addons, { addsItems: true, frame: AddonsLoadingFrame });

/** The addons page while it loads: the layout of the loaded page, with the kept note box beside. */
function AddonsLoadingFrame({ title, children }: { title: string; children: ReactNode }) {
  const [query] = useSearchParams();
  return (
    <div className="hc-page hc-addons-page">
      <h1>{title}</h1>
      <div className="hc-addons-layout">
        <div className="hc-page__main">{children}</div>
        <KeptNoteBox rowId={query.get('id') ?? undefined} />
      </div>
    </div>
  );
}

function Addons({ state, item, product, lineProducts }: ScreenBodyProps) {
  const { t } = useTranslation();
  const goNext = useGoNext();
  const navigate = useNavigate();
  const { showCartNotices } = useCartNotices();
  const failureText = useFailureText();
  const [addAddon, { isLoading: adding }] = useAddAddonMutation();
  const [removeAddon, { isLoading: removing }] = useRemoveAddonMutation();
  const [failure, setFailure] = useState<string>();
  const busy = adding || removing;
  const rowId = item.row_id;
  const parent = parentPeriod(product, item);
  const offers = parent ? availableLinks(product, lineProducts, parent) : [];
  const standard = offers.filter(({ link }) => isStandardAddon(link));
  const recommended = standard.filter(({ link }) => link.is_recommended).sort((a, b) => a.link.recommended_addon_order - b.link.recommended_addon_order);
  const regular = standard.filter(({ link }) => !link.is_recommended).sort((a, b) => a.addon.order - b.addon.order || a.addon.id - b.addon.id);
  const modules = groupsWithRule(offers, 'modules');

  // Past this screen the item counts as configured: a domain chosen for it later (the question
  // below, the cart, going back) completes it and returns to the cart instead of this walk.
  const proceed = () => {
    markItemConfigured(rowId);
    void goNext({ rowId, from: 'addons', flags: state.flags }).catch((e) => setFailure(failureText(e)));
  };
  // Spec §2 "Cart": a product needing a domain with none chosen does not stop Next here (the
  // cart's button is disabled for it instead); confirming asks for the domain in the 'no required
  // domain' modal, which leads to the item's lookup.
  const domainMissing = product.is_domainrequired === 1 && (item.domains ?? []).length === 0;
  const [askDomain, setAskDomain] = useState(false);
  const confirm = () => {
    if (!domainMissing) return proceed();
    markItemConfigured(rowId);
    setAskDomain(true);
  };
  const nothing = standard.length === 0 && modules.length === 0;
  useEffect(() => {
    if (nothing) proceed();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- proceed navigates away once when there is nothing to show; it is a new function every render and must not run again.
  }, [nothing]);
  if (nothing || !parent) return null;

  const run = async (call: () => Promise<CartResponse>) => {
    setFailure(undefined);
    try {
      showCartNotices((await call()).notices);
    } catch (e) {
      setFailure(failureText(e));
    }
  };
  // Spec §2: added with the parent's matching term and interval, or a one-time term.
  const add = (addonId: number) => {
    const addon = lineProducts.find((p) => p.id === addonId);
    const { maturity_id, interval_id } = addon ? addonPeriodFor(addon, parent, 'one-time') : {};
    return run(() => addAddon({ rowId, addon_id: addonId, maturity_id, interval_id }).unwrap());
  };
  const remove = (addonId: number) => run(() => removeAddon({ rowId, addonId, cascade: false }).unwrap());

  const list = (heading: string, entries: typeof standard) =>
    entries.length > 0 && (
      <section aria-labelledby={`addons-${heading}`}>
        <h2 id={`addons-${heading}`}>{t(`addon_screens.${heading}`)}</h2>
        <ul className="hc-cards">
          {entries.map(({ link, addon }) => {
            const inCart = item.addons.some((a) => a.id === addon.id);
            const nameId = `addon-${addon.id}-name`;
            return (
              <li key={addon.id}>
                <article className={`hc-card${inCart ? ' hc-card--selected' : ''}`} aria-labelledby={nameId}>
                  <h3 id={nameId} className="hc-card__title">
                    {addon.name}
                  </h3>
                  {addon.description && <p>{addon.description}</p>}
                  <AddonPrice maturity={addonPeriodFor(addon, parent, 'one-time').maturity} withVat={state.withVat} />
                  {!isRemovable(link) ? (
                    // Spec §2: non-removable addons come by themselves: no add button, no delete.
                    inCart && <p className="hc-card__badge">{t('addon_screens.included')}</p>
                  ) : (
                    <button
                      type="button"
                      className="hc-button"
                      aria-pressed={inCart}
                      aria-describedby={nameId}
                      disabled={busy}
                      onClick={() => void (inCart ? remove(addon.id) : add(addon.id))}
                    >
                      {t(inCart ? 'addon_screens.selected' : 'addon_screens.select')}
                    </button>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      </section>
    );

  return (
    // A div, not a section: the note box beside the list stays a complementary landmark. The
    // heading and an alert span the page; below them the cards take the main column and the
    // selection ("Ihre Auswahl") a side column on wide screens, stacked under them on phones.
    <div className="hc-page hc-addons-page" aria-busy={busy || undefined}>
      <h1>{t('titles.addons')}</h1>
      {failure && (
        <p role="alert" className="hc-error">
          {failure}
        </p>
      )}
      <div className="hc-addons-layout">
        <div className="hc-page__main" data-testid="addons-main">
          {list('recommended', recommended)}
          {list('regular', regular)}
          {modules.map((group) => (
            <ModuleSelector
              key={group.group.id}
              group={group}
              item={item}
              parent={parent}
              withVat={state.withVat}
              busy={busy}
              onSelect={(id) => void add(id)}
              onNone={(id) => void remove(id)}
            />
          ))}
          <div className="hc-actions">
            <ActionBar>
              <button type="button" className="hc-button" disabled={busy} onClick={confirm}>
                {t('addon_screens.confirm')}
              </button>
            </ActionBar>
          </div>
        </div>
        <NoteBox item={item} product={product} lineProducts={lineProducts} />
      </div>
      <Modal open={askDomain} title={t('cart_page.blocking.domain_title')} onClose={() => setAskDomain(false)} closeLabel={t('common.close')}>
        <p>{t('cart.please_choose_at_least_one_domain_to_proceed', { product: product.name })}</p>
        <div className="hc-modal__actions">
          <button type="button" className="hc-button" onClick={() => navigate(pathTo('domains-lookup', {}, { id: rowId }))}>
            {t('cart.domain_selection')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
