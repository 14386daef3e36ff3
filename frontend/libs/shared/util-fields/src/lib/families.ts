import { customerMaxLength } from './customer';
import { checkPersons } from './persons';
import { trim } from './text';

/**
 * The business-address (nsa) and power-of-attorney (ppoa) widgets keep structured values in one
 * field (spec §2, §5). Their structure is checked by input_component, the twin of
 * libs/go/fields/families.go (same formats, limits and message keys, both checked against
 * libs/testvectors/families.json; the server is
 * the authority and also checks customer types and rental periods against the catalogue).
 */

export const FAMILY_KEYS = {
  customerTypeUnknown: 'families.errors.customer_type_unknown',
  rentalPeriodUnknown: 'families.errors.rental_period_unknown',
  poBoxInvalid: 'families.errors.po_box_invalid',
  poBoxNumberRequired: 'families.errors.po_box_number_required',
  poBoxZipRequired: 'families.errors.po_box_zip_required',
  poBoxCityRequired: 'families.errors.po_box_city_required',
  poBoxTooLong: 'families.errors.po_box_too_long',
  streetInvalid: 'families.errors.street_invalid',
  streetRequired: 'families.errors.street_required',
  streetNumberRequired: 'families.errors.street_number_required',
  streetNumberInvalid: 'families.errors.street_number_invalid',
  streetTooLong: 'families.errors.street_too_long',
  authorizationInvalid: 'families.errors.authorization_invalid',
  authorizationRequired: 'families.errors.authorization_required',
  basicInfoInvalid: 'families.errors.basic_info_invalid',
  basicInfoRequired: 'families.errors.basic_info_required',
  basicInfoSalutation: 'families.errors.basic_info_salutation',
  basicInfoNameRequired: 'families.errors.basic_info_name_required',
  basicInfoCompany: 'families.errors.basic_info_company_required',
  basicInfoTooLong: 'families.errors.basic_info_too_long',
  basicInfoFormMissing: 'families.errors.basic_info_form_missing',
  signatureInvalid: 'families.errors.signature_invalid',
  signatureStyle: 'families.errors.signature_style',
  signaturePlaceRequired: 'families.errors.signature_place_required',
  signatureTooLong: 'families.errors.signature_too_long',
  signatureDate: 'families.errors.signature_date',
} as const;

/**
 * Limits of the structured values: what the widgets ask like the customer forms (street, zip, city,
 * names, company) has the customer forms' length of spec §9 (CUSTOMER_RULES, defined once); street
 * number, PO box number and signature place are the widgets' own. Go: libs/go/fields (limits.go,
 * families.go); both are checked against libs/testvectors/families.json.
 */
export const FAMILY_LIMITS = {
  street: customerMaxLength('street'),
  streetNumber: 10,
  poBoxNumber: 20,
  zip: customerMaxLength('postal_code'),
  city: customerMaxLength('city'),
  name: customerMaxLength('first_name'),
  company: customerMaxLength('company_name'),
  place: 100,
} as const;

/** Signature fonts of spec §2. */
export const SIGNATURE_STYLES = ['coming-soon', 'montez-regular', 'sacramento-regular'] as const;
export type SignatureStyle = (typeof SIGNATURE_STYLES)[number];

export const SALUTATIONS = ['mr', 'ms'] as const;

export interface POBoxValue {
  enabled: boolean;
  number: string;
  zip: string;
  city: string;
}
export interface StreetValue {
  street: string;
  number: string;
}
export interface AuthorizationValue {
  private: boolean;
  business: boolean;
}
export interface PersonForm {
  salutation: string;
  first_name: string;
  last_name: string;
  company?: string;
}
export interface BasicInfoValue {
  private?: PersonForm;
  business?: PersonForm;
}
export interface SignatureValue {
  style: string;
  place: string;
  date: string;
}

