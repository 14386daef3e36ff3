package fields

import "fmt"

// Definition is an additional field as validation needs it: its key, the label messages name it
// by, and its parsed rules.
type Definition struct {
	Key   string
	Label string
	Rules RuleSet
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
func ValidateFields(defs []Definition, values map[string]string) map[string][]Violation {
	out := make(map[string][]Violation)
	for _, d := range defs {
		vs := d.Rules.Validate(values[d.Key], values)
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
