package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

// fakeTransfers answers from a map; ids absent from it are unknown, down fails every look-up.
type fakeTransfers struct {
	known map[string]domain.Transfer
	down  bool
	calls int
}

func (f *fakeTransfers) Lookup(_ context.Context, id string) (domain.Transfer, error) {
	f.calls++
	if f.down {
		return domain.Transfer{}, fmt.Errorf("dial: %w", domain.ErrTransferUnavailable)
	}
	t, ok := f.known[id]
	if !ok {
		return domain.Transfer{}, domain.ErrTransferNotFound
	}
	return t, nil
}

// transferProducts finds products of the fake catalog by type or by a fixed external id map.
type transferProducts struct {
	cat      *fakeCatalog
	external map[string]int32
}

func (f transferProducts) TransferProduct(_ context.Context, ext string) (domain.Product, bool, error) {
	if f.cat.down {
		return domain.Product{}, false, errCatalogDown
	}
	for _, p := range f.cat.products {
		if (ext == "" && p.Type == domain.TypeContractTransfer) || (ext != "" && f.external[ext] == p.ID) {
			return p, true, nil
		}
	}
	return domain.Product{}, false, nil
}

var transferProduct = domain.Product{
	ID: 95, Name: "Contract transfer", Type: domain.TypeContractTransfer, IsHidden: true, QtyMax: 1,
	Maturities: []domain.Maturity{{ID: 951, Months: 1, Intervals: []domain.Interval{{ID: 2, Months: 1, VATPercent: 19, IsDefault: true}}}},
	Fields:     []domain.FieldDef{{ID: 12, Key: domain.FieldTransferContract, Rules: "required|string|max:64"}},
}

func newTransferFixture() (*service, *fakeCatalog, *memStore, *fakeTransfers) {
	svc, cat, store := newFixture()
	cat.products[95] = transferProduct
	tr := &fakeTransfers{known: map[string]domain.Transfer{
		"T-1":       {ID: "T-1", ContractReference: "V-000001", Holder: "Erika Mustermann", CustomerNo: "100002"},
		"T-retired": {ID: "T-retired", ContractReference: "V-2", ExternalProductID: "GONE"},
		"T-hosting": {ID: "T-hosting", ContractReference: "V-3", ExternalProductID: "HOSTING"},
		"T-long":    {ID: "T-long", ContractReference: strings.Repeat("9", 65)},
	}}
	svc.Transfers = tr
	svc.TransferProducts = transferProducts{cat: cat, external: map[string]int32{"HOSTING": 10}}
	svc.CustomerNumbers = &fakeCustomerNumbers{signedIn: map[string]string{"holder": "100002", "s": "100002", "someone": "100001"}}
	return svc, cat, store, tr
}

// fakeCustomerNumbers answers the customer number a session is signed in as (none for the
// sessions it does not list); down fails every answer.
type fakeCustomerNumbers struct {
	signedIn map[string]string
	down     bool
}

func (f *fakeCustomerNumbers) SessionCustomerNo(ctx context.Context) (string, error) {
	if f.down {
		return "", fmt.Errorf("customer service: %w", domain.ErrUnavailable)
	}
	return f.signedIn[callctx.From(ctx).SessionID], nil
}

// The holder is a person's name behind a guessable id (issue 21): only a session signed in as the
// customer the transfer service names as the contract's holder is told it. A visitor's session
// that looks the id up first is not (the first look-up gave it the holder before), nor one signed
// in as another customer, however often they ask; they still get the transfer product. A customer
// service that cannot answer, or none, tells no one.
func TestStartContractTransferNamesTheHolderOnlyToItsCustomer(t *testing.T) {
	svc, _, store, _ := newTransferFixture()
	for _, sid := range []string{"first-visitor", "someone"} {
		for i := range 3 {
			res, err := svc.StartContractTransfer(call(sid), "T-1", false)
			if err != nil {
				t.Fatal(err)
			}
			if res.Transfer.Holder != "" || res.Transfer.CustomerNo != "" || res.Transfer.ContractReference != "V-000001" || res.RowID == "" {
				t.Fatalf("session %s, lookup %d: %+v; want the transfer without its holder", sid, i+1, res.Transfer)
			}
		}
		if c, _ := store.Get(call(sid), sid); len(c.Items) != 1 {
			t.Errorf("session %s's cart = %+v, want the transfer item", sid, c)
		}
	}
	for i := range 2 {
		res, err := svc.StartContractTransfer(call("holder"), "T-1", false)
		if err != nil || res.Transfer.Holder != "Erika Mustermann" || res.Transfer.CustomerNo != "" {
			t.Fatalf("the holder's session, lookup %d: %+v, %v; want the holder named (and no customer number)", i+1, res.Transfer, err)
		}
	}

	svc.CustomerNumbers = &fakeCustomerNumbers{down: true}
	if res, err := svc.StartContractTransfer(call("holder"), "T-1", false); err != nil || res.Transfer.Holder != "" {
		t.Errorf("customer service down: holder %q, %v; want the transfer without its holder", res.Transfer.Holder, err)
	}
	svc.CustomerNumbers = nil
	if res, err := svc.StartContractTransfer(call("holder"), "T-1", false); err != nil || res.Transfer.Holder != "" {
		t.Errorf("no customer service: holder %q, %v; want the transfer without its holder", res.Transfer.Holder, err)
	}
}

