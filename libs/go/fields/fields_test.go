package fields

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func mustParse(t *testing.T, rules string) RuleSet {
	t.Helper()
	rs, err := Parse(rules)
	if err != nil {
		t.Fatalf("Parse(%q): %v", rules, err)
	}
	return rs
}

// The rule texts the catalogue and domain seeds use today must all parse.
func TestSeedRulesParse(t *testing.T) {
	for _, rules := range []string{
		"", "required", "persons", "required|fqdn", "required|secure_password", "required|boolean|in:true",
		"required|email|max:100", "required|string|max:100", "required|string|max:200", "required|string|max:64",
		"string|max:200", "string|min:9|max:9", "required|string|min:2|max:100", "required|string|min:2|max:2",
		"string|fqdn|max:253",
	} {
		mustParse(t, rules)
	}
}

func TestParseErrorsAreTyped(t *testing.T) {
	if _, err := Parse("required|nullable"); !errors.Is(err, ErrUnknownRule) || !strings.Contains(err.Error(), "nullable") {
		t.Errorf("unknown rule error = %v", err)
	}
	if _, err := Parse("max:x"); !errors.Is(err, ErrInvalidRule) {
		t.Errorf("bad argument error = %v", err)
	}
	if _, err := NewDefinition("root_password", "Password", "required|secur_password"); !errors.Is(err, ErrUnknownRule) ||
		!strings.Contains(err.Error(), "root_password") {
		t.Errorf("definition error = %v, want the field key and ErrUnknownRule", err)
	}
}

func TestViolationParams(t *testing.T) {
	tests := []struct {
		rules, value string
		others       map[string]string
		want         []Violation
	}{
		{"max:3", "abcd", nil, []Violation{{KeyMaxLength, map[string]string{"max": "3"}}}},
		{"min:3", "ab", nil, []Violation{{KeyMinLength, map[string]string{"min": "3"}}}},
		{"integer|min:1.5", "1", nil, []Violation{{KeyMinValue, map[string]string{"min": "1.5"}}}},
		{"numeric|max:2", "3", nil, []Violation{{KeyMaxValue, map[string]string{"max": "2"}}}},
		{"in:basic, premium", "x", nil, []Violation{{KeyIn, map[string]string{"values": "basic, premium"}}}},
		{"boolean|in:1", "0", nil, []Violation{{KeyAccepted, nil}}},
		{"same:password", "a", map[string]string{"password": "b"},
			[]Violation{{KeySamePassword, map[string]string{"other": "password"}}}},
		{"required", "", nil, []Violation{{KeyRequired, nil}}},
		{"email", "x", nil, []Violation{{KeyEmail, nil}}},
	}
	for _, tt := range tests {
		got := mustParse(t, tt.rules).Validate(tt.value, tt.others)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("rules %q value %q: got %+v, want %+v", tt.rules, tt.value, got, tt.want)
		}
	}
}

func TestPersonsMaxParam(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"persons":[`)
	for i := range 12 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"first_name":"A","last_name":"B"}`)
	}
	b.WriteString(`]}`)
	got := mustParse(t, "persons").Validate(b.String(), nil)
	want := []Violation{{KeyPersonsMax, map[string]string{"max": "11"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestValidateFields(t *testing.T) {
	def := func(key, label, rules string) Definition {
		d, err := NewDefinition(key, label, rules)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	defs := []Definition{
		def("root_password", "Root password", "required|secure_password"),
		def("root_password_confirm", "", "required|same:root_password"),
		def("server_hostname", "Host name", "required|fqdn"),
		def("wp_site_title", "Site title", "string|max:5"),
		def("note", "Note", ""),
	}
	values := map[string]string{
		"root_password":         "Secret1!",
		"root_password_confirm": "Secret2!",
		"wp_site_title":         "  Blog  ",
		"note":                  "anything",
		// server_hostname missing: counts as empty
	}
	got := ValidateFields(defs, values)
	want := map[string][]Violation{
		"root_password_confirm": {{KeySamePassword, map[string]string{"other": "root_password", "field": "root_password_confirm"}}},
		"server_hostname":       {{KeyRequired, map[string]string{"field": "Host name"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ValidateFields = %+v\nwant %+v", got, want)
	}

	values["root_password_confirm"] = " Secret1! "
	values["server_hostname"] = "server.example.com"
	if got := ValidateFields(defs, values); len(got) != 0 {
		t.Errorf("valid values gave %+v", got)
	}
}

func TestZeroRuleSetAcceptsEverything(t *testing.T) {
	var rs RuleSet
	if got := rs.Validate("", nil); got != nil {
		t.Errorf("zero RuleSet: %v", got)
	}
	if rs.Required() {
		t.Error("zero RuleSet is required")
	}
	if !mustParse(t, "string|required").Required() {
		t.Error("Required() false for a required rule set")
	}
}

// Trim follows JavaScript's String.prototype.trim, not Go's unicode.IsSpace.
func TestTrim(t *testing.T) {
	tests := map[string]string{
		" \t\n\v\f\r a \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff": "a",
		"\u0085a\u0085": "\u0085a\u0085",
		"\u200ba":       "\u200ba",
		"a b":           "a b",
	}
	for in, want := range tests {
		if got := Trim(in); got != want {
			t.Errorf("Trim(%q) = %q, want %q", in, got, want)
		}
	}
}
