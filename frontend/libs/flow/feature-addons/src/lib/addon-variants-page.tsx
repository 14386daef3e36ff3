import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAddAddonMutation, type Cart, type Product, type ProductAddonLink } from '@hostcart/shared-data-access-api';
import { useCartNotices, useGoNext } from '@hostcart/flow-data-access-flow';
import { AddonPrice } from './addon-price';
import { addonPeriodFor, availableLinks, groupsWithRule, parentPeriod } from './addon-period';
import { flowScreen, useFailureText, type ScreenBodyProps } from './flow-screen';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/**
 * /addon-variants?id&set: steps through the variant groups of the item's product with Back and
 * Next (spec §2). Adding a variant saves the cart (the service keeps one per exclusive group) and
 * moves on; the variant in the cart shows a disabled 'In cart' button.
 */
export const AddonVariantsPage = flowScreen('titles.addon-variants', Variants, { addsItems: true });

function Variants({ state, item, product, lineProducts }: ScreenBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const failureText = useFailureText();
  const [addAddon, { isLoading: saving }] = useAddAddonMutation();
  const [failure, setFailure] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rowId = item.row_id;
  const parent = parentPeriod(product, item);
  const groups = parent ? groupsWithRule(availableLinks(product, lineProducts, parent), 'variants') : [];
  const set = Number(query.get('set'));
  const index = Math.max(0, groups.findIndex((g) => g.group.id === set));
  const current = groups[index];

  const next = (cart?: Cart) => {
    setFailure(undefined);
    if (index < groups.length - 1) setQuery({ id: rowId, set: String(groups[index + 1].group.id) }, { state: { returnToCart: state.flags?.returnToCart } });
    else void goNext({ rowId, from: 'addon-variants', flags: state.flags, cart }).catch((e) => setFailure(failureText(e)));
  };
  const back = () => {
    setFailure(undefined);
    if (index > 0) setQuery({ id: rowId, set: String(groups[index - 1].group.id) }, { state: { returnToCart: state.flags?.returnToCart } });
    else navigate(-1);
  };

  // Nothing to choose (the offer changed since the link was made): the flow goes on.
  const nothing = groups.length === 0;
  useEffect(() => {
    if (nothing) next();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- next navigates away once when there is nothing to show; it is a new function every render and must not run again.
  }, [nothing]);
  // A new group is a new page for screen readers: move focus to its heading.
  useEffect(() => headingRef.current?.focus(), [index]);

  if (!current || !parent) return null;

  const add = async (link: ProductAddonLink, addon: Product) => {
    setFailure(undefined);
    const { maturity_id, interval_id } = addonPeriodFor(addon, parent, 'one-time');
    try {
      const res = await addAddon({ rowId, addon_id: link.addon_id, maturity_id, interval_id }).unwrap();
      showCartNotices(res.notices);
      next(res.cart);
    } catch (e) {
      setFailure(failureText(e));
    }
  };

  const title = current.group.display_name || current.group.name;
  return (
    <section className="hc-page" aria-busy={saving || undefined}>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {current.group.display_description && <p>{current.group.display_description}</p>}
      <p className="hc-visually-hidden">{t('addon_screens.step_of', { step: index + 1, total: groups.length })}</p>
      {failure && (
        <p role="alert" className="hc-error">
          {failure}
        </p>
      )}
      <ul className="hc-cards">
        {current.offers.map(({ link, addon }) => {
          const inCart = item.addons.some((a) => a.id === link.addon_id);
          const nameId = `variant-${addon.id}-name`;
          return (
            <li key={addon.id}>
              <article className="hc-card" aria-labelledby={nameId}>
                <h2 id={nameId} className="hc-card__title">
                  {addon.name}
                </h2>
                {addon.description && <p>{addon.description}</p>}
                <AddonPrice maturity={addonPeriodFor(addon, parent, 'one-time').maturity} withVat={state.withVat} />
                <button
                  type="button"
                  className="hc-button"
                  disabled={inCart || saving}
                  aria-describedby={nameId}
                  onClick={() => void add(link, addon)}
                >
                  {t(inCart ? 'addon_screens.in_cart' : 'addon_screens.add')}
                </button>
              </article>
            </li>
          );
        })}
      </ul>
      <div className="hc-actions">
        <button type="button" className="hc-button hc-button--secondary" onClick={back} disabled={saving}>
          {t('addon_screens.back')}
        </button>
        <ActionBar>
          <button type="button" className="hc-button" onClick={() => next()} disabled={saving}>
            {t('addon_screens.next')}
          </button>
        </ActionBar>
      </div>
    </section>
  );
}
