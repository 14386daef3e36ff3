package fields

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/testvectors"
)

type valueVector struct {
	Name   string            `json:"name"`
	Rules  string            `json:"rules"`
	Value  string            `json:"value"`
	Others map[string]string `json:"others"`
	Valid  bool              `json:"valid"`
	Errors []string          `json:"errors"`
}

type rulesVector struct {
	Name  string `json:"name"`
	Rules string `json:"rules"`
	OK    bool   `json:"ok"`
}

// readVectors reads the shared vector file name, the contract with the TypeScript validator:
// every case must hold here.
func readVectors[T any](t *testing.T, name string) []T {
	t.Helper()
	return testvectors.Read[[]T](t, name)
}

func TestValueVectors(t *testing.T) {
	cases := readVectors[valueVector](t, "fields.json")
	if len(cases) < 120 {
		t.Fatalf("only %d vectors", len(cases))
	}
	seen := make(map[string]bool)
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			if seen[tc.Name] {
				t.Fatalf("duplicate vector name")
			}
			seen[tc.Name] = true
			if tc.Valid != (len(tc.Errors) == 0) {
				t.Fatalf("vector is inconsistent: valid=%v with errors %v", tc.Valid, tc.Errors)
			}
			rs, err := Parse(tc.Rules)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.Rules, err)
			}
			got := keys(rs.Validate(tc.Value, tc.Others))
			if !slices.Equal(got, tc.Errors) {
				t.Errorf("Validate(%q) with rules %q = %v, want %v", tc.Value, tc.Rules, got, tc.Errors)
			}
		})
	}
}

func TestRuleVectors(t *testing.T) {
	for _, tc := range readVectors[rulesVector](t, "field-rules.json") {
		t.Run(tc.Name, func(t *testing.T) {
			_, err := Parse(tc.Rules)
			if tc.OK && err != nil {
				t.Errorf("Parse(%q): %v", tc.Rules, err)
			}
			if !tc.OK {
				if err == nil {
					t.Errorf("Parse(%q) succeeded, want an error", tc.Rules)
				} else if !errors.Is(err, ErrUnknownRule) && !errors.Is(err, ErrInvalidRule) {
					t.Errorf("Parse(%q) error %v is neither ErrUnknownRule nor ErrInvalidRule", tc.Rules, err)
				}
			}
		})
	}
}

// Every message key in the vectors is a documented key, and every documented key is exercised.
func TestVectorsCoverMessageKeys(t *testing.T) {
	used := make(map[string]bool)
	for _, tc := range readVectors[valueVector](t, "fields.json") {
		for _, k := range tc.Errors {
			if !slices.Contains(MessageKeys, k) {
				t.Errorf("vector %q uses undocumented key %q", tc.Name, k)
			}
			used[k] = true
		}
	}
	for _, k := range MessageKeys {
		if !used[k] {
			t.Errorf("no vector produces %q", k)
		}
	}
}

func keys(vs []Violation) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.Key)
	}
	return out
}

type messageKeyVector struct {
	Key    string   `json:"key"`
	Params []string `json:"params"`
}

// message-keys.json is the list both validators and the translations agree on; the TypeScript
// twin compares its MESSAGE_KEYS with the same file instead of reading this package's source.
func TestMessageKeysAreTheVectors(t *testing.T) {
	vectors := readVectors[messageKeyVector](t, "message-keys.json")
	want := make([]string, 0, len(vectors))
	for _, v := range vectors {
		want = append(want, v.Key)
	}
	if !slices.Equal(MessageKeys, want) {
		t.Errorf("MessageKeys = %v,\nmessage-keys.json lists %v", MessageKeys, want)
	}
}

// A text interpolates the params a violation carries, so each violation carries exactly the params
// message-keys.json names for its key (ValidateFields adds field on top).
func TestViolationParamsAreTheVectors(t *testing.T) {
	params := make(map[string][]string)
	for _, v := range readVectors[messageKeyVector](t, "message-keys.json") {
		params[v.Key] = v.Params
	}
	seen := make(map[string]bool)
	for _, tc := range readVectors[valueVector](t, "fields.json") {
		rs, err := Parse(tc.Rules)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.Rules, err)
		}
		for _, v := range rs.Validate(tc.Value, tc.Others) {
			got := make([]string, 0, len(v.Params))
			for name := range v.Params {
				got = append(got, name)
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(params[v.Key]))
			if !slices.Equal(got, want) {
				t.Errorf("vector %q: %s has params %v, message-keys.json names %v", tc.Name, v.Key, got, want)
			}
			seen[v.Key] = true
		}
	}
	for key, names := range params {
		if len(names) > 0 && !seen[key] {
			t.Errorf("no vector produces %s, so its params %v are unchecked", key, names)
		}
	}
}

// familyVector is a case of libs/testvectors/families.json: a family widget's value checked by
// its input_component, with the form's other values and the day the signature is checked against
// (none: the date's format only).
type familyVector struct {
	Name      string            `json:"name"`
	Component string            `json:"component"`
	Value     string            `json:"value"`
	Others    map[string]string `json:"others"`
	Today     string            `json:"today"`
	Errors    []string          `json:"errors"`
}

func TestFamilyVectors(t *testing.T) {
	vectors := readVectors[familyVector](t, "families.json")
	if len(vectors) < 40 {
		t.Fatalf("%d family vectors, want at least 40", len(vectors))
	}
	for _, c := range vectors {
		var now time.Time
		if c.Today != "" {
			day, err := time.Parse(time.DateOnly, c.Today)
			if err != nil {
				t.Fatalf("%s: today %q: %v", c.Name, c.Today, err)
			}
			now = day.Add(12 * time.Hour) // midday: the day is the same in every reading of it
		}
		got := []string{}
		for _, v := range FamilyViolations(c.Component, c.Value, c.Others, now) {
			got = append(got, v.Key)
		}
		if !slices.Equal(got, c.Errors) {
			t.Errorf("%s: %v, want %v", c.Name, got, c.Errors)
		}
	}
}
