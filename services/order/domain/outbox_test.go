package domain

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The event names whom to confirm the order to and whom to bill: customer number and billing
// address included, phone and payment details not.
func TestFinalizedOutboxNamesTheRecipientOnly(t *testing.T) {
	o := Order{ID: "01J", Code: "261123-ABCDEFGH", BrandID: 2, Locale: "en-GB", Status: StatusPlaced,
		Customer: Customer{CustomerNo: "100001", FirstName: "Erika", LastName: "Muster", CompanyName: "Muster GmbH", Email: "erika@example.org",
			Street: "Musterweg 1", PostalCode: "10115", City: "Berlin", CountryCode: "DE", Phone: "+49 30 1234567"},
		Payment: Payment{Type: "sepa", MaskedIBAN: "DE89 •••• 3000"}, Totals: Totals{GrossCents: 1190, Currency: Currency},
		CreatedAt: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)}
	ev, err := o.FinalizedOutbox("e1")
	if err != nil {
		t.Fatal(err)
	}
	if ev.MsgID != "order.finalized:01J" || ev.Subject != EventFinalized {
		t.Fatalf("event %+v", ev)
	}
	var got FinalizedEvent
	if err := json.Unmarshal(ev.Payload, &got); err != nil {
		t.Fatal(err)
	}
	// The group (0: a business) words the contract terms the confirmation repeats.
	want := EventRecipient{CustomerNo: "100001", Email: "erika@example.org", FirstName: "Erika", LastName: "Muster", CompanyName: "Muster GmbH"}
	group, address := got.Customer.Group, got.Customer.BillingAddress
	got.Customer.Group, got.Customer.BillingAddress = nil, nil
	if got.Locale != "en-GB" || got.Customer != want || group == nil || *group != 0 || got.OrderCode != o.Code || got.Totals.GrossCents != 1190 {
		t.Fatalf("payload %s", ev.Payload)
	}
	if address == nil || *address != (EventAddress{Street: "Musterweg 1", PostalCode: "10115", City: "Berlin", CountryCode: "DE"}) {
		t.Fatalf("billing address %+v in %s", address, ev.Payload)
	}
	for _, private := range []string{"+49", "DE89", "phone", "iban"} {
		if strings.Contains(string(ev.Payload), private) {
			t.Errorf("payload carries %q: %s", private, ev.Payload)
		}
	}
}

// A consumer's request for an early start travels with the event, so the confirmation states it
// and provisioning knows whether to wait for the withdrawal period's end.
func TestFinalizedCarriesTheEarlyStartRequest(t *testing.T) {
	for _, want := range []bool{true, false} {
		o := Order{ID: "01J", Customer: Customer{Group: 1}, Feedback: Feedback{EarlyStart: want}}
		if got := o.Finalized().EarlyStart; got != want {
			t.Errorf("feedback early start %v: event says %v", want, got)
		}
	}
}
