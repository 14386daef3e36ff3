/**
 * An additional field definition as the catalog sends it (spec §3). A structural subset of the
 * API's AdditionalField, so the UI library needs no data-access import.
 */
export interface FieldDef {
  id: number;
  key: string;
  label: string;
  order: number;
  /** Pipe-separated rules of spec §5. */
  validation_rules: string;
  /** Which widget edits it: text, country, duns, password, checkbox, linux_distribution, ... */
  input_component: string;
  is_postponed: boolean;
  /** Initial value; `brand_country` stands for the brand's country. */
  prefilled_with: string;
  headline: string;
  /**
   * The catalog (or the domain service) marks the value a secret (a token, a password entered as
   * text): its text input hides it as a password input does, and no summary shows it.
   */
  is_secret?: boolean;
}

/** A stored or submitted value (cart.proto FieldValue without the key). */
export interface FieldValueEntry {
  field_id: number;
  value: string;
}

/** A country of the countries API, as the country picker needs it. */
export interface CountryOption {
  code: string;
  name: string;
  order: number;
}

/** A message key with the values its text interpolates. */
export interface FieldMessage {
  key: string;
  params: Record<string, string>;
}

/** Server validation answer: message keys by field id (the first one is shown). */
export type ServerFieldErrors = Readonly<Record<string, readonly string[]>>;
