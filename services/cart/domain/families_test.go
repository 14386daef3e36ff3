package domain

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// Business-address and power-of-attorney products as the seed defines them (input_component on
// each field); the cart checks their values' structure when it stores them, not only the
// catalog's validate endpoint.
const (
	poBoxOK       = `{"enabled":true,"number":"4711","zip":"10117","city":"Berlin"}`
	poBoxBad      = `{"enabled":true,"number":"4711","zip":"","city":"Berlin"}`
	signatureOK   = `{"style":"montez-regular","place":"Berlin","date":"25.11.2026"}`
	signatureBad  = `{"style":"comic-sans","place":"Berlin","date":"25.11.2026"}`
	signatureOld  = `{"style":"montez-regular","place":"Berlin","date":"18.11.2026"}`
	keyPOBoxZip   = "families.errors.po_box_zip_required"
	keySigStyle   = "families.errors.signature_style"
	keySigDate    = "families.errors.signature_date"
	keyFormAbsent = "families.errors.basic_info_form_missing"
)

var familyNow = time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)

func familyEnv() Env {
	env := testEnv()
	env.Now = familyNow
	env.Catalog[1061] = Product{ID: 1061, Name: "Business address", Type: "business_address", QtyMax: 1,
		Maturities: []Maturity{mat(106101, 12, 1990, iv1, iv12)},
		Fields: []FieldDef{
			{ID: 15, Key: "nsa_po_box", InputComponent: "nsa_po_box"},
			{ID: 16, Key: "nsa_street", Rules: "required", InputComponent: "nsa_street"},
		}}
	env.Catalog[1241] = Product{ID: 1241, Name: "Power of attorney", Type: "power_of_attorney", QtyMax: 1,
		Maturities: []Maturity{mat(124101, 12, 990, iv1, iv12)},
		Fields: []FieldDef{
			{ID: 19, Key: "ppoa_authorization", Rules: "required", InputComponent: "ppoa_authorization"},
			{ID: 20, Key: "ppoa_basic_info", Rules: "required", InputComponent: "ppoa_basic_info"},
			{ID: 21, Key: "ppoa_signature", Rules: "required", InputComponent: "ppoa_signature"},
		}}
	return env
}

// wantViolations checks that err refuses the fields with exactly the keys by field path.
func wantViolations(t *testing.T, err error, base error, want map[string][]string) {
	t.Helper()
	var ve *ViolationsError
	if !errors.As(err, &ve) || !errors.Is(err, base) {
		t.Fatalf("err = %v, want %v with violations", err, base)
	}
	got := map[string][]string{}
	for _, v := range ve.Violations {
		got[v.Field] = append(got[v.Field], v.Key)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("violations = %v, want %v", got, want)
	}
}

func TestAddProductChecksFamilyValues(t *testing.T) {
	tests := []struct {
		name    string
		product int32
		values  []FieldValue
		want    map[string][]string
	}{
		{"PO box ticked without zip", 1061, []FieldValue{{FieldID: 15, Value: poBoxBad}},
			map[string][]string{"additional_fields.15": {keyPOBoxZip}}},
		{"PO box not JSON", 1061, []FieldValue{{FieldID: 15, Value: "Postfach 4711"}},
			map[string][]string{"additional_fields.15": {"families.errors.po_box_invalid"}}},
		{"street without number", 1061, []FieldValue{{FieldID: 16, Value: `{"street":"Hauptstraße"}`}},
			map[string][]string{"additional_fields.16": {"families.errors.street_number_required"}}},
		{"signature in an unknown style", 1241, []FieldValue{{FieldID: 21, Value: signatureBad}},
			map[string][]string{"additional_fields.21": {keySigStyle}}},
		{"signature dated last week", 1241, []FieldValue{{FieldID: 21, Value: signatureOld}},
			map[string][]string{"additional_fields.21": {keySigDate}}},
		{"business authorisation without its form", 1241, []FieldValue{
			{FieldID: 19, Value: `{"private":true,"business":true}`},
			{FieldID: 20, Value: `{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}`},
		}, map[string][]string{"additional_fields.20": {keyFormAbsent}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := familyEnv()
			var c Cart
			_, _, err := c.AddProduct(env, AddProduct{ProductID: tt.product, Fields: tt.values})
			wantViolations(t, err, ErrInvalidFields, tt.want)
			if len(c.Items) != 0 {
				t.Errorf("a refused add stored %+v", c.Items)
			}
		})
	}
}

