package domain

import (
	"fmt"
	"slices"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/fields"
)

// Field validation (spec §5): the catalog owns the definitions of product, addon and upsell
// fields, so it is the authority on whether submitted values are acceptable.

// KeyUnknownField reports a value for a field id no product of the brand defines.
const KeyUnknownField = "validation.unknown_field"

// MaxFieldValues bounds one validation request: a form has a handful of fields, a cart a few
// dozen.
const MaxFieldValues = 200

// ErrTooManyFieldValues refuses a request with more than MaxFieldValues values.
var ErrTooManyFieldValues = apperr.New(ErrInvalidArgument, "validation.too_many_fields")

// FieldValue is a submitted value of an additional field.
type FieldValue struct {
	FieldID int32
	Value   string
}

// FieldErrors are the message keys of the rules one field's value breaks.
type FieldErrors struct {
	FieldID int32
	Errors  []string
}

// FieldDefinitions collects the distinct additional-field definitions of products by id.
func FieldDefinitions(products []Product) map[int32]AdditionalField {
	out := make(map[int32]AdditionalField)
	for _, p := range products {
		for _, f := range p.AdditionalFields {
			out[f.ID] = f
		}
	}
	return out
}

// ValidateFieldValues checks each value against its definition's rules. The values are one form:
// same: rules compare with the other submitted values by field key. A field submitted twice is
// judged by its last value and reported once. The answer lists only fields with errors, in the
// order they were first submitted. A definition whose rules do not parse is an error of the
// catalog's data, not of the request.
func ValidateFieldValues(defs map[int32]AdditionalField, values []FieldValue) ([]FieldErrors, error) {
	return ValidateCatalogFieldValues(FieldCatalog{Defs: defs}, values)
}

// ValidateCatalogFieldValues is ValidateFieldValues with the family widgets' checks against the
// brand's customer types, rental periods and today's date (family_fields.go). A family value is
// checked for its structure only when it is not empty: required says whether it may be.
func ValidateCatalogFieldValues(c FieldCatalog, values []FieldValue) ([]FieldErrors, error) {
	defs := c.Defs
	if len(values) > MaxFieldValues {
		return nil, ErrTooManyFieldValues
	}
	last := make(map[int32]string, len(values))
	var order []int32
	byKey := make(map[string]string, len(values))
	byComponent := make(map[string]string, len(values))
	for _, v := range values {
		if _, seen := last[v.FieldID]; !seen {
			order = append(order, v.FieldID)
		}
		last[v.FieldID] = v.Value
		if def, ok := defs[v.FieldID]; ok {
			byKey[def.Key] = v.Value
			byComponent[def.InputComponent] = fields.Trim(v.Value)
		}
	}
	var out []FieldErrors
	for _, id := range order {
		def, ok := defs[id]
		if !ok {
			out = append(out, FieldErrors{FieldID: id, Errors: []string{KeyUnknownField}})
			continue
		}
		rules, err := fields.Parse(def.ValidationRules)
		if err != nil {
			return nil, fmt.Errorf("rules of field %d (%s): %w", id, def.Key, err)
		}
		var keys []string
		for _, v := range rules.Validate(last[id], byKey) {
			keys = append(keys, v.Key)
		}
		if v := fields.Trim(last[id]); v != "" {
			for _, k := range familyViolations(c, def, v, byComponent) {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
		if len(keys) == 0 {
			continue
		}
		out = append(out, FieldErrors{FieldID: id, Errors: keys})
	}
	return out, nil
}
