package fields

import "testing"

// FuzzParseValidate checks that no rule text or value makes Parse or Validate panic, and that a
// valid result never carries violations. Seeds live in testdata/fuzz/FuzzParseValidate.
func FuzzParseValidate(f *testing.F) {
	f.Add("required|string|max:100", "hello", "")
	f.Add("persons", `{"persons":[{"first_name":"A","last_name":""}]}`, "")
	f.Fuzz(func(t *testing.T, rules, value, other string) {
		rs, err := Parse(rules)
		if err != nil {
			return
		}
		vs := rs.Validate(value, map[string]string{"password": other, rules: other})
		for _, v := range vs {
			if v.Key == "" {
				t.Fatalf("violation without key for rules %q value %q", rules, value)
			}
		}
		if Trim(value) == "" && len(vs) > 0 && (!rs.Required() || len(vs) != 1 || vs[0].Key != KeyRequired) {
			t.Fatalf("empty value gave %v for rules %q", vs, rules)
		}
	})
}
