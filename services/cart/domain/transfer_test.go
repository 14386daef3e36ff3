package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// transferEnv is the test environment with a transfer product shaped like the seed's (hidden,
// qty_max 1, one-month maturity, the transfer_contract field with the seed's rules).
func transferEnv() Env {
	env := testEnv()
	env.Catalog[1095] = Product{
		ID: 1095, Name: "Contract transfer", Type: TypeContractTransfer, IsHidden: true, QtyMax: 1,
		Maturities: []Maturity{mat(109501, 1, 0, iv1)},
		Fields:     []FieldDef{{ID: 12, Key: FieldTransferContract, Rules: "required|string|max:64"}},
	}
	return env
}

func TestStartContractTransferAddsTheProductWithItsReference(t *testing.T) {
	env := transferEnv()
	var c Cart
	mustAdd(t, &c, env, 1001)
	row, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-7", ContractReference: "  HW-0007  "})
	if err != nil {
		t.Fatalf("start transfer: %v", err)
	}
	if len(c.Items) != 2 {
		t.Fatalf("items = %d, want the hosting and the transfer product", len(c.Items))
	}
	it, err := c.item(row)
	if err != nil {
		t.Fatal(err)
	}
	if it.Product.ID != 1095 || it.Product.MaturityID != 109501 {
		t.Errorf("item product = %+v, want 1095 with its default maturity", it.Product.Line)
	}
	want := []FieldValue{{FieldID: 12, FieldKey: FieldTransferContract, Value: "HW-0007"}}
	if len(it.Product.AdditionalFields) != 1 || it.Product.AdditionalFields[0] != want[0] {
		t.Errorf("fields = %+v, want %+v (trimmed)", it.Product.AdditionalFields, want)
	}
	if it.Product.Informations[InfoTransferID] != "T-7" {
		t.Errorf("informations = %v, want transfer_id T-7", it.Product.Informations)
	}
}

func TestStartContractTransferIsIdempotentAndUpdatesTheReference(t *testing.T) {
	env := transferEnv()
	var c Cart
	first, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-7", ContractReference: "HW-0007"})
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-7", ContractReference: "HW-0007"})
	if err != nil {
		t.Fatalf("repeat: %v (qty_max 1 must not refuse the item that is already there)", err)
	}
	if again != first || len(c.Items) != 1 {
		t.Fatalf("repeat made row %s, items %d; want the same row %s and one item", again, len(c.Items), first)
	}
	if _, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-8", ContractReference: "HW-0008"}); err != nil {
		t.Fatal(err)
	}
	it := c.Items[0]
	if len(c.Items) != 1 || it.Product.AdditionalFields[0].Value != "HW-0008" || it.Product.Informations[InfoTransferID] != "T-8" {
		t.Errorf("another transfer: items %d, item %+v; want the one item carrying T-8's reference", len(c.Items), it.Product)
	}
}

func TestStartContractTransferRefusals(t *testing.T) {
	noField := transferEnv()
	p := noField.Catalog[1095]
	p.Fields = nil
	noField.Catalog[1095] = p
	cases := []struct {
		name      string
		env       Env
		product   int32
		reference string
		wantField string
	}{
		{"product not in the catalog", transferEnv(), 4711, "HW-1", ""},
		{"an addon cannot be ordered alone", transferEnv(), 1201, "HW-1", ""},
		{"product without the field", noField, 1095, "HW-1", ""},
		{"empty reference", transferEnv(), 1095, "   ", "validation.required"},
		{"reference over 64 characters", transferEnv(), 1095, strings.Repeat("x", 65), "validation.max_length"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c Cart
			mustAdd(t, &c, tc.env, 1001)
			before := len(c.Items)
			_, _, err := c.StartContractTransfer(tc.env, tc.product, Transfer{ID: "T-1", ContractReference: tc.reference})
			if !errors.Is(err, ErrTransferProductUnavailable) {
				t.Fatalf("err = %v, want %v", err, ErrTransferProductUnavailable)
			}
			var ve *ViolationsError
			if tc.wantField == "" {
				if errors.As(err, &ve) {
					t.Errorf("unexpected violations %v", ve.Violations)
				}
			} else if !errors.As(err, &ve) || ve.Violations[0] != (Violation{Field: FieldTransferContract, Key: tc.wantField}) {
				t.Errorf("err = %v, want first violation %s at %s", err, tc.wantField, FieldTransferContract)
			}
			var pc apperr.ParamCarrier
			if tc.wantField == "validation.max_length" && (!errors.As(err, &pc) || pc.Params()["max"] != "64") {
				t.Errorf("err = %v, want the first violation's params (max 64) for its message", err)
			}
			if len(c.Items) != before {
				t.Errorf("items = %d, want %d: a refusal adds nothing", len(c.Items), before)
			}
		})
	}
}

func TestStartContractTransferKeepsPreconfiguredItemsLocked(t *testing.T) {
	env := transferEnv()
	c := Cart{Items: []Item{{RowID: rowID(50), IsPreconfigured: true, Product: ProductLine{Line: Line{ID: 1095, MaturityID: 109501, IntervalID: iv1.ID}}}}}
	if _, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-1", ContractReference: "HW-1"}); !errors.Is(err, ErrPreconfiguredLocked) {
		t.Fatalf("err = %v, want %v", err, ErrPreconfiguredLocked)
	}
	env.SalesAgent = true
	if _, _, err := c.StartContractTransfer(env, 1095, Transfer{ID: "T-1", ContractReference: "HW-1"}); err != nil {
		t.Fatalf("sales agent: %v", err)
	}
}

func TestValidTransferID(t *testing.T) {
	for id, want := range map[string]bool{
		"T-1": true, "abc_DEF-9": true, strings.Repeat("a", 64): true,
		"": false, "-T1": false, "T/1": false, "T 1": false, "../x": false, strings.Repeat("a", 65): false, "T-ü": false,
	} {
		if got := ValidTransferID(id); got != want {
			t.Errorf("ValidTransferID(%q) = %v, want %v", id, got, want)
		}
	}
}