const STREET_NUMBER = /^[0-9]+ ?[A-Za-z]?( ?[-/] ?[0-9]+ ?[A-Za-z]?)?$/;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object, or undefined when the value is not one. */
export function parseObject(v: string): Obj | undefined {
  try {
    const doc: unknown = JSON.parse(v);
    return isObject(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** A string member, trimmed: absent and null are empty; undefined when it is anything else. */
function text(o: Obj, k: string): string | undefined {
  const v = o[k];
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? trim(v) : undefined;
}
function flag(o: Obj, k: string): boolean | undefined {
  const v = o[k];
  if (v === undefined || v === null) return false;
  return typeof v === 'boolean' ? v : undefined;
}
const tooLong = (s: string, max: number) => [...s].length > max;

function texts(o: Obj, ...keys: string[]): string[] | undefined {
  const out = keys.map((k) => text(o, k));
  return out.every((s): s is string => s !== undefined) ? out : undefined;
}

/** Reads a stored value leniently for a widget's initial state (malformed: the defaults). */
export function readPOBox(v: string): POBoxValue {
  const o = parseObject(v) ?? {};
  return { enabled: o['enabled'] === true, number: str(o['number']), zip: str(o['zip']), city: str(o['city']) };
}
export function readStreet(v: string): StreetValue {
  const o = parseObject(v) ?? {};
  return { street: str(o['street']), number: str(o['number']) };
}
export function readAuthorization(v: string): AuthorizationValue {
  const o = parseObject(v) ?? {};
  return { private: o['private'] === true, business: o['business'] === true };
}
export function readBasicInfo(v: string): BasicInfoValue {
  const o = parseObject(v) ?? {};
  const form = (x: unknown): PersonForm | undefined =>
    isObject(x) ? { salutation: str(x['salutation']), first_name: str(x['first_name']), last_name: str(x['last_name']), company: str(x['company']) } : undefined;
  return { private: form(o['private']), business: form(o['business']) };
}
export function readSignature(v: string): SignatureValue {
  const o = parseObject(v) ?? {};
  return { style: str(o['style']), place: str(o['place']), date: str(o['date']) };
}
export function readPersons(v: string): { first_name: string; last_name: string }[] {
  const o = parseObject(v);
  const list = o && Array.isArray(o['persons']) ? (o['persons'] as unknown[]) : [];
  return list.filter(isObject).map((p) => ({ first_name: str(p['first_name']), last_name: str(p['last_name']) }));
}
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** dd.mm.yyyy of a day (spec §2: the signature's current date). */
export function formatSignatureDate(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}`;
}

function parseSignatureDate(s: string): Date | undefined {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
  if (!m) return undefined;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCDate() === day && d.getUTCMonth() === month - 1 ? d : undefined;
}

function checkPOBox(v: string): string[] {
  const o = parseObject(v);
  const enabled = o && flag(o, 'enabled');
  const t = o && texts(o, 'number', 'zip', 'city');
  if (!o || enabled === undefined || !t) return [FAMILY_KEYS.poBoxInvalid];
  if (!enabled) return [];
  const [number, zip, city] = t;
  const out: string[] = [];
  if (!number) out.push(FAMILY_KEYS.poBoxNumberRequired);
  if (!zip) out.push(FAMILY_KEYS.poBoxZipRequired);
  if (!city) out.push(FAMILY_KEYS.poBoxCityRequired);
  if (tooLong(number, FAMILY_LIMITS.poBoxNumber) || tooLong(zip, FAMILY_LIMITS.zip) || tooLong(city, FAMILY_LIMITS.city)) out.push(FAMILY_KEYS.poBoxTooLong);
  return out;
}

function checkStreet(v: string): string[] {
  const o = parseObject(v);
  const t = o && texts(o, 'street', 'number');
  if (!t) return [FAMILY_KEYS.streetInvalid];
  const [street, number] = t;
  const out: string[] = [];
  if (!street) out.push(FAMILY_KEYS.streetRequired);
  if (!number) out.push(FAMILY_KEYS.streetNumberRequired);
  else if (!STREET_NUMBER.test(number)) out.push(FAMILY_KEYS.streetNumberInvalid);
  if (tooLong(street, FAMILY_LIMITS.street) || tooLong(number, FAMILY_LIMITS.streetNumber)) out.push(FAMILY_KEYS.streetTooLong);
  return out;
}

function authorizations(v: string): AuthorizationValue | undefined {
  const o = parseObject(v);
  if (!o) return undefined;
  const p = flag(o, 'private');
  const b = flag(o, 'business');
  return p === undefined || b === undefined ? undefined : { private: p, business: b };
}

function checkAuthorization(v: string): string[] {
  const a = authorizations(v);
  if (!a) return [FAMILY_KEYS.authorizationInvalid];
  return a.private || a.business ? [] : [FAMILY_KEYS.authorizationRequired];
}

function checkPersonForm(form: Obj, business: boolean): string[] {
  const t = texts(form, 'salutation', 'first_name', 'last_name', 'company');
  if (!t) return [FAMILY_KEYS.basicInfoInvalid];
  const [salutation, first, last, company] = t;
  const out: string[] = [];
  if (!(SALUTATIONS as readonly string[]).includes(salutation)) out.push(FAMILY_KEYS.basicInfoSalutation);
  if (!first || !last) out.push(FAMILY_KEYS.basicInfoNameRequired);
  if (business && !company) out.push(FAMILY_KEYS.basicInfoCompany);
  if (tooLong(first, FAMILY_LIMITS.name) || tooLong(last, FAMILY_LIMITS.name) || tooLong(company, FAMILY_LIMITS.company)) out.push(FAMILY_KEYS.basicInfoTooLong);
  return out;
}

function checkBasicInfo(v: string, authorization: string | undefined): string[] {
  const o = parseObject(v);
  if (!o) return [FAMILY_KEYS.basicInfoInvalid];
  const out: string[] = [];
  const add = (keys: string[]) => keys.forEach((k) => out.includes(k) || out.push(k));
  const present: Record<string, boolean> = {};
  for (const kind of ['private', 'business'] as const) {
    const raw = o[kind];
    if (raw === undefined || raw === null) continue;
    if (!isObject(raw)) return [FAMILY_KEYS.basicInfoInvalid];
    present[kind] = true;
    add(checkPersonForm(raw, kind === 'business'));
  }
  if (!present['private'] && !present['business']) return [FAMILY_KEYS.basicInfoRequired];
  const a = authorization ? authorizations(trim(authorization)) : undefined;
  if (a && ((a.private && !present['private']) || (a.business && !present['business']))) add([FAMILY_KEYS.basicInfoFormMissing]);
  return out;
}

function checkSignature(v: string, today: Date | undefined): string[] {
  const o = parseObject(v);
  const t = o && texts(o, 'style', 'place', 'date');
  if (!t) return [FAMILY_KEYS.signatureInvalid];
  const [style, place, date] = t;
  const out: string[] = [];
  if (!(SIGNATURE_STYLES as readonly string[]).includes(style)) out.push(FAMILY_KEYS.signatureStyle);
  if (!place) out.push(FAMILY_KEYS.signaturePlaceRequired);
  else if (tooLong(place, FAMILY_LIMITS.place)) out.push(FAMILY_KEYS.signatureTooLong);
  const day = parseSignatureDate(date);
  if (!day) out.push(FAMILY_KEYS.signatureDate);
  else if (today) {
    const ref = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
    if (Math.abs(day.getTime() - ref) > 24 * 3600 * 1000) out.push(FAMILY_KEYS.signatureDate);
  }
  return out;
}

/**
 * The family problems of a value by input_component (message keys; [] for other components and
 * for an empty value, which only `required` judges). `others` holds the form's values by
 * input_component (the basic info is compared with the authorisation).
 */
export function familyViolations(component: string, value: string, others: Readonly<Record<string, string | undefined>> = {}, today?: Date): string[] {
  const v = trim(value);
  if (!v) return [];
  switch (component) {
    case 'nsa_minimum_rental_period':
      return /^[0-9]+$/.test(v) && Number(v) > 0 ? [] : [FAMILY_KEYS.rentalPeriodUnknown];
    case 'nsa_po_box':
      return checkPOBox(v);
    case 'nsa_street':
      return checkStreet(v);
    case 'nsa_additional_tenants':
      return checkPersons(v).map((x) => x.key);
    case 'ppoa_authorization':
      return checkAuthorization(v);
    case 'ppoa_basic_info':
      return checkBasicInfo(v, others['ppoa_authorization']);
    case 'ppoa_signature':
      return checkSignature(v, today);
  }
  return [];
}
