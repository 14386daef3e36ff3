import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useAddAddonMutation,
  useGetCurrentBrandQuery,
  useSessionVatPercent,
  type CartItem,
  type Product,
} from '@hostcart/shared-data-access-api';
import { useCartNotices } from '@hostcart/flow-data-access-flow';
import { activeIntervals, chosenPeriod, orderableMaturities } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import type { FieldFamily } from '@hostcart/shared-ui-fields';
import { displaysPricesWithVat, maturityVat } from '@hostcart/shared-util-pricing';
import { useServerValidation } from './use-server-fields';

const CUSTOMER_TYPE = 'nsa_customer_type';
const RENTAL_PERIOD = 'nsa_minimum_rental_period';
const BUSINESS_ADDRESS_PREFIX = 'nsa_';

const hasComponent = (p: Product | undefined, component: string) => !!p?.additional_fields?.some((f) => f.input_component === component);

/**
 * The values of the item's business-address fields (product and addon lines) by field key: the
 * power of attorney copies its basic info from them.
 */
export function businessAddressValues(item: CartItem | undefined, product: Product | undefined, lineProducts: readonly Product[]): Record<string, string> | undefined {
  if (!item || !product) return undefined;
  const out: Record<string, string> = {};
  const collect = (defs: Product | undefined, values: readonly { field_id: number; value: string }[]) => {
    for (const v of values) {
      const key = defs?.additional_fields?.find((f) => f.id === v.field_id)?.key;
      if (key?.startsWith(BUSINESS_ADDRESS_PREFIX) && v.value) out[key] = v.value;
    }
  };
  collect(product, item.product.additional_fields);
  for (const line of item.addons) collect(lineProducts.find((p) => p.id === line.id), line.additional_fields);
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface FieldFamilyInput {
  type: 'product' | 'addon' | 'upsell';
  /** The product or addon whose fields the form shows. */
  fieldProduct?: Product;
  rowId?: string;
  item?: CartItem;
  /** The item's main product. */
  product?: Product;
  lineProducts?: readonly Product[];
}

/**
 * What the business-address and power-of-attorney widgets need (FieldsForm's family prop): the
 * customer-type variants of the addon's exclusive group with the swap (add the other variant: the
 * cart keeps one per exclusive group, then its fields screen), the product's rental periods with
 * the prices as the brand shows them, the item's business-address values and server validation of
 * one value.
 */
export function useFieldFamilyFor({ type, fieldProduct, rowId, item, product, lineProducts = [] }: FieldFamilyInput): { family: FieldFamily; swappingTo?: number } {
  const navigate = useNavigate();
  // While a variant is swapped the screen's line is missing from the cart until the screen shows
  // the new variant (navigation may render later than the cart): it must not take that for a line
  // to skip. Cleared only when the swap failed; the screen compares it with its line.
  const [swappingTo, setSwappingTo] = useState<number>();
  const brand = useGetCurrentBrandQuery();
  const sessionVat = useSessionVatPercent();
  const [addAddon] = useAddAddonMutation();
  const { showCartNotices } = useCartNotices();
  const validate = useServerValidation(type);
  const withVat = displaysPricesWithVat(brand.data?.properties);

  const validateValue = useCallback(
    async (fieldId: number, value: string) => {
      const verdict = await validate([{ field_id: fieldId, value }]);
      return !verdict.ok && 'errors' in verdict ? (verdict.errors[String(fieldId)] ?? []) : [];
    },
    [validate],
  );

  const choose = useCallback(
    async (addonId: number) => {
      if (!rowId || !item || !product) return;
      const addon = lineProducts.find((p) => p.id === addonId);
      const { maturity: parentMaturity, interval: parentInterval } = chosenPeriod(product, item.product);
      // The variant's term matching the item's, else its one-time term (as on the variants screen).
      const maturities = addon ? orderableMaturities(addon) : [];
      const maturity = maturities.find((m) => m.months === parentMaturity?.months) ?? maturities.find((m) => m.months === 0);
      const intervals = maturity ? activeIntervals(maturity) : [];
      const interval = intervals.find((i) => i.months === parentInterval?.months) ?? intervals.find((i) => i.months === 0);
      setSwappingTo(addonId);
      try {
        const res = await addAddon({ rowId, addon_id: addonId, maturity_id: maturity?.id, interval_id: interval?.id }).unwrap();
        showCartNotices(res.notices);
        navigate(pathTo('additional-addon-fields', {}, { id: rowId, addonId }), { replace: true });
      } catch (e) {
        setSwappingTo(undefined);
        throw e;
      }
    },
    [addAddon, item, lineProducts, navigate, product, rowId, showCartNotices],
  );

  const family = useMemo<FieldFamily>(() => {
    const family: FieldFamily = { validateValue, businessAddress: businessAddressValues(item, product, lineProducts) };
    if (type === 'addon' && fieldProduct && product && hasComponent(fieldProduct, CUSTOMER_TYPE)) {
      // The exclusive variants group the addon belongs to.
      const own = product.addons?.find((l) => l.addon_id === fieldProduct.id);
      const group = own?.groups.find((g) => g.rules.some((r) => r.type === 'variants'));
      const links = (product.addons ?? []).filter((l) => group && l.groups.some((g) => g.id === group.id));
      const options = links
        .map((l) => lineProducts.find((p) => p.id === l.addon_id))
        .filter((p): p is Product => !!p)
        .sort((a, b) => a.order - b.order || a.id - b.id)
        .map((p) => ({ addonId: p.id, name: p.name, description: p.description || undefined }));
      if (options.length > 0) family.customerTypes = { options, current: fieldProduct.id, choose };
    }
    if (fieldProduct && hasComponent(fieldProduct, RENTAL_PERIOD)) {
      const orderable = new Set(orderableMaturities(fieldProduct).map((m) => m.id));
      const options = (fieldProduct.payment_maturities ?? [])
        .filter((m) => orderable.has(m.id) && m.months > 0)
        .map((m) => ({
          months: m.months,
          priceCents: m.price_cents,
          vatPercent: maturityVat(m, sessionVat),
        }));
      if (options.length > 0) family.rentalPeriods = { options, withVat };
    }
    return family;
  }, [choose, fieldProduct, item, lineProducts, product, sessionVat, type, validateValue, withVat]);
  return { family, swappingTo };
}
