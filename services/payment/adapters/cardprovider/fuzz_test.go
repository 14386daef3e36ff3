package cardprovider

import (
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
)

// FuzzParseNotifications feeds the card provider's notification parser arbitrary batches (the
// webhook is public): it never panics, and nothing is accepted without every item's signature
// under the key, so a changed byte of a signed batch is either refused or still the same items.
func FuzzParseNotifications(f *testing.F) {
	const key = "00112233445566778899AABBCCDDEEFF"
	signed, err := SignedBatch(key, "ECOM", domain.Notification{EventCode: "AUTHORISATION", Success: true, PSPReference: "PSP1",
		Amount: domain.Money{Value: 4746, Currency: "EUR"}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(signed)
	for _, s := range []string{`{}`, `{"notificationItems":[{}]}`, `{"notificationItems":null}`, `[]`, ``, `{"notificationItems":[{"NotificationRequestItem":{"additionalData":{"hmacSignature":""}}}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		items, err := ParseNotifications(body, key)
		if err != nil {
			return
		}
		for _, n := range items {
			again, err := SignedBatch(key, "ECOM", n)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ParseNotifications(again, key); err != nil {
				t.Fatalf("accepted item %+v does not verify when signed again: %v", n, err)
			}
		}
		if _, err := ParseNotifications(body, "FFEEDDCCBBAA99887766554433221100"); err == nil && len(items) > 0 {
			t.Fatalf("batch %q verified under two keys", body)
		}
	})
}
