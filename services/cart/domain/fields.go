package domain

import (
	"slices"
	"strings"

	"github.com/hostcart/checkout/libs/go/fields"
)

// mergeFields stores values into a line's fields: a value replaces the stored one of the same field
// id, others stay. With defs known (known), every field id must be defined there and non-empty
// values must pass the field's rules; empty values are allowed, a missing required value is a
// checkout blocker rather than a storage error. Violations are reported under path.<field id>.
func mergeFields(stored []FieldValue, defs []FieldDef, known bool, values []FieldValue, path string) ([]FieldValue, []Violation) {
	out := slices.Clone(stored)
	var vs []Violation
	others := make(map[string]string, len(out)+len(values))
	for _, v := range append(slices.Clone(out), values...) {
		if def, ok := fieldDef(defs, v.FieldID); ok {
			others[def.Key] = fields.Trim(v.Value)
		}
	}
	for _, v := range values {
		field := path + "." + itoa(v.FieldID)
		value := fields.Trim(v.Value)
		key := v.FieldKey
		if known {
			def, ok := fieldDef(defs, v.FieldID)
			if !ok {
				vs = append(vs, Violation{Field: field, Key: ErrUnknownField.MessageKey()})
				continue
			}
			key = def.Key
			if value != "" {
				for _, bad := range validateValue(def, value, others) {
					vs = append(vs, Violation{Field: field, Key: bad})
				}
			}
		}
		fv := FieldValue{FieldID: v.FieldID, FieldKey: strings.TrimSpace(key), Value: value}
		if i := slices.IndexFunc(out, func(s FieldValue) bool { return s.FieldID == v.FieldID }); i >= 0 {
			out[i] = fv
		} else {
			out = append(out, fv)
		}
	}
	return out, vs
}

func fieldDef(defs []FieldDef, id int32) (FieldDef, bool) {
	for _, d := range defs {
		if d.ID == id {
			return d, true
		}
	}
	return FieldDef{}, false
}

// validateValue returns the message keys of the rules value breaks. A definition whose rules do not
// parse constrains nothing: the catalog's own tests keep the seeded rules valid.
func validateValue(def FieldDef, value string, others map[string]string) []string {
	rs, err := fields.Parse(def.Rules)
	if err != nil {
		return nil
	}
	var keys []string
	for _, v := range rs.Validate(value, others) {
		keys = append(keys, v.Key)
	}
	return keys
}

// missingFields returns the ids of required, not postponed fields without a value (the blocking
// modal of spec §5).
func missingFields(defs []FieldDef, values []FieldValue) []int32 {
	var ids []int32
	for _, d := range defs {
		if d.IsPostponed {
			continue
		}
		rs, err := fields.Parse(d.Rules)
		if err != nil || !rs.Required() {
			continue
		}
		i := slices.IndexFunc(values, func(v FieldValue) bool { return v.FieldID == d.ID })
		if i < 0 || fields.Trim(values[i].Value) == "" {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// fieldsError turns field violations of a single operation into its error.
func fieldsError(vs []Violation) error {
	if len(vs) == 0 {
		return nil
	}
	for _, v := range vs {
		if v.Key == ErrUnknownField.MessageKey() {
			return &ViolationsError{Base: ErrUnknownField, Violations: vs}
		}
	}
	return &ViolationsError{Base: ErrInvalidFields, Violations: vs}
}
