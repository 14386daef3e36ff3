package domain

import (
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Business-address (nsa) and power-of-attorney (ppoa) widgets (spec §2, §5) store structured
// values in one string field. Their rules text can only say "required"; the structure is checked
// here by input_component, with the same message keys as the frontend's checks
// (frontend/libs/shared/util-fields/src/lib/families.ts) and the texts under "families" in the
// i18n locale files. The value formats:
//
//	nsa_customer_type          the id of the chosen customer-type addon, e.g. "1231"
//	nsa_minimum_rental_period  months of a maturity of a product with the field, e.g. "12"
//	nsa_po_box                 {"enabled":true,"number":"1234","zip":"10117","city":"Berlin"}
//	nsa_street                 {"street":"Friedrichstraße","number":"123a"}
//	nsa_additional_tenants     {"persons":[{"first_name":"Ada","last_name":"Lovelace"}]}
//	ppoa_authorization         {"private":true,"business":false}
//	ppoa_basic_info            {"private":{"salutation":"ms","first_name":..,"last_name":..},
//	                            "business":{... ,"company":".."}}: one form per authorisation
//	ppoa_signature             {"style":"montez-regular","place":"Berlin","date":"25.11.2026"}
const (
	KeyCustomerTypeUnknown     = "families.errors.customer_type_unknown"
	KeyRentalPeriodUnknown     = "families.errors.rental_period_unknown"
	KeyPOBoxInvalid            = "families.errors.po_box_invalid"
	KeyPOBoxNumberRequired     = "families.errors.po_box_number_required"
	KeyPOBoxZipRequired        = "families.errors.po_box_zip_required"
	KeyPOBoxCityRequired       = "families.errors.po_box_city_required"
	KeyPOBoxTooLong            = "families.errors.po_box_too_long"
	KeyStreetInvalid           = "families.errors.street_invalid"
	KeyStreetRequired          = "families.errors.street_required"
	KeyStreetNumberRequired    = "families.errors.street_number_required"
	KeyStreetNumberInvalid     = "families.errors.street_number_invalid"
	KeyStreetTooLong           = "families.errors.street_too_long"
	KeyAuthorizationInvalid    = "families.errors.authorization_invalid"
	KeyAuthorizationRequired   = "families.errors.authorization_required"
	KeyBasicInfoInvalid        = "families.errors.basic_info_invalid"
	KeyBasicInfoRequired       = "families.errors.basic_info_required"
	KeyBasicInfoSalutation     = "families.errors.basic_info_salutation"
	KeyBasicInfoNameRequired   = "families.errors.basic_info_name_required"
	KeyBasicInfoCompany        = "families.errors.basic_info_company_required"
	KeyBasicInfoTooLong        = "families.errors.basic_info_too_long"
	KeyBasicInfoFormMissing    = "families.errors.basic_info_form_missing"
	KeySignatureInvalid        = "families.errors.signature_invalid"
	KeySignatureStyle          = "families.errors.signature_style"
	KeySignaturePlaceRequired  = "families.errors.signature_place_required"
	KeySignatureTooLong        = "families.errors.signature_too_long"
	KeySignatureDate           = "families.errors.signature_date"
	componentCustomerType      = "nsa_customer_type"
	componentRentalPeriod      = "nsa_minimum_rental_period"
	componentPOBox             = "nsa_po_box"
	componentStreet            = "nsa_street"
	componentTenants           = "nsa_additional_tenants"
	componentPPOAAuthorization = "ppoa_authorization"
	componentPPOABasicInfo     = "ppoa_basic_info"
	componentPPOASignature     = "ppoa_signature"
)

// FamilyMessageKeys lists every key the family checks can report, for translation checks.
var FamilyMessageKeys = []string{
	KeyCustomerTypeUnknown, KeyRentalPeriodUnknown, KeyPOBoxInvalid, KeyPOBoxNumberRequired,
	KeyPOBoxZipRequired, KeyPOBoxCityRequired, KeyPOBoxTooLong, KeyStreetInvalid, KeyStreetRequired,
	KeyStreetNumberRequired, KeyStreetNumberInvalid, KeyStreetTooLong, KeyAuthorizationInvalid,
	KeyAuthorizationRequired, KeyBasicInfoInvalid, KeyBasicInfoRequired, KeyBasicInfoSalutation,
	KeyBasicInfoNameRequired, KeyBasicInfoCompany, KeyBasicInfoTooLong, KeyBasicInfoFormMissing,
	KeySignatureInvalid, KeySignatureStyle, KeySignaturePlaceRequired, KeySignatureTooLong,
	KeySignatureDate,
}

// Limits of the structured values (spec §9 for street and postal code; the rest follow the
// customer forms: names and company 100, city 100).
const (
	maxStreet       = 200
	maxStreetNumber = 10
	maxPOBoxNumber  = 20
	maxZip          = 10
	maxCity         = 100
	maxName         = 100
	maxPlace        = 100
)

// SignatureStyles are the signature fonts of spec §2.
var SignatureStyles = []string{"coming-soon", "montez-regular", "sacramento-regular"}

// Salutations of the power-of-attorney basic info forms.
var Salutations = []string{"mr", "ms"}

// streetNumberPattern admits house numbers such as 7, 12a, 12 A, 12-14 and 3/1.
var streetNumberPattern = regexp.MustCompile(`^[0-9]+ ?[A-Za-z]?( ?[-/] ?[0-9]+ ?[A-Za-z]?)?$`)

// FieldCatalog is what field validation knows of a brand: the definitions by id and, for the
// family widgets, which customer-type addons and rental periods exist. Nil sets skip those checks.
type FieldCatalog struct {
	Defs map[int32]AdditionalField
	// CustomerTypes holds the ids of the products that define an nsa_customer_type field.
	CustomerTypes map[string]bool
	// RentalMonths holds, per field id of an nsa_minimum_rental_period field, the months of the
	// maturities of the products that define it.
	RentalMonths map[int32]map[string]bool
	// Now is the day a signature is dated; zero skips the date's distance check.
	Now time.Time
}

// FieldCatalogOf collects the definitions and the family data of products.
func FieldCatalogOf(products []Product, now time.Time) FieldCatalog {
	c := FieldCatalog{Defs: FieldDefinitions(products), CustomerTypes: map[string]bool{}, RentalMonths: map[int32]map[string]bool{}, Now: now}
	for _, p := range products {
		for _, f := range p.AdditionalFields {
			switch f.InputComponent {
			case componentCustomerType:
				c.CustomerTypes[strconv.Itoa(int(p.ID))] = true
			case componentRentalPeriod:
				months := c.RentalMonths[f.ID]
				if months == nil {
					months = map[string]bool{}
					c.RentalMonths[f.ID] = months
				}
				for _, m := range p.Maturities {
					if m.Months > 0 {
						months[strconv.Itoa(int(m.Months))] = true
					}
				}
			}
		}
	}
	return c
}

// familyViolations checks a trimmed, non-empty value of a family widget; other components pass.
// byComponent holds the other submitted values of the form by input_component, so the basic info
// can be compared with the authorisation it belongs to.
func familyViolations(c FieldCatalog, def AdditionalField, v string, byComponent map[string]string) []string {
	switch def.InputComponent {
	case componentCustomerType:
		if c.CustomerTypes != nil && !c.CustomerTypes[v] {
			return []string{KeyCustomerTypeUnknown}
		}
	case componentRentalPeriod:
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			return []string{KeyRentalPeriodUnknown}
		}
		if months, ok := c.RentalMonths[def.ID]; ok && !months[v] {
			return []string{KeyRentalPeriodUnknown}
		}
	case componentPOBox:
		return checkPOBox(v)
	case componentStreet:
		return checkStreet(v)
	case componentTenants:
		// The seed's rules say persons; the widget's format needs it whatever the rules say.
		if personsRuleErr != nil {
			return nil
		}
		var out []string
		for _, bad := range personsRule.Validate(v, nil) {
			out = append(out, bad.Key)
		}
		return out
	case componentPPOAAuthorization:
		return checkAuthorization(v)
	case componentPPOABasicInfo:
		return checkBasicInfo(v, byComponent[componentPPOAAuthorization])
	case componentPPOASignature:
		return checkSignature(v, c.Now)
	}
	return nil
}

