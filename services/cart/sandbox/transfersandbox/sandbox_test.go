package transfersandbox

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/services/cart/domain"
)

func TestSandbox(t *testing.T) {
	s := New()
	ctx := context.Background()
	got, err := s.Lookup(ctx, "T-42")
	if err != nil {
		t.Fatal(err)
	}
	if want := (domain.Transfer{ID: "T-42", ContractReference: "V-000042", Holder: Holder, CustomerNo: HolderCustomerNo}); got != want {
		t.Errorf("T-42 = %+v, want %+v", got, want)
	}
	again, _ := s.Lookup(ctx, "T-42")
	if again != got {
		t.Errorf("not deterministic: %+v then %+v", got, again)
	}
	if got, _ := s.Lookup(ctx, RetiredProductID); got.ExternalProductID != RetiredProduct {
		t.Errorf("T-410 = %+v, want the retired product", got)
	}
	if got, _ := s.Lookup(ctx, InvalidContractID); len(got.ContractReference) != 65 {
		t.Errorf("T-422 reference has %d characters, want 65", len(got.ContractReference))
	}
	for _, id := range []string{"T-0", "T-01", "T-1234567", "X-1", "t-1", "", "T-"} {
		if _, err := s.Lookup(ctx, id); !errors.Is(err, domain.ErrTransferNotFound) {
			t.Errorf("%q: err = %v, want not found", id, err)
		}
	}
	if _, err := s.Lookup(ctx, OutageID); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Errorf("T-503: err = %v, want an outage", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Lookup(cancelled, "T-1"); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Errorf("cancelled: err = %v, want an outage", err)
	}
}
