import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@hostcart/shared-data-access-api';
import { hasRule, type PeriodMonths } from '@hostcart/flow-util-guided-flow';
import { AddonPrice } from './addon-price';
import { addonPeriodFor, type AddonGroupOffer } from './addon-period';

export interface ModuleSelectorProps {
  group: AddonGroupOffer;
  item: CartItem;
  parent: PeriodMonths;
  withVat: boolean;
  busy: boolean;
  onSelect: (addonId: number) => void;
  /** 'None': removes the chosen module without cascade. */
  onNone: (addonId: number) => void;
}

/**
 * A module group (spec §4 "Module selector"): one choice per group; selecting adds and saves,
 * 'None' is offered only with allow_empty and removes the chosen module.
 */
export function ModuleSelector({ group, item, parent, withVat, busy, onSelect, onNone }: ModuleSelectorProps) {
  const { t } = useTranslation();
  const name = useId();
  const chosen = group.offers.find(({ addon }) => item.addons.some((a) => a.id === addon.id));
  const allowEmpty = group.offers.some(({ link }) => hasRule(link, 'allow_empty'));
  return (
    <fieldset className="hc-module-group" disabled={busy}>
      <legend>{group.group.display_name || group.group.name}</legend>
      {group.group.display_description && <p>{group.group.display_description}</p>}
      {group.offers.map(({ addon }) => (
        <label key={addon.id} className="hc-radio">
          <input type="radio" name={name} value={addon.id} checked={chosen?.addon.id === addon.id} onChange={() => onSelect(addon.id)} />
          <span>{addon.name}</span>
          <AddonPrice maturity={addonPeriodFor(addon, parent, 'one-time').maturity} withVat={withVat} />
        </label>
      ))}
      {allowEmpty && (
        <label className="hc-radio">
          <input type="radio" name={name} value="" checked={!chosen} onChange={() => chosen && onNone(chosen.addon.id)} />
          <span>{t('addon_screens.none')}</span>
        </label>
      )}
    </fieldset>
  );
}