// personsRule is the shared engine's persons rule; the constant text parses (the tests check
// personsRuleErr), and should it not, the rules of the definition still apply.
var personsRule, personsRuleErr = fields.Parse("persons")

// object decodes a JSON object into generic values. Generic values, not structs: encoding/json
// matches keys case-insensitively ("Street" for street), which the frontend's JSON.parse does not.
func object(v string) (map[string]any, bool) {
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	obj, ok := doc.(map[string]any)
	return obj, ok
}

// text reads a string member: absent and null are empty; anything else is malformed.
func text(obj map[string]any, key string) (string, bool) {
	switch s := obj[key].(type) {
	case nil:
		return "", true
	case string:
		return fields.Trim(s), true
	}
	return "", false
}

// flag reads a boolean member: absent and null are false.
func flag(obj map[string]any, key string) (bool, bool) {
	switch b := obj[key].(type) {
	case nil:
		return false, true
	case bool:
		return b, true
	}
	return false, false
}

func tooLong(s string, max int) bool { return len([]rune(s)) > max }

// texts reads several string members; ok is false when any is not a string.
func texts(obj map[string]any, keys ...string) ([]string, bool) {
	out := make([]string, len(keys))
	for i, k := range keys {
		s, ok := text(obj, k)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

func checkPOBox(v string) []string {
	obj, ok := object(v)
	if !ok {
		return []string{KeyPOBoxInvalid}
	}
	enabled, okFlag := flag(obj, "enabled")
	t, okTexts := texts(obj, "number", "zip", "city")
	if !okFlag || !okTexts {
		return []string{KeyPOBoxInvalid}
	}
	if !enabled {
		return nil // the inputs are required only while the box is ticked (spec §5)
	}
	var out []string
	number, zip, city := t[0], t[1], t[2]
	if number == "" {
		out = append(out, KeyPOBoxNumberRequired)
	}
	if zip == "" {
		out = append(out, KeyPOBoxZipRequired)
	}
	if city == "" {
		out = append(out, KeyPOBoxCityRequired)
	}
	if tooLong(number, maxPOBoxNumber) || tooLong(zip, maxZip) || tooLong(city, maxCity) {
		out = append(out, KeyPOBoxTooLong)
	}
	return out
}

func checkStreet(v string) []string {
	obj, ok := object(v)
	if !ok {
		return []string{KeyStreetInvalid}
	}
	t, ok := texts(obj, "street", "number")
	if !ok {
		return []string{KeyStreetInvalid}
	}
	street, number := t[0], t[1]
	var out []string
	if street == "" {
		out = append(out, KeyStreetRequired)
	}
	if number == "" {
		out = append(out, KeyStreetNumberRequired)
	} else if !streetNumberPattern.MatchString(number) {
		out = append(out, KeyStreetNumberInvalid)
	}
	if tooLong(street, maxStreet) || tooLong(number, maxStreetNumber) {
		out = append(out, KeyStreetTooLong)
	}
	return out
}

// authorizations reads {"private","business"}; ok is false when malformed.
func authorizations(v string) (private, business, ok bool) {
	obj, isObj := object(v)
	if !isObj {
		return false, false, false
	}
	private, okP := flag(obj, "private")
	business, okB := flag(obj, "business")
	return private, business, okP && okB
}

func checkAuthorization(v string) []string {
	private, business, ok := authorizations(v)
	if !ok {
		return []string{KeyAuthorizationInvalid}
	}
	if !private && !business {
		return []string{KeyAuthorizationRequired}
	}
	return nil
}

// checkBasicInfo checks the forms present; with a readable authorisation in the same form, each
// ticked kind needs its form.
func checkBasicInfo(v, authorization string) []string {
	obj, ok := object(v)
	if !ok {
		return []string{KeyBasicInfoInvalid}
	}
	var out []string
	add := func(keys ...string) {
		for _, k := range keys {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	present := map[string]bool{}
	for _, kind := range []string{"private", "business"} {
		raw, has := obj[kind]
		if !has || raw == nil {
			continue
		}
		form, isObj := raw.(map[string]any)
		if !isObj {
			return []string{KeyBasicInfoInvalid}
		}
		present[kind] = true
		add(checkPersonForm(form, kind == "business")...)
	}
	if len(present) == 0 {
		return []string{KeyBasicInfoRequired}
	}
	if authorization != "" {
		if private, business, ok := authorizations(authorization); ok && ((private && !present["private"]) || (business && !present["business"])) {
			add(KeyBasicInfoFormMissing)
		}
	}
	return out
}

func checkPersonForm(form map[string]any, business bool) []string {
	t, ok := texts(form, "salutation", "first_name", "last_name", "company")
	if !ok {
		return []string{KeyBasicInfoInvalid}
	}
	salutation, first, last, company := t[0], t[1], t[2], t[3]
	var out []string
	if !slices.Contains(Salutations, salutation) {
		out = append(out, KeyBasicInfoSalutation)
	}
	if first == "" || last == "" {
		out = append(out, KeyBasicInfoNameRequired)
	}
	if business && company == "" {
		out = append(out, KeyBasicInfoCompany)
	}
	if tooLong(first, maxName) || tooLong(last, maxName) || tooLong(company, maxName) {
		out = append(out, KeyBasicInfoTooLong)
	}
	return out
}

// checkSignature checks style, place and a dd.mm.yyyy date no more than a day from now (time
// zones: the visitor's today may be the server's yesterday or tomorrow).
func checkSignature(v string, now time.Time) []string {
	obj, ok := object(v)
	if !ok {
		return []string{KeySignatureInvalid}
	}
	t, ok := texts(obj, "style", "place", "date")
	if !ok {
		return []string{KeySignatureInvalid}
	}
	style, place, date := t[0], t[1], t[2]
	var out []string
	if !slices.Contains(SignatureStyles, style) {
		out = append(out, KeySignatureStyle)
	}
	if place == "" {
		out = append(out, KeySignaturePlaceRequired)
	} else if tooLong(place, maxPlace) {
		out = append(out, KeySignatureTooLong)
	}
	day, err := time.Parse("02.01.2006", date)
	if err != nil || len(date) != len("02.01.2006") {
		out = append(out, KeySignatureDate)
	} else if !now.IsZero() {
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		if d := day.Sub(today); d < -24*time.Hour || d > 24*time.Hour {
			out = append(out, KeySignatureDate)
		}
	}
	return out
}
