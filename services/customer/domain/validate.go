package domain

import (
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Message keys of the customer rules beyond the shared field-rule keys (libs/go/fields).
const (
	KeyPhoneInvalid        = "customer.phone_invalid"         // not digits, spaces and '+', or no valid number of the country
	KeyCountryNotSupported = "customer.country_not_supported" // spec §5: 'country no longer supported, choose another'
	KeyGroupNotAllowed     = "customer.group_not_allowed"     // the brand takes no customers of this kind
)

// Errors are the violations of a form by field (the API's snake_case names), only for fields that
// have any; the first one per field is what the screen shows there (spec §8).
type Errors map[string][]fields.Violation

// Rules are the rules of spec §5 in the shared rule language by field (the API's names), the same
// texts as CUSTOMER_RULES in frontend/libs/shared/util-fields, which checks them in the browser for
// instant feedback: both are checked against libs/testvectors/customer-fields.json.
var Rules = map[string]string{
	"group":          "required|integer|in:0,1",
	"gender":         "required|integer|in:0,1",
	"first_name":     "required|string|max:" + strconv.Itoa(MaxNameLength),
	"last_name":      "required|string|max:" + strconv.Itoa(MaxNameLength),
	"email":          "required|email",
	"company_name":   "required|string|max:" + strconv.Itoa(MaxCompanyLength),
	"company_vat_id": "string|max:" + strconv.Itoa(MaxVatIDLength),
	"street":         "required|string|max:" + strconv.Itoa(MaxStreetLength),
	"postal_code":    "required|string|max:" + strconv.Itoa(MaxPostalCodeLength),
	"city":           "required|string|max:" + strconv.Itoa(MaxCityLength),
	"phone":          "required|string",
	"country_code":   "required|string",
}

var (
	personRules  = mustDefinitions("group", "gender", "first_name", "last_name", "email")
	companyRules = mustDefinitions("company_name", "company_vat_id")
	addressRules = mustDefinitions("street", "postal_code", "city", "phone", "country_code")
)

func mustDefinitions(keys ...string) []fields.Definition {
	defs := make([]fields.Definition, 0, len(keys))
	for _, key := range keys {
		d, err := fields.NewDefinition(key, key, Rules[key])
		if err != nil {
			panic("customer rules: " + err.Error()) // a typo in the constants above, caught by every test
		}
		defs = append(defs, d)
	}
	return defs
}

// ValidateBasicInfo checks normalised basic info (NormalizeBasicInfo) against spec §5, the
// brand's allowed customer kinds and, for a company, the characters of its VAT id
// (WellFormedVATID).
func ValidateBasicInfo(in BasicInfo, b Brand) Errors {
	values := map[string]string{
		"group": strconv.Itoa(int(in.Group)), "gender": strconv.Itoa(in.Gender),
		"first_name": in.FirstName, "last_name": in.LastName, "email": in.Email,
		"company_name": in.CompanyName, "company_vat_id": in.CompanyVatID,
	}
	errs := Errors(fields.ValidateFields(personRules, values))
	if in.Group == GroupCompany {
		for k, v := range fields.ValidateFields(companyRules, values) {
			errs[k] = v
		}
		if _, bad := errs["company_vat_id"]; !bad && !WellFormedVATID(in.CompanyVatID) {
			errs["company_vat_id"] = []fields.Violation{{Key: KeyVATIDMalformed, Params: map[string]string{"field": "company_vat_id"}}}
		}
	}
	if _, bad := errs["group"]; !bad && !groupAllowed(in.Group, b) {
		errs["group"] = []fields.Violation{{Key: KeyGroupNotAllowed, Params: map[string]string{"field": "group"}}}
	}
	return errs
}

func groupAllowed(g Group, b Brand) bool {
	if g == GroupCompany {
		return b.AllowCompanies
	}
	return b.AllowPrivatePersons
}

// ValidateAddress checks a normalised address (NormalizeAddress) against spec §5: the phone must
// consist of digits, spaces and plus signs and be a valid number of the address's country (a
// number with a + prefix may belong to any country).
func ValidateAddress(in Address, b Brand) Errors {
	values := map[string]string{
		"street": in.Street, "postal_code": in.PostalCode, "city": in.City,
		"phone": in.Phone, "country_code": in.CountryCode,
	}
	errs := Errors(fields.ValidateFields(addressRules, values))
	if _, bad := errs["country_code"]; !bad && !b.Supports(in.CountryCode) {
		errs["country_code"] = []fields.Violation{{Key: KeyCountryNotSupported, Params: map[string]string{"field": "country_code"}}}
	}
	if _, bad := errs["phone"]; !bad && !validPhone(in.Phone, in.CountryCode) {
		errs["phone"] = []fields.Violation{{Key: KeyPhoneInvalid, Params: map[string]string{"field": "phone"}}}
	}
	return errs
}

// validPhone applies §5's character rule, then asks libphonenumber's metadata whether the number
// can exist in country, so a typo is caught before an order carries it.
func validPhone(phone, country string) bool {
	onlyAllowed := !strings.ContainsFunc(phone, func(r rune) bool { return (r < '0' || r > '9') && r != ' ' && r != '+' })
	if !onlyAllowed || strings.LastIndex(phone, "+") > 0 {
		return false
	}
	n, err := phonenumbers.Parse(phone, strings.ToUpper(country))
	if err != nil {
		return false
	}
	return phonenumbers.IsValidNumber(n)
}
