package fields

// Field lengths of spec §9, defined once for Go: the customer forms (services/customer/domain
// builds its rule texts from them) and the business-address and power-of-attorney widgets
// (families.go: street, PO box zip and city, the names of the basic info forms) both read them.
// The browser's copies are the customer rule texts of frontend/libs/shared/util-fields; both are
// checked against libs/testvectors/customer-fields.json and families.json.
const (
	MaxNameLength       = 100
	MaxCompanyLength    = 100
	MaxVATIDLength      = 100
	MaxStreetLength     = 200
	MaxPostalCodeLength = 10
	MaxCityLength       = 100
)