func TestStartContractTransferStoresTheProductOnce(t *testing.T) {
	svc, _, store, _ := newTransferFixture()
	ctx := call("s")
	if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false); err != nil {
		t.Fatal(err)
	}
	res, err := svc.StartContractTransfer(ctx, "T-1", false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Transfer.ContractReference != "V-000001" || res.Transfer.Holder != "Erika Mustermann" || res.RowID == "" {
		t.Errorf("result = %+v", res)
	}
	stored, _ := store.Get(ctx, "s")
	if len(stored.Items) != 2 || stored.Version != 2 {
		t.Fatalf("stored = %+v, want the hosting and the transfer item at version 2", stored)
	}
	it := stored.Items[1]
	if it.RowID != res.RowID || it.Product.ID != 95 || len(it.Product.AdditionalFields) != 1 ||
		it.Product.AdditionalFields[0] != (domain.FieldValue{FieldID: 12, FieldKey: domain.FieldTransferContract, Value: "V-000001"}) {
		t.Errorf("transfer item = %+v", it)
	}
	// Repeating it (a reload of the screen) finds the cart as it wants it: nothing is written.
	again, err := svc.StartContractTransfer(ctx, "T-1", false)
	if err != nil {
		t.Fatal(err)
	}
	if again.RowID != res.RowID || again.Cart.Version != 2 || len(again.Cart.Items) != 2 {
		t.Errorf("repeat = row %s, version %d, items %d; want the same row and no write", again.RowID, again.Cart.Version, len(again.Cart.Items))
	}
}

func TestStartContractTransferRefusalsLeaveTheCart(t *testing.T) {
	cases := []struct {
		name   string
		id     string
		setup  func(*fakeCatalog, *fakeTransfers)
		want   error
		field  string
		lookup bool
	}{
		{name: "unknown transfer", id: "T-9", want: domain.ErrTransferNotFound, lookup: true},
		{name: "malformed id is not sent", id: "../admin", want: domain.ErrTransferNotFound},
		{name: "transfer service down", id: "T-1", setup: func(_ *fakeCatalog, tr *fakeTransfers) { tr.down = true }, want: domain.ErrTransferUnavailable, lookup: true},
		{name: "product the brand does not sell", id: "T-retired", want: domain.ErrTransferProductUnavailable, lookup: true},
		{name: "product without the field", id: "T-hosting", want: domain.ErrTransferProductUnavailable, lookup: true},
		{name: "transfer product switched off", id: "T-1", setup: func(c *fakeCatalog, _ *fakeTransfers) { delete(c.products, 95) }, want: domain.ErrTransferProductUnavailable, lookup: true},
		{name: "reference the field refuses", id: "T-long", want: domain.ErrTransferProductUnavailable, field: "validation.max_length", lookup: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			svc, cat, store, tr := newTransferFixture()
			ctx := call("s")
			if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false); err != nil {
				t.Fatal(err)
			}
			before, _ := store.Get(ctx, "s")
			if tc.setup != nil {
				tc.setup(cat, tr)
			}
			_, err := svc.StartContractTransfer(ctx, tc.id, false)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			var ve *domain.ViolationsError
			if tc.field != "" && (!errors.As(err, &ve) || ve.Violations[0].Key != tc.field) {
				t.Errorf("err = %v, want first violation %s", err, tc.field)
			}
			if (tr.calls > 0) != tc.lookup {
				t.Errorf("transfer service asked %d times, want asked: %v", tr.calls, tc.lookup)
			}
			after, _ := store.Get(ctx, "s")
			if after.Version != before.Version || len(after.Items) != len(before.Items) {
				t.Errorf("cart changed: version %d → %d, items %d → %d", before.Version, after.Version, len(before.Items), len(after.Items))
			}
		})
	}
}

func TestStartContractTransferNeedsSessionAndService(t *testing.T) {
	svc, _, _, _ := newTransferFixture()
	if _, err := svc.StartContractTransfer(context.Background(), "T-1", false); !errors.Is(err, domain.ErrSessionRequired) {
		t.Errorf("no session: %v", err)
	}
	svc.Transfers = nil
	if _, err := svc.StartContractTransfer(call("s"), "T-1", false); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Errorf("no transfer service: %v", err)
	}
}
