package domain

import (
	"slices"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/fields"
)

// mergeFields stores values into a line's fields: a value replaces the stored one of the same field
// id, others stay. With defs known (known), every field id must be defined there and non-empty
// values must pass the field's rules and, for the business-address and power-of-attorney widgets,
// the structure checks of their input_component (libs/go/fields families.go), so a client that
// skips the validate endpoint cannot store a malformed value; empty values are allowed, a missing
// required value is a checkout blocker rather than a storage error. Violations are reported under
// path.<field id>.
func (e Env) mergeFields(stored []FieldValue, defs []FieldDef, known bool, values []FieldValue, path string) ([]FieldValue, []Violation) {
	out := slices.Clone(stored)
	var vs []Violation
	others := make(map[string]string, len(out)+len(values))
	byComponent := make(map[string]string, len(out)+len(values))
	for _, v := range append(slices.Clone(out), values...) {
		if def, ok := fieldDef(defs, v.FieldID); ok {
			others[def.Key] = fields.Trim(v.Value)
			if def.InputComponent != "" {
				byComponent[def.InputComponent] = fields.Trim(v.Value)
			}
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
				now := e.Now
				if e.unchanged(stored, v.FieldID, value) {
					// A value the cart already holds was dated when it was stored; days later
					// (a draft, a cart put back whole) its date is not news and stays acceptable.
					now = time.Time{}
				}
				for _, bad := range validateValue(def, value, others, byComponent, now) {
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

// unchanged reports whether value is what the line (stored) or, for a replacement, the cart before
// it (e.kept) holds for the field.
func (e Env) unchanged(stored []FieldValue, id int32, value string) bool {
	if slices.ContainsFunc(stored, func(s FieldValue) bool { return s.FieldID == id && fields.Trim(s.Value) == value }) {
		return true
	}
	return slices.Contains(e.kept[id], value)
}

func fieldDef(defs []FieldDef, id int32) (FieldDef, bool) {
	for _, d := range defs {
		if d.ID == id {
			return d, true
		}
	}
	return FieldDef{}, false
}

// validateValue returns the message keys of the rules and the family structure checks value
// breaks, each key once (persons rules and the tenants widget share theirs). A definition whose
// rules do not parse constrains nothing by its rules: the catalog's own tests keep the seeded
// rules valid. now dates a signature; zero checks the date's format only.
func validateValue(def FieldDef, value string, others, byComponent map[string]string, now time.Time) []string {
	var keys []string
	if rs, err := fields.Parse(def.Rules); err == nil {
		for _, v := range rs.Validate(value, others) {
			keys = append(keys, v.Key)
		}
	}
	for _, v := range fields.FamilyViolations(def.InputComponent, value, byComponent, now) {
		if !slices.Contains(keys, v.Key) {
			keys = append(keys, v.Key)
		}
	}
	return keys
}

// keptFieldValues collects the values the cart holds by field id, over every line.
func (c *Cart) keptFieldValues() map[int32][]string {
	out := map[int32][]string{}
	add := func(vs []FieldValue) {
		for _, v := range vs {
			out[v.FieldID] = append(out[v.FieldID], fields.Trim(v.Value))
		}
	}
	for _, it := range c.Items {
		add(it.Product.AdditionalFields)
		for _, l := range it.Addons {
			add(l.AdditionalFields)
		}
		for _, l := range it.Upsells {
			add(l.AdditionalFields)
		}
		for _, d := range it.Domains {
			add(d.AdditionalFields)
		}
	}
	return out
}

// missingFields returns the ids of required, not postponed fields without a value (the blocking
// modal of spec §5).
// SecretComponent is the input_component of fields whose values are secrets (a root or admin
// password): the order keeps them sealed.
const SecretComponent = "password"

// IsSecret reports whether the order keeps d's values sealed: the catalog marks it secret, or it is
// a password (a password field the catalog forgot to mark is still never stored in clear).
func (d FieldDef) IsSecret() bool { return d.Secret || d.InputComponent == SecretComponent }

// secretFields lists the definitions whose values are secrets.
func secretFields(defs []FieldDef) []int32 {
	var ids []int32
	for _, d := range defs {
		if d.IsSecret() {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

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
