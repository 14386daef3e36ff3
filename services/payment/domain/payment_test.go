package domain

import (
	"reflect"
	"strings"
	"testing"
)

var sepa = PaymentType{Slug: SlugSEPA, SMSValidationRequired: true}

func valid() Option {
	return Option{Type: SlugSEPA, Holder: "Erika Mustermann", IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX", Permission: true}
}

func TestNormalize(t *testing.T) {
	in := Option{Type: "sepa", Holder: "  Erika Mustermann ", IBAN: " de89 3704 0044 0532 0130 00 ", BIC: " cobadeffxxx",
		Bank: " Commerzbank ", Permission: true, SMSValidation: false, PSPReference: "forged", PayPalReference: "forged"}
	got := Normalize(in, sepa, Brand{ShowBankField: true})
	want := Option{Type: "sepa", Holder: "Erika Mustermann", IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX",
		Bank: "Commerzbank", Permission: true, SMSValidation: true}
	if got != want {
		t.Fatalf("Normalize = %+v, want %+v", got, want)
	}
	if got := Normalize(in, sepa, Brand{}); got.Bank != "" {
		t.Fatalf("bank kept although the brand shows no bank field: %+v", got)
	}
	// Another type keeps none of SEPA's fields.
	if got := Normalize(in, PaymentType{Slug: SlugPayPal}, Brand{}); got != (Option{Type: SlugPayPal}) {
		t.Fatalf("paypal option = %+v", got)
	}
}

func TestValidateSEPA(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Option)
		brand Brand
		want  Errors
	}{
		{"valid", func(*Option) {}, Brand{}, Errors{}},
		{"everything missing", func(o *Option) { *o = Option{Type: SlugSEPA} }, Brand{ShowBankField: true}, Errors{
			"holder": {KeyHolderRequired}, "iban": {KeyIBANRequired}, "bic": {KeyBICRequired}, "bank": {KeyBankRequired}, "permission": {KeyPermissionRequired}}},
		{"holder too short", func(o *Option) { o.Holder = "Al" }, Brand{}, Errors{"holder": {KeyTooShort}}},
		{"iban too short", func(o *Option) { o.IBAN = "DE" }, Brand{}, Errors{"iban": {KeyTooShort}}},
		{"iban wrong check digits", func(o *Option) { o.IBAN = "DE88370400440532013000" }, Brand{}, Errors{"iban": {KeyIBANInvalid}}},
		{"iban wrong length for its country", func(o *Option) { o.IBAN = "DE8937040044053201300" }, Brand{}, Errors{"iban": {KeyIBANInvalid}}},
		{"iban not the pattern", func(o *Option) { o.IBAN = "1234567890" }, Brand{}, Errors{"iban": {KeyIBANInvalid}}},
		{"iban of another country", func(o *Option) { o.IBAN = "AT611904300234573201" }, Brand{}, Errors{}},
		{"bic too short", func(o *Option) { o.BIC = "COBADE" }, Brand{}, Errors{"bic": {KeyTooShort}}},
		{"bic too long", func(o *Option) { o.BIC = "COBADEFFXXXX" }, Brand{}, Errors{"bic": {KeyTooLong}}},
		{"bic digit in the country", func(o *Option) { o.BIC = "COBAD1FF" }, Brand{}, Errors{"bic": {KeyBICInvalid}}},
		{"bic of 8", func(o *Option) { o.BIC = "DEUTDEFF" }, Brand{}, Errors{}},
		{"bank too long", func(o *Option) { o.Bank = strings.Repeat("b", 256) }, Brand{ShowBankField: true}, Errors{"bank": {KeyTooLong}}},
		{"no authorization", func(o *Option) { o.Permission = false }, Brand{}, Errors{"permission": {KeyPermissionRequired}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := valid()
			if tt.brand.ShowBankField {
				o.Bank = "Commerzbank"
			}
			tt.edit(&o)
			if got := Validate(o, tt.brand); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Validate = %v, want %v", got, tt.want)
			}
		})
	}
	if got := Validate(Option{Type: SlugPayPal}, Brand{}); len(got) != 0 {
		t.Fatalf("paypal has no fields to refuse: %v", got)
	}
}

func TestMaskIBAN(t *testing.T) {
	if got := MaskIBAN("DE89370400440532013000"); got != "DE89"+strings.Repeat("•", 14)+"3000" {
		t.Fatalf("MaskIBAN = %q", got)
	}
	if got := MaskIBAN("DE89"); strings.Contains(got, "DE") {
		t.Fatalf("short IBAN shown: %q", got)
	}
}

func TestTypeName(t *testing.T) {
	pt := PaymentType{Slug: "sepa", Names: map[string]string{"de-DE": "Lastschrift", "en-GB": "Direct debit"}}
	if pt.Name("en-GB") != "Direct debit" || pt.Name("fr-FR", "de-DE") != "Lastschrift" || (PaymentType{Slug: "x"}).Name("de-DE") != "x" {
		t.Fatal("names")
	}
}
