import { createContext, useContext } from 'react';

/** A customer type of the business address: one variant addon of the nsa_customer_type group. */
export interface CustomerTypeOption {
  addonId: number;
  name: string;
  description?: string;
}

/** A minimum rental period: a maturity of the business-address product. */
export interface RentalPeriodOption {
  months: number;
  /** Net price per month in cents; shown gross or net with util-pricing. */
  priceCents: number;
  vatPercent: number;
}

/**
 * What the business-address and power-of-attorney widgets need beyond their own value, supplied by
 * the screen that renders the form (this library calls no API, spec §2 "Additional-field
 * widgets"). Every part is optional: without it a widget shows what it can.
 */
export interface FieldFamily {
  customerTypes?: {
    options: readonly CustomerTypeOption[];
    /** The variant in the cart now. */
    current?: number;
    /** Swaps the nsa addon to this variant and returns to its additional addon fields. */
    choose: (addonId: number) => Promise<void>;
  };
  rentalPeriods?: { options: readonly RentalPeriodOption[]; withVat: boolean };
  /** The values of the business-address lines of the same cart item by field key (copy source). */
  businessAddress?: Readonly<Record<string, string>>;
  /** Server validation of one value (POST /additional-fields/validate): its message keys. */
  validateValue?: (fieldId: number, value: string) => Promise<readonly string[]>;
  /**
   * The day the form shows, checks and saves (the signature's date). Set by FieldsForm from the
   * one clock (`useClock` of @hostcart/shared-ui); a screen does not pass it.
   */
  today?: Date;
}

export const FieldFamilyContext = createContext<FieldFamily>({});

export const useFieldFamily = () => useContext(FieldFamilyContext);
