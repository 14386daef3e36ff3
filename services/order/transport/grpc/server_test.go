package grpctransport_test

import (
	"testing"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
	grpctransport "github.com/hostcart/checkout/services/order/transport/grpc"
)

// The success page names a SEPA order's mandate reference (issue 23), so the contract's order
// carries the mandate and its creditor; other payment types carry none.
func TestOrderCarriesTheSEPAMandate(t *testing.T) {
	created := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	sepa := domain.Order{ID: "01JORDER", Code: "HC-1", Status: "placed", CreatedAt: created,
		Payment: domain.Payment{Type: domain.PaymentSEPA, MandateReference: "HC261127ABCDEFGHJKMN",
			CreditorID: "DE98ZZZ09999999999", CreditorName: "Hostwerk GmbH"}}
	got := grpctransport.Order(sepa)
	if got.GetSepaMandateReference() != "HC261127ABCDEFGHJKMN" || got.GetSepaCreditorId() != "DE98ZZZ09999999999" ||
		got.GetSepaCreditorName() != "Hostwerk GmbH" || got.GetPaymentType() != "sepa" {
		t.Fatalf("SEPA order answered %v", got)
	}
	card := grpctransport.Order(domain.Order{ID: "01JCARD", CreatedAt: created, Payment: domain.Payment{Type: "creditcard"}})
	if card.GetSepaMandateReference() != "" || card.GetSepaCreditorId() != "" || card.GetSepaCreditorName() != "" {
		t.Fatalf("card order answered a mandate: %v", card)
	}
}
