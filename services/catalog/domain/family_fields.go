package domain

import (
	"strconv"
	"time"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Business-address (nsa) and power-of-attorney (ppoa) widgets (spec §2, §5) store structured
// values in one string field. The structure checks that need no catalog data (PO box, street,
// tenants, authorisation, basic info, signature) live in libs/go/fields (families.go, where the
// value formats are documented), so the cart refuses the same malformed values when they are
// stored. Here are the checks against the brand's catalog:
//
//	nsa_customer_type          the id of the chosen customer-type addon, e.g. "1231"
//	nsa_minimum_rental_period  months of a maturity of a product with the field, e.g. "12"
const (
	KeyCustomerTypeUnknown = "families.errors.customer_type_unknown"
	KeyRentalPeriodUnknown = "families.errors.rental_period_unknown"
	componentCustomerType  = "nsa_customer_type"
	componentRentalPeriod  = "nsa_minimum_rental_period"
)

// FamilyMessageKeys lists every key the family checks can report (the catalog's and the shared
// structure checks'), for translation checks.
var FamilyMessageKeys = append([]string{KeyCustomerTypeUnknown, KeyRentalPeriodUnknown}, fields.FamilyMessageKeys...)

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
		return nil
	case componentRentalPeriod:
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			return []string{KeyRentalPeriodUnknown}
		}
		if months, ok := c.RentalMonths[def.ID]; ok && !months[v] {
			return []string{KeyRentalPeriodUnknown}
		}
		return nil
	}
	var out []string
	for _, bad := range fields.FamilyViolations(def.InputComponent, v, byComponent, c.Now) {
		out = append(out, bad.Key)
	}
	return out
}
