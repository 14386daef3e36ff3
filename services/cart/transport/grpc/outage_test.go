package grpctransport

import (
	"fmt"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// An outage of the transfer provider is answered as an outage of that outside system, named in
// the status, so the gateway's breaker for the cart does not count it (issue 21); the cart's own
// outages name none.
func TestTransferOutageNamesTheProvider(t *testing.T) {
	if got := apperr.DependencyDown(statusFrom(fmt.Errorf("transfer T-503: sandbox outage: %w", domain.ErrTransferUnavailable), "transfer_id")); got != domain.DependencyTransfer {
		t.Fatalf("transfer outage names %q, want %q", got, domain.DependencyTransfer)
	}
	if got := apperr.DependencyDown(statusFrom(fmt.Errorf("cart store: %w", domain.ErrUnavailable), "")); got != "" {
		t.Fatalf("the cart's own outage names %q", got)
	}
}
