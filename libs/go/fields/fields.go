// Package fields is the rule language of additional fields (spec §5): a definition's
// validation_rules text such as "required|string|max:100" is parsed once into a RuleSet, which then
// checks submitted values and reports violations as message keys the UI translates.
//
// The semantics are shared with the TypeScript implementation of the frontend; both are tested
// against libs/testvectors/fields.json, and libs/testvectors/README.md is their specification.
package fields

// Violation is one broken rule: a message key (see keys.go) and the values its text interpolates.
type Violation struct {
	Key    string            `json:"key"`
	Params map[string]string `json:"params,omitempty"`
}

func violation(key string, params ...string) Violation {
	v := Violation{Key: key}
	if len(params) > 0 {
		v.Params = make(map[string]string, len(params)/2)
		for i := 0; i+1 < len(params); i += 2 {
			v.Params[params[i]] = params[i+1]
		}
	}
	return v
}