func TestAddProductStoresWellFormedFamilyValues(t *testing.T) {
	env := familyEnv()
	var c Cart
	if _, _, err := c.AddProduct(env, AddProduct{ProductID: 1061, Fields: []FieldValue{
		{FieldID: 15, Value: " " + poBoxOK + " "}, {FieldID: 16, Value: `{"street":"Friedrichstraße","number":"12a"}`},
	}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.AddProduct(env, AddProduct{ProductID: 1241, Fields: []FieldValue{
		{FieldID: 19, Value: `{"private":true,"business":false}`},
		{FieldID: 20, Value: `{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}`},
		{FieldID: 21, Value: signatureOK},
	}}); err != nil {
		t.Fatal(err)
	}
	if got := c.Items[0].Product.AdditionalFields[0]; got != (FieldValue{FieldID: 15, FieldKey: "nsa_po_box", Value: poBoxOK}) {
		t.Errorf("PO box stored as %+v", got)
	}
	if got := c.Items[1].Product.AdditionalFields[2]; got != (FieldValue{FieldID: 21, FieldKey: "ppoa_signature", Value: signatureOK}) {
		t.Errorf("signature stored as %+v", got)
	}
}

func TestSetFieldsChecksFamilyValues(t *testing.T) {
	env := familyEnv()
	var c Cart
	ba := mustAdd(t, &c, env, 1061)
	poa := mustAdd(t, &c, env, 1241)
	before := c.Clone()

	err := c.SetFields(env, LineRef{RowID: ba, Kind: LineProduct}, []FieldValue{{FieldID: 15, Value: poBoxBad}})
	wantViolations(t, err, ErrInvalidFields, map[string][]string{"additional_fields.15": {keyPOBoxZip}})
	err = c.SetFields(env, LineRef{RowID: poa, Kind: LineProduct}, []FieldValue{{FieldID: 21, Value: signatureBad}})
	wantViolations(t, err, ErrInvalidFields, map[string][]string{"additional_fields.21": {keySigStyle}})
	if !reflect.DeepEqual(c, before) {
		t.Errorf("refused SetFields changed the cart:\n%+v\nwas\n%+v", c, before)
	}

	// The stored authorisation asks for the business form the new basic info lacks.
	if err := c.SetFields(env, LineRef{RowID: poa, Kind: LineProduct}, []FieldValue{{FieldID: 19, Value: `{"private":false,"business":true}`}}); err != nil {
		t.Fatal(err)
	}
	err = c.SetFields(env, LineRef{RowID: poa, Kind: LineProduct}, []FieldValue{{FieldID: 20, Value: `{"private":{"salutation":"mr","first_name":"A","last_name":"B"}}`}})
	wantViolations(t, err, ErrInvalidFields, map[string][]string{"additional_fields.20": {keyFormAbsent}})

	if err := c.SetFields(env, LineRef{RowID: ba, Kind: LineProduct}, []FieldValue{{FieldID: 15, Value: poBoxOK}}); err != nil {
		t.Fatal(err)
	}
	if err := c.SetFields(env, LineRef{RowID: poa, Kind: LineProduct}, []FieldValue{{FieldID: 21, Value: signatureOK}}); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.Items[0].Product.AdditionalFields, c.Items[1].Product.AdditionalFields); got !=
		fmt.Sprint([]FieldValue{{15, "nsa_po_box", poBoxOK}}, []FieldValue{{19, "ppoa_authorization", `{"private":false,"business":true}`}, {21, "ppoa_signature", signatureOK}}) {
		t.Errorf("stored %s", got)
	}
}

func TestReplaceChecksFamilyValues(t *testing.T) {
	env := familyEnv()
	var c Cart
	mustAdd(t, &c, env, 1061)
	mustAdd(t, &c, env, 1241)
	before := c.Clone()

	in := c.Clone()
	in.Items[0].Product.AdditionalFields = []FieldValue{{FieldID: 15, Value: poBoxBad}}
	in.Items[1].Product.AdditionalFields = []FieldValue{{FieldID: 21, Value: signatureBad}}
	wantViolations(t, c.Replace(env, in), ErrInvalidCart, map[string][]string{
		"items[0].product.additional_fields.15": {keyPOBoxZip},
		"items[1].product.additional_fields.21": {keySigStyle},
	})
	if !reflect.DeepEqual(c, before) {
		t.Errorf("refused Replace changed the cart")
	}

	in = c.Clone()
	in.Items[0].Product.AdditionalFields = []FieldValue{{FieldID: 15, Value: poBoxOK}}
	in.Items[1].Product.AdditionalFields = []FieldValue{{FieldID: 21, Value: signatureOK}}
	if err := c.Replace(env, in); err != nil {
		t.Fatal(err)
	}
	if got := c.Items[1].Product.AdditionalFields; len(got) != 1 || got[0].Value != signatureOK {
		t.Errorf("signature stored as %+v", got)
	}

	// A week later the cart is put back whole (a draft, the cart page): the signature it holds
	// was dated when it was stored and stays; a new one must be dated today.
	env.Now = familyNow.AddDate(0, 0, 7)
	if err := c.Replace(env, c.Clone()); err != nil {
		t.Fatalf("replacing with the stored signature a week later: %v", err)
	}
	in = c.Clone()
	in.Items[1].Product.AdditionalFields = []FieldValue{{FieldID: 21, Value: signatureOld}}
	wantViolations(t, c.Replace(env, in), ErrInvalidCart, map[string][]string{
		"items[1].product.additional_fields.21": {keySigDate},
	})
}
