package domain

import (
	"errors"
	"fmt"
	"testing"
)

func TestValidateFieldValues(t *testing.T) {
	defs := FieldDefinitions([]Product{
		{ID: 1, AdditionalFields: []AdditionalField{
			{ID: 1, Key: "ssl_domain", ValidationRules: "required|fqdn"},
			{ID: 8, Key: "wp_site_title", ValidationRules: "required|string|max:10"},
		}},
		{ID: 2, AdditionalFields: []AdditionalField{
			{ID: 2, Key: "company_duns", ValidationRules: "string|min:9|max:9"},
			{ID: 3, Key: "password", ValidationRules: "required"},
			{ID: 4, Key: "password_confirm", ValidationRules: "required|same:password"},
			{ID: 8, Key: "wp_site_title", ValidationRules: "required|string|max:10"},
		}},
	})
	tests := []struct {
		name   string
		values []FieldValue
		want   string
	}{
		{"all valid", []FieldValue{{1, "shop.example.de"}, {8, "My blog"}, {2, ""}}, "[]"},
		{"required and empty", []FieldValue{{1, "  "}, {8, ""}}, "[{1 [validation.required]} {8 [validation.required]}]"},
		{"rule broken", []FieldValue{{1, "not a domain"}, {8, "far too long a title"}}, "[{1 [validation.fqdn]} {8 [validation.max_length]}]"},
		{"optional field checked only when filled", []FieldValue{{2, "12345"}}, "[{2 [validation.min_length]}]"},
		{"unknown id", []FieldValue{{99, "x"}, {1, "a.de"}}, "[{99 [validation.unknown_field]}]"},
		{"same: compares with the other submitted value", []FieldValue{{3, "Secret-1"}, {4, "Secret-2"}}, "[{4 [validation.same_password]}]"},
		{"same: holds", []FieldValue{{3, "Secret-1"}, {4, "Secret-1"}}, "[]"},
		{"a repeated field is judged by its last value, once", []FieldValue{{1, "a.de"}, {8, "x"}, {1, "nope"}}, "[{1 [validation.fqdn]}]"},
		{"nothing submitted", nil, "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ValidateFieldValues(defs, tt.values)
			if err != nil {
				t.Fatal(err)
			}
			if s := fmt.Sprint(got); s != tt.want {
				t.Errorf("got %v, want %s", got, tt.want)
			}
		})
	}
}

func TestValidateFieldValuesLimitsAndBadData(t *testing.T) {
	defs := map[int32]AdditionalField{1: {ID: 1, Key: "a", ValidationRules: "required|nonsense_rule:"}}
	if _, err := ValidateFieldValues(defs, []FieldValue{{1, "x"}}); err == nil || MessageKey(err) != "" {
		t.Errorf("unparseable rules: err = %v, want an internal error without a client key", err)
	}
	many := make([]FieldValue, MaxFieldValues+1)
	if _, err := ValidateFieldValues(nil, many); !errors.Is(err, ErrTooManyFieldValues) || !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("too many values: %v", err)
	}
	if _, err := ValidateFieldValues(nil, many[:MaxFieldValues]); err != nil {
		t.Errorf("at the limit: %v", err)
	}
}
