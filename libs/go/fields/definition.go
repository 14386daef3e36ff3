package fields

import (
	"fmt"
	"slices"
	"time"
)

// Definition is an additional field as validation needs it: its key, the label messages name it
// by, its parsed rules, and its input_component, which selects the structure checks of the
// family widgets (families.go); empty for plain inputs.
type Definition struct {
	Key            string
	Label          string
	Rules          RuleSet
	InputComponent string
}

// NewDefinition parses a field's validation_rules text.
func NewDefinition(key, label, rules string) (Definition, error) {
	rs, err := Parse(rules)
	if err != nil {
		return Definition{}, fmt.Errorf("field %q: %w", key, err)
	}
	return Definition{Key: key, Label: label, Rules: rs}, nil
}

// ValidateFields checks every definition's value in values (a missing value counts as empty) and
// returns the violations by field key, only for fields that have any. values also serves as the
// other fields for same:. Each violation gets the param field: the label, or the key without one.
// A family widget's value is checked for its structure too, a signature's date for its format
// only (ValidateFieldsAt checks its distance from now).
func ValidateFields(defs []Definition, values map[string]string) map[string][]Violation {
	return ValidateFieldsAt(defs, values, time.Time{})
}

// ValidateFieldsAt is ValidateFields with now as the day a signature is dated.
func ValidateFieldsAt(defs []Definition, values map[string]string, now time.Time) map[string][]Violation {
	out := make(map[string][]Violation)
	byComponent := make(map[string]string)
	for _, d := range defs {
		if d.InputComponent != "" {
			byComponent[d.InputComponent] = values[d.Key]
		}
	}
	for _, d := range defs {
		vs := d.Rules.Validate(values[d.Key], values)
		for _, fv := range FamilyViolations(d.InputComponent, values[d.Key], byComponent, now) {
			// persons rules and the tenants widget report the same keys: once is enough.
			if !slices.ContainsFunc(vs, func(v Violation) bool { return v.Key == fv.Key }) {
				vs = append(vs, fv)
			}
		}
		if len(vs) == 0 {
			continue
		}
		field := d.Label
		if field == "" {
			field = d.Key
		}
		for i := range vs {
			if vs[i].Params == nil {
				vs[i].Params = make(map[string]string, 1)
			}
			vs[i].Params["field"] = field
		}
		out[d.Key] = vs
	}
	return out
}
