package fields

import (
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Business-address (nsa) and power-of-attorney (ppoa) widgets (spec §2, §5) store structured
// values in one string field. Their rules text can only say "required"; the structure is checked
// by input_component, with the same message keys as the frontend's checks
// (frontend/libs/shared/util-fields/src/lib/families.ts) and the texts under "families" in the
// i18n locale files. The checks live here, not in the catalog, so every service that stores such
// a value (the catalog's validate endpoint, the cart) refuses the same malformed values. Checks
// that need catalog data (which customer-type addons and rental periods exist) stay in the
// catalog. The value formats:
//
//	nsa_po_box                 {"enabled":true,"number":"1234","zip":"10117","city":"Berlin"}
//	nsa_street                 {"street":"Friedrichstraße","number":"123a"}
//	nsa_additional_tenants     {"persons":[{"first_name":"Ada","last_name":"Lovelace"}]}
//	ppoa_authorization         {"private":true,"business":false}
//	ppoa_basic_info            {"private":{"salutation":"ms","first_name":..,"last_name":..},
//	                            "business":{... ,"company":".."}}: one form per authorisation
//	ppoa_signature             {"style":"montez-regular","place":"Berlin","date":"25.11.2026"}
const (
	ComponentPOBox             = "nsa_po_box"
	ComponentStreet            = "nsa_street"
	ComponentTenants           = "nsa_additional_tenants"
	ComponentPPOAAuthorization = "ppoa_authorization"
	ComponentPPOABasicInfo     = "ppoa_basic_info"
	ComponentPPOASignature     = "ppoa_signature"
)

// Message keys of the family structure checks.
const (
	KeyPOBoxInvalid           = "families.errors.po_box_invalid"
	KeyPOBoxNumberRequired    = "families.errors.po_box_number_required"
	KeyPOBoxZipRequired       = "families.errors.po_box_zip_required"
	KeyPOBoxCityRequired      = "families.errors.po_box_city_required"
	KeyPOBoxTooLong           = "families.errors.po_box_too_long"
	KeyStreetInvalid          = "families.errors.street_invalid"
	KeyStreetRequired         = "families.errors.street_required"
	KeyStreetNumberRequired   = "families.errors.street_number_required"
	KeyStreetNumberInvalid    = "families.errors.street_number_invalid"
	KeyStreetTooLong          = "families.errors.street_too_long"
	KeyAuthorizationInvalid   = "families.errors.authorization_invalid"
	KeyAuthorizationRequired  = "families.errors.authorization_required"
	KeyBasicInfoInvalid       = "families.errors.basic_info_invalid"
	KeyBasicInfoRequired      = "families.errors.basic_info_required"
	KeyBasicInfoSalutation    = "families.errors.basic_info_salutation"
	KeyBasicInfoNameRequired  = "families.errors.basic_info_name_required"
	KeyBasicInfoCompany       = "families.errors.basic_info_company_required"
	KeyBasicInfoTooLong       = "families.errors.basic_info_too_long"
	KeyBasicInfoFormMissing   = "families.errors.basic_info_form_missing"
	KeySignatureInvalid       = "families.errors.signature_invalid"
	KeySignatureStyle         = "families.errors.signature_style"
	KeySignaturePlaceRequired = "families.errors.signature_place_required"
	KeySignatureTooLong       = "families.errors.signature_too_long"
	KeySignatureDate          = "families.errors.signature_date"
)

// FamilyMessageKeys lists every key FamilyViolations can report besides the persons rule's
// (validation.persons, validation.persons_max, in MessageKeys), for translation checks.
var FamilyMessageKeys = []string{
	KeyPOBoxInvalid, KeyPOBoxNumberRequired, KeyPOBoxZipRequired, KeyPOBoxCityRequired,
	KeyPOBoxTooLong, KeyStreetInvalid, KeyStreetRequired, KeyStreetNumberRequired,
	KeyStreetNumberInvalid, KeyStreetTooLong, KeyAuthorizationInvalid, KeyAuthorizationRequired,
	KeyBasicInfoInvalid, KeyBasicInfoRequired, KeyBasicInfoSalutation, KeyBasicInfoNameRequired,
	KeyBasicInfoCompany, KeyBasicInfoTooLong, KeyBasicInfoFormMissing, KeySignatureInvalid,
	KeySignatureStyle, KeySignaturePlaceRequired, KeySignatureTooLong, KeySignatureDate,
}

// Limits of the structured values: the customer forms' lengths of spec §9 (limits.go) for what the
// widgets ask like the customer forms (street, zip, city, names, company), and the widgets' own.
const (
	maxStreetNumber = 10
	maxPOBoxNumber  = 20
	maxPlace        = 100
)

// SignatureStyles are the signature fonts of spec §2.
var SignatureStyles = []string{"coming-soon", "montez-regular", "sacramento-regular"}

// Salutations of the power-of-attorney basic info forms.
var Salutations = []string{"mr", "ms"}

// streetNumberPattern admits house numbers such as 7, 12a, 12 A, 12-14 and 3/1.
var streetNumberPattern = regexp.MustCompile(`^[0-9]+ ?[A-Za-z]?( ?[-/] ?[0-9]+ ?[A-Za-z]?)?$`)

// signatureDate is the dd.mm.yyyy layout the widget writes.
const signatureDate = "02.01.2006"

// FamilyViolations checks the structure of a family widget's value by its input_component; other
// components, and an empty value (required decides whether it may be empty), pass. The value is
// trimmed first. byComponent holds the other values of the same form by input_component, so the
// basic info can be compared with the authorisation it belongs to (nil skips that comparison).
// now is the clock's reading a signature's date must lie within a day of (time zones: the
// visitor's today may be the server's yesterday or tomorrow); the zero time checks the date's
// format only.
func FamilyViolations(component, value string, byComponent map[string]string, now time.Time) []Violation {
	v := Trim(value)
	if v == "" {
		return nil
	}
	var keys []string
	switch component {
	case ComponentPOBox:
		keys = checkPOBox(v)
	case ComponentStreet:
		keys = checkStreet(v)
	case ComponentTenants:
		// The seed's rules say persons; the widget's format needs it whatever the rules say.
		out, _ := checkPersons(v)
		return out
	case ComponentPPOAAuthorization:
		keys = checkAuthorization(v)
	case ComponentPPOABasicInfo:
		keys = checkBasicInfo(v, Trim(byComponent[ComponentPPOAAuthorization]))
	case ComponentPPOASignature:
		keys = checkSignature(v, now)
	}
	out := make([]Violation, 0, len(keys))
	for _, k := range keys {
		out = append(out, violation(k))
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

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
		return Trim(s), true
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

func tooLong(s string, max int) bool { return length(s) > max }

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
	if tooLong(number, maxPOBoxNumber) || tooLong(zip, MaxPostalCodeLength) || tooLong(city, MaxCityLength) {
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
	if tooLong(street, MaxStreetLength) || tooLong(number, maxStreetNumber) {
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
	if tooLong(first, MaxNameLength) || tooLong(last, MaxNameLength) || tooLong(company, MaxCompanyLength) {
		out = append(out, KeyBasicInfoTooLong)
	}
	return out
}

// checkSignature checks style, place and a dd.mm.yyyy date no more than a day from now (zero
// now: the format only).
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
	day, err := time.Parse(signatureDate, date)
	if err != nil || len(date) != len(signatureDate) {
		out = append(out, KeySignatureDate)
	} else if !now.IsZero() {
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		if d := day.Sub(today); d < -24*time.Hour || d > 24*time.Hour {
			out = append(out, KeySignatureDate)
		}
	}
	return out
}
